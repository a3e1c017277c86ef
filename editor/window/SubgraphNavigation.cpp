#include "window/SubgraphNavigation.h"

#include "catalog/CapabilityCatalog.h"
#include "document/GraphDocument.h"
#include "run/LevelRunView.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "ui/StudioPrompts.h"
#include "view/GraphView.h"
#include "view/SubgraphPreview.h"
#include "window/StudioActions.h"

#include <QAction>
#include <QComboBox>
#include <QTimer>
#include <QEvent>
#include <QFileInfo>
#include <QHelpEvent>
#include <QLabel>
#include <QToolBar>
#include <QToolButton>

namespace capgraph::editor {

SubgraphNavigation::SubgraphNavigation(GraphDocument *document, GraphScene *scene, GraphView *view, CapabilityCatalog *catalog,
                                       StudioActions *actions, StudioPrompts *prompts, QWidget *window)
    : QObject(window)
    , m_document(document)
    , m_scene(scene)
    , m_view(view)
    , m_catalog(catalog)
    , m_actions(actions)
    , m_prompts(prompts)
    , m_window(window)
    , m_bar(new QToolBar(window))
    , m_preview(new SubgraphPreview(window))
    , m_invocationTimer(new QTimer(this))
{
    m_invocationTimer->setSingleShot(true);
    m_invocationTimer->setInterval(100);
    connect(m_invocationTimer, &QTimer::timeout, this, &SubgraphNavigation::refillInvocations);
    m_bar->setObjectName(QStringLiteral("SubgraphBar"));
    m_bar->setMovable(false);
    m_bar->setFloatable(false);
    m_bar->hide(); // only inside a sub-graph
    scene->setSubgraphLookup([this](const QString &skillId) { return subgraphOf(skillId); });
    connect(catalog, &CapabilityCatalog::changed, this, [this] {
        m_subgraphs.clear();
        m_scene->setSubgraphLookup([this](const QString &skillId) { return subgraphOf(skillId); }); // badges again
        updateActions();
    });
    connect(scene, &GraphScene::subgraphOpenRequested, this, [this](const QString &id) { open(id); });
    connect(scene, &QGraphicsScene::selectionChanged, this, &SubgraphNavigation::updateActions);
    connect(document, &GraphDocument::levelChanged, this, [this] {
        rebuildBar();
        updateActions();
    });
    connect(document, &GraphDocument::graphReset, this, [this] {
        if (!m_document->isSameGraph())
            m_views.clear(); // another graph: no levels
    });
    connect(document, &GraphDocument::cleanChanged, this, &SubgraphNavigation::rebuildBar); // the "*" of the level on screen
    connect(document, &GraphDocument::filePathChanged, this, &SubgraphNavigation::rebuildBar);

    // Return on the canvas opens (the canvas only: in a form Return is the form's); Alt+Up goes back.
    QAction *openAction = actions->action(StudioActions::OpenSubgraph);
    openAction->setShortcutContext(Qt::WidgetShortcut); // not in a field over the canvas (a label, the find bar): Return is theirs
    view->addAction(openAction);
    connect(openAction, &QAction::triggered, this, [this] {
        const QStringList ids = m_scene->selectedNodeIds();
        if (ids.size() != 1) {
            emit statusMessage(tr("Select one composite node to open the graph it runs"));
            return;
        }
        open(ids.constFirst());
    });
    connect(actions->action(StudioActions::LeaveSubgraph), &QAction::triggered, this, [this] {
        if (m_document->depth() > 0)
            leaveTo(m_document->depth() - 1);
    });
    // The preview, on the pointer resting on a composite node. The viewport is kept: events
    // still reach it while the view is being destroyed, when the view is no longer one to ask.
    m_viewport = view->viewport();
    m_viewport->installEventFilter(this);
    updateActions();
}

QString SubgraphNavigation::subgraphOf(const QString &skillId) const
{
    const auto it = m_subgraphs.constFind(skillId);
    if (it != m_subgraphs.cend())
        return *it;
    const Capability *c = m_catalog->registry().resolve(skillId);
    const QString file = c ? c->subgraphFile() : QString();
    m_subgraphs.insert(skillId, file);
    return file;
}

QString SubgraphNavigation::subgraphFile(const QString &nodeId, QString *why) const
{
    const Node *n = m_document->node(nodeId);
    QString file;
    if (!n) {
        if (why)
            *why = tr("%1 is not in the graph").arg(nodeId);
    } else if (n->kind != NodeKind::Skill || n->skillId.isEmpty()) {
        if (why)
            *why = tr("%1 is not a skill bound to a capability: it runs no sub-graph").arg(nodeId);
    } else if (file = subgraphOf(n->skillId); file.isEmpty() && why) {
        *why = m_catalog->registry().resolve(n->skillId)
                   ? tr("%1 runs %2, which is not a composite capability: it has no graph to open").arg(nodeId, n->skillId)
                   : tr("%1 runs %2, which no capability folder defines").arg(nodeId, n->skillId);
    }
    return file;
}

bool SubgraphNavigation::open(const QString &nodeId, QString *error)
{
    QString why;
    const QString file = subgraphFile(nodeId, &why);
    if (file.isEmpty()) {
        emit statusMessage(why);
        if (error)
            *error = why;
        return false;
    }
    if (m_preview)
        m_preview->hide();
    const ViewState here{m_view->zoom(), m_view->mapToScene(m_view->viewport()->rect().center())};
    QString detail, localWhy;
    if (!m_document->enter(file, nodeId, &detail, &localWhy)) {
        if (error)
            *error = detail;
        m_prompts->showError(m_window, tr("Open Sub-graph"), tr("Could not open the graph %1 runs:\n\n%2").arg(nodeId, localWhy));
        return false;
    }
    m_views.append(here);
    m_view->fitAll();
    emit statusMessage(tr("Inside %1: %2 — Alt+Up or the bar above goes back").arg(nodeId, QFileInfo(file).fileName()));
    return true;
}

void SubgraphNavigation::leaveTo(int depth)
{
    if (depth < 0 || depth >= m_document->depth())
        return;
    if (m_preview)
        m_preview->hide();
    const QString entered = m_document->levelPath().value(depth); // the node of that level we went down through
    m_document->leaveTo(depth);
    const ViewState back = m_views.value(depth, ViewState{});
    m_views.resize(depth);
    m_view->setZoom(back.zoom);
    m_view->centerOn(back.centre);
    if (!entered.isEmpty() && m_scene->nodeItem(entered))
        m_scene->selectNodes({entered});
}

void SubgraphNavigation::rebuildBar()
{
    m_bar->clear();
    const int depth = m_document->depth();
    m_bar->setVisible(depth > 0);
    if (depth == 0)
        return;
    const QStringList files = m_document->levelFiles();
    const QStringList path = m_document->levelPath();
    const QStringList unsaved = m_document->modifiedElsewhere();
    auto *label = new QLabel(tr("Sub-graph:"), m_bar);
    label->setObjectName(QStringLiteral("SubgraphBarLabel"));
    label->setContentsMargins(6, 0, 4, 0);
    m_bar->addWidget(label);
    for (int i = 0; i <= depth; ++i) {
        const QString name = QFileInfo(files.at(i)).fileName();
        const bool modified = i == depth ? m_document->isModified() : unsaved.contains(files.at(i));
        // The top graph by its file; a level below by the node that runs it, and its file.
        QString text = i == 0 ? name : tr("%1 (%2)", "a sub-graph in the breadcrumb: the node, its file").arg(path.at(i - 1), name);
        if (modified)
            text += QStringLiteral(" *");
        if (i > 0) {
            auto *sep = new QLabel(QStringLiteral("›"), m_bar);
            sep->setContentsMargins(2, 0, 2, 0);
            m_bar->addWidget(sep);
        }
        auto *button = new QToolButton(m_bar);
        button->setObjectName(QStringLiteral("SubgraphLevel_%1").arg(i));
        button->setText(text);
        button->setToolTip(i == depth ? tr("%1, on screen").arg(files.at(i)) : tr("Back to %1").arg(files.at(i)));
        button->setAutoRaise(true);
        if (i == depth) {
            QFont bold = button->font();
            bold.setBold(true);
            button->setFont(bold);
            button->setEnabled(true);
            button->setCheckable(true);
            button->setChecked(true);
            connect(button, &QToolButton::clicked, button, [button] { button->setChecked(true); });
        } else {
            connect(button, &QToolButton::clicked, this, [this, i] { leaveTo(i); });
        }
        m_bar->addWidget(button);
    }
    // The child run shown, when the composite node ran its graph more than once.
    auto *spacer = new QWidget(m_bar);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_bar->addWidget(spacer);
    auto *runLabel = new QLabel(tr("Child run:"), m_bar);
    runLabel->setObjectName(QStringLiteral("SubgraphInvocationLabel"));
    runLabel->setContentsMargins(0, 0, 4, 0);
    m_invocationActions = {m_bar->addWidget(runLabel)};
    m_invocation = new QComboBox(m_bar);
    m_invocation->setObjectName(QStringLiteral("SubgraphInvocation"));
    m_invocation->setToolTip(tr("Which run of this sub-graph the canvas shows: the node above ran it more than once"));
    m_invocation->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_invocation, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (m_run && m_invocation && i >= 0)
            m_run->showInvocation(m_invocation->itemData(i).toLongLong());
    });
    m_invocationActions.append(m_bar->addWidget(m_invocation));
    refillInvocations();
}

