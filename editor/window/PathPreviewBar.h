#pragma once

#include <QToolBar>

class QAction;
class QComboBox;
class QDoubleSpinBox;

namespace capgraph::editor {

class GraphDocument;
class GraphScene;

// The Optimal Path toolbar: seed 000's context-aware path choice, previewed on the canvas.
// A toggle, the depth (quick or thorough) and a time budget; while on, the cheapest start ->
// end path under them is drawn strong and the rest faded, recomputed as the graph changes
// (refresh), and the result is said in status().
class PathPreviewBar : public QToolBar
{
    Q_OBJECT

public:
    PathPreviewBar(GraphDocument *document, GraphScene *scene, QWidget *parent = nullptr);

    QAction *action() const { return m_action; }
    QComboBox *depth() const { return m_depth; }
    QDoubleSpinBox *budget() const { return m_budget; }
    // "Optimal path: 9 nodes, cost 6, time 6", or why there is none; empty while off.
    QString status() const { return m_status; }
    // Searches again (after a change to the graph) and updates the canvas.
    void refresh();

signals:
    void statusMessage(const QString &text);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    GraphDocument *m_document;
    GraphScene *m_scene;
    QAction *m_action;
    QComboBox *m_depth;
    QDoubleSpinBox *m_budget;
    QString m_status;
};

} // namespace capgraph::editor
