#include "window/ProblemsDock.h"

#include "ui/UiText.h"

#include <QEvent>
#include <QHeaderView>
#include <QTreeWidget>

namespace capgraph::editor {

ProblemsDock::ProblemsDock(QWidget *parent)
    : QDockWidget(parent)
    , m_tree(new QTreeWidget(this))
{
    setObjectName(QStringLiteral("ProblemsDock"));
    m_tree->setRootIsDecorated(false);
    m_tree->setColumnCount(4); // before the header's sections are set up (retranslate names them)
    // Severity, where and code as wide as their texts; the message takes the rest (and, cut
    // or not, is whole in its tooltip).
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(3, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(false);
    setWidget(m_tree);
    retranslate();
    const auto activate = [this](QTreeWidgetItem *item) {
        if (!item)
            return;
        const int edge = item->data(0, Qt::UserRole + 1).toInt();
        const QString node = item->data(0, Qt::UserRole).toString();
        if (!node.isEmpty())
            emit nodeRequested(node);
        else if (edge >= 0)
            emit edgeRequested(edge);
    };
    connect(m_tree, &QTreeWidget::itemActivated, this, activate);
    connect(m_tree, &QTreeWidget::itemClicked, this, activate);
}

void ProblemsDock::retranslate()
{
    m_tree->setHeaderLabels({tr("Severity"), tr("Where"), tr("Message"), tr("Code")});
    setDiagnostics(Diagnostics(m_shown)); // rows and title in the new language
}

void ProblemsDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDockWidget::changeEvent(event);
}

void ProblemsDock::setDiagnostics(const Diagnostics &diagnostics)
{
    m_shown = diagnostics;
    m_tree->clear();
    for (const Diagnostic &d : diagnostics) {
        QString where = d.line > 0 ? QStringLiteral("%1:%2").arg(d.line).arg(d.column) : QString();
        if (!d.nodeId.isEmpty())
            where = where.isEmpty() ? d.nodeId : tr("%1 (%2)", "a node and its line:column").arg(d.nodeId, where);
        else if (d.edgeIndex >= 0)
            where = where.isEmpty() ? tr("edge %1").arg(d.edgeIndex + 1) : tr("edge %1 (%2)").arg(d.edgeIndex + 1).arg(where);
        auto *item = new QTreeWidgetItem(m_tree, {UiText::severity(d.severity), where, d.localMessage(), d.code});
        item->setData(0, Qt::UserRole, d.nodeId);
        item->setData(0, Qt::UserRole + 1, d.edgeIndex);
        for (int c = 0; c < 4; ++c)
            item->setToolTip(c, c == 3 ? d.code : d.localMessage());
        item->setForeground(0, d.severity == Severity::Error ? QColor(0xd93025) : d.severity == Severity::Warning ? QColor(0xb06000) : QColor(0x1a73e8));
    }
    setWindowTitle(diagnostics.isEmpty() ? tr("Problems") : tr("Problems (%1)").arg(diagnostics.size()));
}

int ProblemsDock::count() const
{
    return m_tree->topLevelItemCount();
}

} // namespace capgraph::editor
