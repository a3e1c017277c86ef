#include "window/SubgraphRefactoring.h"

#include "catalog/CapabilityCatalog.h"
#include "commands/RewriteGraphCommand.h"
#include "document/GraphDocument.h"
#include "io/AtomicWrite.h"
#include "refactor/SubgraphRefactor.h"
#include "scene/GraphScene.h"
#include "ui/StudioPrompts.h"
#include "window/StudioActions.h"
#include "yaml/GraphYamlReader.h"
#include "yaml/GraphYamlWriter.h"

#include <QAction>
#include <QFile>
#include <QWidget>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace capgraph::editor {

SubgraphRefactoring::SubgraphRefactoring(GraphDocument *document, GraphScene *scene, CapabilityCatalog *catalog, StudioActions *actions,
                                         StudioPrompts *prompts, QWidget *window)
    : QObject(window)
    , m_document(document)
    , m_scene(scene)
    , m_catalog(catalog)
    , m_actions(actions)
    , m_prompts(prompts)
    , m_window(window)
{
    connect(actions->action(StudioActions::ExtractSubgraph), &QAction::triggered, this, [this] { extract(); });
    connect(actions->action(StudioActions::InlineSubgraph), &QAction::triggered, this, [this] { inlineSelected(); });
    connect(scene, &QGraphicsScene::selectionChanged, this, &SubgraphRefactoring::updateActions);
    connect(catalog, &CapabilityCatalog::changed, this, &SubgraphRefactoring::updateActions);
    updateActions();
}

bool SubgraphRefactoring::refuse(const QString &title, const QString &why, QString *error)
{
    if (error)
        *error = why;
    m_prompts->showError(m_window, title, why);
    return false;
}

bool SubgraphRefactoring::extract(QString *error)
{
    const QString title = tr("Extract to Sub-graph");
    const QStringList ids = m_scene->selectedNodeIds();
    if (ids.isEmpty()) {
        emit statusMessage(tr("Select the nodes to move into a sub-graph"));
        return false;
    }
    const QString folder = m_catalog->saveFolders().value(0);
    if (m_document->topFilePath().isEmpty() || folder.isEmpty())
        return refuse(title, tr("Save the graph first: the sub-graph and its capability are written beside it."), error);
    // Names to start from: the graph's id as the domain, the new node's id as the action.
    ExtractProposal p;
    p.node = m_document->uniqueNodeId(QStringLiteral("subgraph"));
    QString domain = m_document->graph().id.toLower();
    domain.replace(QRegularExpression(QStringLiteral("[^a-z0-9_]+")), QStringLiteral("_"));
    if (domain.isEmpty() || !domain.at(0).isLetter())
        domain.prepend(QStringLiteral("flows_"));
    p.capability = domain + QLatin1Char('.') + p.node;
    p.description = tr("Made from %1 of %2").arg(ids.join(QStringLiteral(", ")), m_document->displayName());
    p.capabilityFolder = folder;
    QString why;
    std::optional<SubgraphExtraction> x = SubgraphRefactor::extract(m_document->graph(), ids, p.node, p.capability, p.label, &why);
    if (!x)
        return refuse(title, tr("These nodes cannot move into a sub-graph:\n\n%1").arg(why), error);
    p.inputs = x->inputs;
    p.readFrom = x->readFrom;
    p.outputs = x->outputs;
    if (!m_prompts->confirmExtract(m_window, &p)) {
        if (error)
            *error = tr("cancelled");
        return false;
    }
    // With the names the user chose.
    if (m_document->node(p.node) && !ids.contains(p.node))
        return refuse(title, tr("%1 is already a node of the graph: choose another id.").arg(p.node), error);
    if (m_catalog->registry().resolve(p.capability))
        return refuse(title, tr("A capability named %1 exists already: choose another name.").arg(p.capability), error);
    const QDir dir(folder);
    const QString graphPath = QStringLiteral("flows/") + p.node + QStringLiteral(".yaml");
    const QString graphFile = dir.filePath(graphPath);
    const QString definitionFile = dir.filePath(p.capability + QStringLiteral(".yaml"));
    for (const QString &f : {graphFile, definitionFile})
        if (QFileInfo::exists(f))
            return refuse(title, tr("%1 exists already: choose another name.").arg(QDir::toNativeSeparators(f)), error);
    x = SubgraphRefactor::extract(m_document->graph(), ids, p.node, p.capability, p.label, &why);
    if (!x)
        return refuse(title, tr("These nodes cannot move into a sub-graph:\n\n%1").arg(why), error);
    x->child.description = p.description;
    QList<RewriteGraphCommand::File> files{{graphFile, GraphYamlWriter::toYaml(x->child)},
                                           {definitionFile, SubgraphRefactor::capabilityYaml(*x, p.capability, p.description, graphPath)}};
    // Written before the edit (a folder that cannot be written stops it here, the graph untouched).
    for (const RewriteGraphCommand::File &f : std::as_const(files)) {
        QDir().mkpath(QFileInfo(f.path).absolutePath());
        if (!writeFileAtomically(f.path, f.bytes, &why)) {
            QFile::remove(graphFile);
            return refuse(title, tr("Could not write %1:\n\n%2").arg(QDir::toNativeSeparators(f.path), why), error);
        }
    }
    m_document->undoStack()->push(new RewriteGraphCommand(m_document, x->parent,
                                                          tr("Extract %n node(s) to %1", nullptr, int(ids.size())).arg(p.node), files));
    m_catalog->reload(); // the new capability, at once: the node's badge, its lint
    m_scene->selectNodes({p.node});
    emit statusMessage(tr("Extracted to %1 (%2)").arg(QDir::toNativeSeparators(graphFile), p.capability));
    return true;
}

