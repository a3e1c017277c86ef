#pragma once

#include "scene/ItemTypes.h"

#include <QGraphicsItem>
#include <QPainterPath>
#include <QString>

namespace capgraph::editor {

class GraphScene;

// A sticky note: free text on the canvas. Position, size and text are the model's; a drag
// becomes one "Move note" command on release, a double-click edits the text.
class NoteItem : public QGraphicsItem
{
public:
    enum { Type = NoteItemType };
    NoteItem(GraphScene *scene, const QString &id);

    int type() const override { return Type; }
    QString noteId() const { return m_id; }
    void syncFromModel();

    QRectF boundingRect() const override;
    QPainterPath shape() const override; // the sheet: the find ring around it does not take clicks
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant &value) override;

private:
    GraphScene *m_scene;
    QString m_id;
    QSizeF m_size;
};

} // namespace capgraph::editor
