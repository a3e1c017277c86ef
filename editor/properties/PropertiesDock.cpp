#include "properties/PropertiesDock.h"

#include "document/GraphDocument.h"
#include "properties/EdgePropertiesForm.h"
#include "properties/GraphPropertiesForm.h"
#include "properties/NodePropertiesForm.h"
#include "scene/EdgeItem.h"
#include "scene/GraphScene.h"

#include <QEvent>
#include <QLabel>
#include <QScrollArea>
#include <QStackedWidget>

namespace capgraph::editor {

PropertiesDock::PropertiesDock(GraphDocument *document, GraphScene *scene, QWidget *parent)
    : QDockWidget(parent)
    , m_document(document)
    , m_scene(scene)
    , m_pages(new QStackedWidget)
    , m_placeholder(new QLabel)
    , m_nodeForm(new NodePropertiesForm(document))
    , m_graphForm(new GraphPropertiesForm(document))
    , m_edgeForm(new EdgePropertiesForm(document))
{
    setObjectName(QStringLiteral("PropertiesDock"));
    m_placeholder->setObjectName(QStringLiteral("PropPlaceholder"));
    m_placeholder->setAlignment(Qt::AlignHCenter | Qt::AlignTop); // at the top, whatever the tallest form needs
    m_placeholder->setContentsMargins(12, 24, 12, 12);
    m_placeholder->setWordWrap(true);
    m_placeholder->setEnabled(false);
    m_pages->addWidget(m_placeholder);
    m_pages->addWidget(m_nodeForm);
    m_pages->addWidget(m_edgeForm);
    m_pages->addWidget(m_graphForm);
    auto *scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // The form fits the dock's width (fields shrink); only a tall form scrolls.
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(m_pages);
    setWidget(scroll);

    connect(m_scene, &QGraphicsScene::selectionChanged, this, &PropertiesDock::followSelection);
    connect(m_document, &GraphDocument::changed, this, &PropertiesDock::documentChanged);
    connect(m_document, &GraphDocument::graphReset, this, &PropertiesDock::followSelection);
    connect(m_nodeForm, &NodePropertiesForm::refused, this, &PropertiesDock::statusMessage);
    connect(m_edgeForm, &EdgePropertiesForm::refused, this, &PropertiesDock::statusMessage);
    connect(m_graphForm, &GraphPropertiesForm::refused, this, &PropertiesDock::statusMessage);
    setWindowTitle(tr("Properties"));
    followSelection();
}

void PropertiesDock::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        setWindowTitle(tr("Properties"));
        if (m_pages->currentWidget() == m_placeholder)
            followSelection();
    }
    QDockWidget::changeEvent(event);
}

QString PropertiesDock::showing() const
{
    if (m_pages->currentWidget() == m_nodeForm)
        return QStringLiteral("node ") + m_nodeForm->nodeId();
    if (m_pages->currentWidget() == m_edgeForm)
        return QStringLiteral("edge %1").arg(m_edgeForm->edgeIndex());
    if (m_pages->currentWidget() == m_graphForm)
        return QStringLiteral("graph");
    return m_placeholder->text();
}

void PropertiesDock::followSelection()
{
    const QStringList nodes = m_scene->selectedNodeIds();
    const QList<int> edges = m_scene->selectedEdgeIndexes();
    const QStringList annotations = m_scene->selectedAnnotationIds();
    // A branch condition's edge stands for that condition of its branch node.
    const EdgeItem *conditionEdge = nullptr;
    int others = 0;
    for (QGraphicsItem *item : m_scene->selectedItems())
        if (const auto *e = qgraphicsitem_cast<EdgeItem *>(item); e && e->flow().origin != FlowEdge::Origin::Edge) {
            conditionEdge = e;
            ++others;
        }
    const qsizetype count = nodes.size() + edges.size() + annotations.size() + others;
    if (count == 1 && nodes.size() == 1) {
        m_nodeForm->setNode(nodes.first());
        m_pages->setCurrentWidget(m_nodeForm);
        return;
    }
    if (count == 1 && edges.size() == 1) {
        m_edgeForm->setEdge(edges.first());
        m_pages->setCurrentWidget(m_edgeForm);
        return;
    }
    if (count == 1 && conditionEdge) {
        m_nodeForm->setNode(conditionEdge->flow().from);
        m_nodeForm->showCondition(conditionEdge->flow().conditionIndex);
        m_pages->setCurrentWidget(m_nodeForm);
        return;
    }
    if (count == 1)
        m_placeholder->setText(tr("A frame or a note: double-click it on the canvas to edit its text."));
    else if (count > 1)
        m_placeholder->setText(tr("%n items selected.\nSelect one node or edge to edit its properties.", nullptr, int(count)));
    if (count == 0) { // nothing selected: the graph's own properties
        m_graphForm->reload();
        m_pages->setCurrentWidget(m_graphForm);
        return;
    }
    m_pages->setCurrentWidget(m_placeholder);
}

void PropertiesDock::documentChanged()
{
    if (m_pages->currentWidget() == m_nodeForm && m_document->node(m_nodeForm->nodeId()))
        m_nodeForm->reload();
    else if (m_pages->currentWidget() == m_edgeForm && m_edgeForm->edgeIndex() < m_document->graph().edges.size())
        m_edgeForm->reload();
    else if (m_pages->currentWidget() == m_graphForm)
        return; // it follows the header itself (reloading would reset a field being typed in)
    else
        followSelection();
}

} // namespace capgraph::editor
