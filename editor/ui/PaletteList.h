#pragma once

#include "model/NodeKind.h"

#include <QTreeWidget>

namespace capgraph::editor {

// The node palette: every node type of seed 000, each with its shape as its icon and a plain
// name, grouped as the seed groups them (Skills; Control; People). Drag an entry onto the
// canvas to add that node there; the selected entry is also what a double-click on empty
// canvas adds. The type's YAML name (`control.loop_start`) is in the tooltip.
class PaletteList : public QTreeWidget
{
    Q_OBJECT

public:
    explicit PaletteList(QWidget *parent = nullptr);
    // The selected entry's type name ("skill", "control.branch", ...).
    QString currentTypeName() const;
    // Selects the entry of a type (its kind).
    void selectKind(NodeKind kind);
    // The entry of a kind (for tests and the theme).
    QTreeWidgetItem *itemOf(NodeKind kind) const;
    // Redraws the icons for the light or dark theme.
    void setDark(bool dark);
    // Its plain name ("Loop start") and group ("Control").
    static QString plainName(NodeKind kind);
    // Tall enough for every entry (in any language's font): the dock asks for it.
    QSize sizeHint() const override;

signals:
    void kindChosen(capgraph::NodeKind kind);

protected:
    QMimeData *mimeData(const QList<QTreeWidgetItem *> &items) const override;
    QStringList mimeTypes() const override;
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
};

} // namespace capgraph::editor
