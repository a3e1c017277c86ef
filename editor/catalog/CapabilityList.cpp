#include "catalog/CapabilityList.h"

#include "catalog/CapabilityCatalog.h"
#include "catalog/CapabilityItemDelegate.h"
#include "catalog/CapabilityNodeMime.h"

namespace capgraph::editor {

CapabilityList::CapabilityList(const CapabilityCatalog *catalog, QWidget *parent)
    : QListWidget(parent)
    , m_catalog(catalog)
{
    setObjectName(QStringLiteral("CapList"));
    setDragEnabled(true);
    setDragDropMode(DragOnly);
    setSelectionMode(SingleSelection);
    setItemDelegate(new CapabilityItemDelegate(this));
    setUniformItemSizes(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // entries elide to the width
}

void CapabilityList::startDrag(Qt::DropActions)
{
    QListWidget::startDrag(Qt::CopyAction);
}

QStringList CapabilityList::mimeTypes() const
{
    return {QLatin1String(CapabilityNodeMime::MimeType)};
}

QMimeData *CapabilityList::mimeData(const QList<QListWidgetItem *> &items) const
{
    if (items.isEmpty() || items.first()->data(KindRole).toInt() != CapabilityEntry)
        return nullptr;
    const Capability *capability = m_catalog->registry().resolve(items.first()->data(NameRole).toString());
    return capability ? CapabilityNodeMime::toMimeData(*capability) : nullptr;
}

} // namespace capgraph::editor
