#pragma once

#include <QDockWidget>

class QLabel;
class QStackedWidget;

namespace capgraph::editor {

class EdgePropertiesForm;
class GraphPropertiesForm;
class GraphDocument;
class GraphScene;
class NodePropertiesForm;

// The properties of what is selected on the canvas: a node's form, an explicit edge's form,
// or — for the edge of a branch condition — its branch node with that condition's row. Follows
// the scene's selection and the document's changes (undo shows at once).
class PropertiesDock : public QDockWidget
{
    Q_OBJECT

public:
    PropertiesDock(GraphDocument *document, GraphScene *scene, QWidget *parent = nullptr);

    NodePropertiesForm *nodeForm() const { return m_nodeForm; }
    GraphPropertiesForm *graphForm() const { return m_graphForm; }
    EdgePropertiesForm *edgeForm() const { return m_edgeForm; }
    // What the dock shows: "node <id>", "edge <index>" or the placeholder's text.
    QString showing() const;

signals:
    void statusMessage(const QString &text);

protected:
    void changeEvent(QEvent *event) override;

private:
    void followSelection();
    void documentChanged();

    GraphDocument *m_document;
    GraphScene *m_scene;
    QStackedWidget *m_pages;
    QLabel *m_placeholder;
    NodePropertiesForm *m_nodeForm;
    GraphPropertiesForm *m_graphForm;
    EdgePropertiesForm *m_edgeForm;
};

} // namespace capgraph::editor