bool SubgraphRefactoring::inlineSelected(QString *error)
{
    const QString title = tr("Inline Sub-graph");
    const QStringList ids = m_scene->selectedNodeIds();
    const QString file = ids.size() == 1 ? m_scene->subgraphOf(ids.constFirst()) : QString();
    if (file.isEmpty()) {
        emit statusMessage(tr("Select one composite node to put its graph in its place"));
        if (error)
            *error = tr("no composite node selected");
        return false;
    }
    if (m_document->modifiedElsewhere().contains(file))
        return refuse(title, tr("%1 has unsaved changes: save it first (open it, File > Save).").arg(QFileInfo(file).fileName()), error);
    const GraphLoadResult loaded = GraphYamlReader::readFile(file);
    if (!loaded.ok())
        return refuse(title, tr("%1 does not load:\n\n%2").arg(QDir::toNativeSeparators(file), loaded.errorText()), error);
    QString why;
    const std::optional<Graph> inlined = SubgraphRefactor::inlineSubgraph(m_document->graph(), ids.constFirst(), *loaded.graph, &why);
    if (!inlined)
        return refuse(title, tr("%1 cannot be inlined:\n\n%2").arg(ids.constFirst(), why), error);
    QStringList placed;
    for (const Node &n : loaded.graph->nodes)
        if (n.kind != NodeKind::Start && n.kind != NodeKind::End)
            placed << n.id;
    m_document->undoStack()->push(new RewriteGraphCommand(m_document, *inlined, tr("Inline %1").arg(ids.constFirst())));
    m_scene->selectNodes(placed);
    emit statusMessage(tr("%1 inlined: %n node(s) from %2", nullptr, int(placed.size())).arg(ids.constFirst(), QFileInfo(file).fileName()));
    return true;
}

void SubgraphRefactoring::updateActions()
{
    const QStringList ids = m_scene->selectedNodeIds();
    m_actions->action(StudioActions::ExtractSubgraph)->setEnabled(!ids.isEmpty());
    m_actions->action(StudioActions::InlineSubgraph)->setEnabled(ids.size() == 1 && !m_scene->subgraphOf(ids.constFirst()).isEmpty());
}

} // namespace capgraph::editor