void SubgraphNavigation::setRunView(LevelRunView *run)
{
    m_run = run;
    connect(run, &LevelRunView::invocationsChanged, m_invocationTimer, qOverload<>(&QTimer::start));
    refillInvocations();
}

void SubgraphNavigation::refillInvocations()
{
    if (!m_invocation)
        return;
    const int kept = m_run ? m_run->invocations() : 0;
    // Shown when the node ran its graph more than once: which of its child runs the canvas shows.
    for (const QPointer<QAction> &place : std::as_const(m_invocationActions))
        if (place)
            place->setVisible(kept > 1);
    if (kept < 2)
        return;
    const qint64 first = m_run->firstInvocation();
    const qint64 last = first + kept - 1;
    const QSignalBlocker quiet(m_invocation);
    m_invocation->clear();
    m_invocation->addItem(tr("latest (%1)").arg(last), 0);
    for (qint64 n = last; n >= first; --n)
        m_invocation->addItem(tr("%1 of %2").arg(n).arg(last), n);
    const int at = m_invocation->findData(m_run->shownInvocation());
    m_invocation->setCurrentIndex(at < 0 ? 0 : at);
}

void SubgraphNavigation::updateActions()
{
    const QStringList ids = m_scene->selectedNodeIds();
    m_actions->action(StudioActions::OpenSubgraph)->setEnabled(ids.size() == 1 && !m_scene->subgraphOf(ids.constFirst()).isEmpty());
    m_actions->action(StudioActions::LeaveSubgraph)->setEnabled(m_document->depth() > 0);
}

