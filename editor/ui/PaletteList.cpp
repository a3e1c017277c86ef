#include "ui/PaletteList.h"

#include "ui/NodeTypeMime.h"
#include "ui/StudioIcons.h"

#include <QEvent>
#include <QHeaderView>
#include <QMimeData>
#include <QTreeWidgetItemIterator>

namespace capgraph::editor {

namespace {
constexpr int KindRole = Qt::UserRole + 1;

struct Group
{
    const char *title;
    QList<NodeKind> kinds;
};

const QList<Group> &groups()
{
    static const QList<Group> all{
        {QT_TRANSLATE_NOOP("capgraph::editor::PaletteList", "Skills"), {NodeKind::Skill}},
        {QT_TRANSLATE_NOOP("capgraph::editor::PaletteList", "Control"),
         {NodeKind::Start, NodeKind::End, NodeKind::Branch, NodeKind::Merge, NodeKind::LoopStart, NodeKind::LoopEnd,
          NodeKind::ParallelSplit, NodeKind::ParallelJoin}},
        {QT_TRANSLATE_NOOP("capgraph::editor::PaletteList", "People"), {NodeKind::Confirm, NodeKind::Select, NodeKind::Input}},
    };
    return all;
}
} // namespace

PaletteList::PaletteList(QWidget *parent)
    : QTreeWidget(parent)
{
    setObjectName(QStringLiteral("Palette"));
    setHeaderHidden(true);
    setRootIsDecorated(false);
    setIndentation(8);
    setIconSize(QSize(24, 24));
    setDragEnabled(true);
    setDragDropMode(DragOnly);
    setSelectionMode(SingleSelection);
    setUniformRowHeights(true);
    for (const Group &g : groups()) {
        auto *group = new QTreeWidgetItem(this);
        group->setFlags(Qt::ItemIsEnabled);
        QFont bold = group->font(0);
        bold.setBold(true);
        group->setFont(0, bold);
        group->setData(0, Qt::UserRole, QString::fromLatin1(g.title));
        for (NodeKind kind : g.kinds) {
            auto *item = new QTreeWidgetItem(group);
            item->setData(0, Qt::UserRole, canonicalTypeName(kind));
            item->setData(0, KindRole, int(kind));
            item->setIcon(0, StudioIcons::kindIcon(kind));
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
        }
        group->setExpanded(true);
    }
    retranslate();
    connect(this, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (item && item->data(0, KindRole).isValid())
            emit kindChosen(NodeKind(item->data(0, KindRole).toInt()));
    });
    selectKind(NodeKind::Skill);
}

QString PaletteList::plainName(NodeKind kind)
{
    switch (kind) {
    case NodeKind::Skill: return tr("Skill");
    case NodeKind::Start: return tr("Start");
    case NodeKind::End: return tr("End");
    case NodeKind::Branch: return tr("Branch");
    case NodeKind::Merge: return tr("Merge");
    case NodeKind::LoopStart: return tr("Loop start");
    case NodeKind::LoopEnd: return tr("Loop end");
    case NodeKind::ParallelSplit: return tr("Parallel split");
    case NodeKind::ParallelJoin: return tr("Parallel join");
    case NodeKind::Confirm: return tr("Confirm");
    case NodeKind::Select: return tr("Select");
    case NodeKind::Input: return tr("Input");
    case NodeKind::Unknown: break;
    }
    return QString();
}

void PaletteList::retranslate()
{
    for (int g = 0; g < topLevelItemCount(); ++g) {
        QTreeWidgetItem *group = topLevelItem(g);
        group->setText(0, tr(group->data(0, Qt::UserRole).toString().toUtf8().constData()));
        for (int i = 0; i < group->childCount(); ++i) {
            QTreeWidgetItem *item = group->child(i);
            const auto kind = NodeKind(item->data(0, KindRole).toInt());
            item->setText(0, plainName(kind));
            item->setToolTip(0, tr("%1 (%2): drag onto the canvas, or select it and double-click the canvas")
                                    .arg(plainName(kind), canonicalTypeName(kind)));
        }
    }
}

void PaletteList::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QTreeWidget::changeEvent(event);
}

QTreeWidgetItem *PaletteList::itemOf(NodeKind kind) const
{
    for (int g = 0; g < topLevelItemCount(); ++g)
        for (int i = 0; i < topLevelItem(g)->childCount(); ++i)
            if (topLevelItem(g)->child(i)->data(0, KindRole).toInt() == int(kind))
                return topLevelItem(g)->child(i);
    return nullptr;
}

void PaletteList::selectKind(NodeKind kind)
{
    if (QTreeWidgetItem *item = itemOf(kind))
        setCurrentItem(item);
}

void PaletteList::setDark(bool dark)
{
    for (int g = 0; g < topLevelItemCount(); ++g)
        for (int i = 0; i < topLevelItem(g)->childCount(); ++i) {
            QTreeWidgetItem *item = topLevelItem(g)->child(i);
            item->setIcon(0, StudioIcons::kindIcon(NodeKind(item->data(0, KindRole).toInt()), dark));
        }
}

QString PaletteList::currentTypeName() const
{
    const QTreeWidgetItem *item = currentItem();
    return item && item->data(0, KindRole).isValid() ? item->data(0, Qt::UserRole).toString() : QStringLiteral("skill");
}

QStringList PaletteList::mimeTypes() const
{
    return {QLatin1String(NodeTypeMime)};
}

QMimeData *PaletteList::mimeData(const QList<QTreeWidgetItem *> &items) const
{
    if (items.isEmpty() || !items.first()->data(0, KindRole).isValid())
        return nullptr;
    auto *data = new QMimeData;
    data->setData(QLatin1String(NodeTypeMime), items.first()->data(0, Qt::UserRole).toString().toUtf8());
    return data;
}

QSize PaletteList::sizeHint() const
{
    int height = 2 * frameWidth();
    for (QTreeWidgetItemIterator it(const_cast<PaletteList *>(this)); *it; ++it)
        height += indexRowSizeHint(indexFromItem(*it));
    return {QTreeWidget::sizeHint().width(), height};
}

} // namespace capgraph::editor
