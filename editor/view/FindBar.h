#pragma once

#include "analysis/GraphSearch.h"

#include <QFrame>

class QLabel;
class QLineEdit;
class QToolButton;

namespace capgraph::editor {

class GraphScene;
class GraphView;

// Find in graph (docs/studio.md, "Find in graph"): a slim bar along the canvas's top edge
// (Edit > Find in Graph, Ctrl+F or Ctrl+K) with a search field over the nodes' ids, labels,
// types, capabilities, prompts, conditions and inputs and the notes' texts, and the filters
// type:, uses: and is: (GraphSearch). The matches are ringed on the canvas and in the
// overview (the scene holds them: GraphScene::setFindMatches); Enter or F3 goes to the next
// one, Shift+Enter or Shift+F3 to the previous one, selected and centred; Escape closes.
class FindBar : public QFrame
{
    Q_OBJECT

public:
    FindBar(GraphScene *scene, GraphView *view);

    QLineEdit *field() const { return m_field; }
    QLabel *countLabel() const { return m_count; }
    QToolButton *previousButton() const { return m_previous; }
    QToolButton *nextButton() const { return m_next; }
    QToolButton *closeButton() const { return m_close; }
    const QList<SearchHit> &matches() const { return m_hits; }
    int current() const { return m_current; } // -1: none gone to yet

    // Shows the bar with the focus in its field, its text selected.
    void open();
    // Hides the bar, takes the rings off and gives the canvas the focus.
    void close();
    void next();
    void previous();
    // Searches again (the graph, its lint or the run changed), keeping the current match
    // when it still matches.
    void refresh();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void search();
    void goTo(int index);
    void showCount();
    void retranslate();
    SearchStates states() const;

    GraphScene *m_scene;
    GraphView *m_view;
    QLineEdit *m_field;
    QLabel *m_count;
    QToolButton *m_previous;
    QToolButton *m_next;
    QToolButton *m_close;
    SearchQuery m_query;
    QList<SearchHit> m_hits;
    int m_current = -1;
};

} // namespace capgraph::editor
