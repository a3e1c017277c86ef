#include "window/ComparisonDock.h"

#include "expr/ExprValue.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "view/GraphView.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace capgraph::editor {

namespace {
constexpr int NodeRole = Qt::UserRole + 1; // the node a row is about

enum Column { WhatColumn, BeforeColumn, AfterColumn };

QString shown(const QVariant &v)
{
    if (!v.isValid())
        return QString();
    const QString text = ExprValue::toDisplayString(v);
    return text.size() > 200 ? text.left(200) + QStringLiteral("…") : text;
}

QColor colourOf(DiffStatus s)
{
    switch (s) {
    case DiffStatus::Added: return GraphScene::addedColor();
    case DiffStatus::Removed: return QColor(0x868e96);
    case DiffStatus::Changed: return GraphScene::changedColor();
    }
    return {};
}

void addFields(QTreeWidgetItem *row, const QList<ValueChange> &fields, const QString &prefix = QString())
{
    for (const ValueChange &f : fields) {
        auto *child = new QTreeWidgetItem(row, {prefix + f.field, shown(f.oldValue), shown(f.newValue)});
        child->setToolTip(BeforeColumn, ExprValue::toDisplayString(f.oldValue));
        child->setToolTip(AfterColumn, ExprValue::toDisplayString(f.newValue));
        child->setData(WhatColumn, NodeRole, row->data(WhatColumn, NodeRole));
    }
}
} // namespace

ComparisonDock::ComparisonDock(GraphScene *scene, GraphView *view, QWidget *parent) : QDockWidget(parent), m_scene(scene), m_view(view)
{
    setObjectName(QStringLiteral("ComparisonDock"));
    auto *body = new QWidget(this);
    m_summary = new QLabel(body);
    m_summary->setWordWrap(true);
    m_close = new QPushButton(body);
    m_tree = new QTreeWidget(body);
    m_tree->setColumnCount(3);
    m_tree->setUniformRowHeights(true);
    m_tree->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_tree->header()->setStretchLastSection(true);
    m_tree->setColumnWidth(WhatColumn, 300);
    m_tree->setColumnWidth(BeforeColumn, 260);
    auto *top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(m_summary, 1);
    top->addWidget(m_close);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addWidget(m_tree, 1);
    setWidget(body);
    connect(m_close, &QPushButton::clicked, this, &ComparisonDock::closeRequested);
    connect(m_tree, &QTreeWidget::itemClicked, this, &ComparisonDock::goTo);
    retranslate();
}

void ComparisonDock::refresh()
{
    m_tree->clear();
    const GraphComparison *c = m_scene->comparison();
    if (!c) {
        m_summary->setText(tr("No comparison: File > Compare With… compares the open graph with a file or an earlier git revision of it."));
        m_close->setEnabled(false);
        return;
    }
    m_close->setEnabled(true);
    int added = 0, removed = 0, changed = 0;
    for (const NodeDiff &n : c->diff.nodes)
        (n.status == DiffStatus::Added ? added : n.status == DiffStatus::Removed ? removed : changed) += 1;
    const int edges = int(c->diff.edges.size());
    if (c->diff.isEmpty())
        m_summary->setText(tr("Compared with %1: the same graph (positions aside).").arg(c->label));
    else
        m_summary->setText(tr("Compared with %1: nodes %2 added, %3 removed, %4 changed; %5 edges differ.")
                               .arg(c->label)
                               .arg(added)
                               .arg(removed)
                               .arg(changed)
                               .arg(edges));
    for (const ValueChange &g : c->diff.graph) {
        auto *row = new QTreeWidgetItem(m_tree, {tr("graph: %1").arg(g.field), shown(g.oldValue), shown(g.newValue)});
        row->setForeground(WhatColumn, colourOf(DiffStatus::Changed));
    }
    for (const NodeDiff &n : c->diff.nodes) {
        const QString what = n.status == DiffStatus::Added     ? tr("+ node %1 (%2)").arg(n.id, n.type)
                           : n.status == DiffStatus::Removed ? tr("− node %1 (%2)").arg(n.id, n.type)
                                                               : tr("~ node %1").arg(n.id);
        auto *row = new QTreeWidgetItem(m_tree, {what});
        row->setForeground(WhatColumn, colourOf(n.status));
        row->setData(WhatColumn, NodeRole, n.id);
        addFields(row, n.fields);
        for (const ConditionChange &cc : n.conditions) {
            const QString name = cc.newName.isEmpty() ? cc.oldName : cc.newName;
            QString text;
            if (cc.status == DiffStatus::Added)
                text = tr("condition %1 added").arg(name);
            else if (cc.status == DiffStatus::Removed)
                text = tr("condition %1 removed").arg(name);
            else if (cc.renamed())
                text = tr("condition %1 renamed to %2").arg(cc.oldName, cc.newName);
            else
                text = tr("condition %1").arg(name);
            auto *sub = new QTreeWidgetItem(row, {text});
            sub->setData(WhatColumn, NodeRole, n.id);
            sub->setForeground(WhatColumn, colourOf(cc.status));
            addFields(sub, cc.fields);
            sub->setExpanded(true);
        }
        if (n.conditionOrder)
            addFields(row, {*n.conditionOrder});
        row->setExpanded(true);
    }
    for (const EdgeDiff &e : c->diff.edges) {
        const QString arrow = e.key.condition.isEmpty() ? QStringLiteral("%1 → %2 (%3)").arg(e.key.from, e.key.to, e.key.kind)
                                                        : QStringLiteral("%1 → %2 (%3: %4)").arg(e.key.from, e.key.to, e.key.kind, e.key.condition);
        const QString what = e.status == DiffStatus::Added ? tr("+ edge %1").arg(arrow) : e.status == DiffStatus::Removed ? tr("− edge %1").arg(arrow) : tr("~ edge %1").arg(arrow);
        auto *row = new QTreeWidgetItem(m_tree, {what});
        row->setForeground(WhatColumn, colourOf(e.status));
        row->setData(WhatColumn, NodeRole, e.key.from);
        addFields(row, e.fields);
    }
}

QTreeWidgetItem *ComparisonDock::nodeRow(const QString &id) const
{
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *row = m_tree->topLevelItem(i);
        if (row->data(WhatColumn, NodeRole).toString() == id && row->text(WhatColumn).contains(QStringLiteral(" node ") + id))
            return row;
    }
    return nullptr;
}

void ComparisonDock::goTo(QTreeWidgetItem *row)
{
    const QString id = row ? row->data(WhatColumn, NodeRole).toString() : QString();
    if (id.isEmpty())
        return;
    if (NodeItem *item = m_scene->nodeItem(id)) {
        m_scene->selectNodes({id});
        m_view->centerOn(item);
        return;
    }
    // Removed: where its outline is drawn.
    if (const std::optional<QPointF> at = m_scene->removedNodePlace(id)) {
        m_scene->clearSelection();
        m_view->centerOn(*at);
    }
}

void ComparisonDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(event);
}

void ComparisonDock::retranslate()
{
    setWindowTitle(tr("Changes"));
    m_tree->setHeaderLabels({tr("What"), tr("Before"), tr("After")});
    m_close->setText(tr("Close Comparison"));
    refresh();
}

} // namespace capgraph::editor
