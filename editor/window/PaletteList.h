#pragma once

#include <QListWidget>

namespace capgraph::editor {

// The node palette: every node type of seed 000, grouped as skill / control / interaction.
// Drag an entry onto the canvas to add that node there; the selected entry is also what a
// double-click on empty canvas adds.
class PaletteList : public QListWidget
{
    Q_OBJECT

public:
    explicit PaletteList(QWidget *parent = nullptr);
    QString currentTypeName() const;

protected:
    QMimeData *mimeData(const QList<QListWidgetItem *> &items) const override;
    QStringList mimeTypes() const override;
};

} // namespace capgraph::editor
