#pragma once

#include <QDockWidget>

class QLabel;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace capgraph::editor {

class GraphScene;
class GraphView;

// The Changes dock of a comparison (File > Compare With…, docs/studio.md, "Comparing
// versions"): what differs between the other version and the open graph, a row for each node,
// edge or graph field added (green), removed (grey) or changed (amber), a changed one's fields
// under it with their value before and after, as people write them. A click on a row centres
// its node on the canvas (a removed one where it was) and selects it.
class ComparisonDock : public QDockWidget
{
    Q_OBJECT

public:
    ComparisonDock(GraphScene *scene, GraphView *view, QWidget *parent = nullptr);

    QTreeWidget *tree() const { return m_tree; }
    QLabel *summary() const { return m_summary; }
    QPushButton *closeButton() const { return m_close; }
    // The scene's comparison, listed again (none: empty).
    void refresh();
    // The top-level row of a node ("node write_report").
    QTreeWidgetItem *nodeRow(const QString &id) const;

signals:
    void closeRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void goTo(QTreeWidgetItem *row);
    void retranslate();

    GraphScene *m_scene;
    GraphView *m_view;
    QLabel *m_summary;
    QTreeWidget *m_tree;
    QPushButton *m_close;
};

} // namespace capgraph::editor