NodeItem *SubgraphNavigation::nodeAt(const QPoint &viewportPos) const
{
    for (QGraphicsItem *item : m_view->items(viewportPos)) // the topmost first
        for (QGraphicsItem *up = item; up; up = up->parentItem())
            if (auto *node = qgraphicsitem_cast<NodeItem *>(up))
                return node;
    return nullptr;
}

bool SubgraphNavigation::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_viewport) {
        if (event->type() == QEvent::ToolTip) {
            const auto *help = static_cast<QHelpEvent *>(event);
            const NodeItem *node = nodeAt(help->pos());
            const QString file = node ? m_scene->subgraphOf(node->nodeId()) : QString();
            if (file.isEmpty() || !m_preview) {
                if (m_preview)
                    m_preview->hide();
                return false;
            }
            const Node *n = m_document->node(node->nodeId());
            m_preview->showFor(file, n ? n->caption() : node->nodeId(), help->globalPos(), m_scene->isDark());
            return true;
        }
        if (m_preview
            && (event->type() == QEvent::Leave || event->type() == QEvent::MouseButtonPress || event->type() == QEvent::Wheel
                || event->type() == QEvent::KeyPress))
            m_preview->hide();
        if (event->type() == QEvent::MouseMove && m_preview && m_preview->isVisible()) {
            // Off the node it shows: gone.
            const NodeItem *node = nodeAt(static_cast<QMouseEvent *>(event)->position().toPoint());
            if (!node || m_scene->subgraphOf(node->nodeId()) != m_preview->shownFile())
                m_preview->hide();
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace capgraph::editor
