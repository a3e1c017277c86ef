#include "window/PaletteList.h"

#include "model/NodeKind.h"
#include "scene/GraphScene.h"

#include <QMimeData>

namespace capgraph::editor {

PaletteList::PaletteList(QWidget *parent)
    : QListWidget(parent)
{
    setDragEnabled(true);
    setDragDropMode(DragOnly);
    setSelectionMode(SingleSelection);
    for (const QString &type : allNodeTypeNames()) {
        auto *item = new QListWidgetItem(type, this);
        item->setData(Qt::UserRole, type);
        item->setToolTip(tr("Drag onto the canvas, or select and double-click the canvas"));
    }
    setCurrentRow(0);
}

QString PaletteList::currentTypeName() const
{
    return currentItem() ? currentItem()->data(Qt::UserRole).toString() : QStringLiteral("skill");
}

QStringList PaletteList::mimeTypes() const
{
    return {QLatin1String(GraphScene::NodeTypeMime)};
}

QMimeData *PaletteList::mimeData(const QList<QListWidgetItem *> &items) const
{
    if (items.isEmpty())
        return nullptr;
    auto *data = new QMimeData;
    data->setData(QLatin1String(GraphScene::NodeTypeMime), items.first()->data(Qt::UserRole).toString().toUtf8());
    return data;
}

} // namespace capgraph::editor
