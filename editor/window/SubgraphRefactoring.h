#pragma once

#include <QObject>

class QWidget;

namespace capgraph::editor {

class CapabilityCatalog;
class GraphDocument;
class GraphScene;
class StudioActions;
class StudioPrompts;

// Graph > Extract to Sub-graph and Inline Sub-graph (docs/studio.md, "Sub-graphs"), on the
// engine's SubgraphRefactor. Extract moves the selected nodes into a graph file of their own
// (capabilities/flows/<node>.yaml) with a composite capability definition beside it
// (capabilities/<name>.yaml), after showing what it inferred (StudioPrompts::confirmExtract),
// and puts one skill node bound to it in their place; Inline does the reverse for the selected
// composite node. Each is one undo step; undoing an extraction removes the files it wrote.
class SubgraphRefactoring : public QObject
{
    Q_OBJECT

public:
    SubgraphRefactoring(GraphDocument *document, GraphScene *scene, CapabilityCatalog *catalog, StudioActions *actions,
                        StudioPrompts *prompts, QWidget *window);

    // On the selection; false with why (also shown) when it cannot, or the user cancelled.
    bool extract(QString *error = nullptr);
    bool inlineSelected(QString *error = nullptr);

signals:
    void statusMessage(const QString &text);

private:
    bool refuse(const QString &title, const QString &why, QString *error);
    void updateActions();

    GraphDocument *m_document;
    GraphScene *m_scene;
    CapabilityCatalog *m_catalog;
    StudioActions *m_actions;
    StudioPrompts *m_prompts;
    QWidget *m_window;
};

} // namespace capgraph::editor
