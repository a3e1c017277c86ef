#pragma once

#include "testing/GraphTestRunner.h"

#include <QDockWidget>
#include <QHash>
#include <QList>
#include <QTemporaryDir>

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace capgraph::editor {

class GraphDocument;
class RunController;

// The Tests dock (docs/studio.md, "Tests"): the test suites beside the open graph
// (docs/testing.md: *.test.yaml files in its folder, their cases that run this graph), run
// all or one case — one after the other, the window staying live, with progress — pass or
// fail per case with what failed, and a case's run opened on the canvas (replayed from its
// trace), at the node where it went wrong. The cases run the graph's file as saved, through
// the engine's GraphTestRunner, as `capgraph test` runs them.
class TestsDock : public QDockWidget
{
    Q_OBJECT

public:
    TestsDock(GraphDocument *document, RunController *run, QWidget *parent = nullptr);

    QTreeWidget *tree() const { return m_tree; }
    QPushButton *runAllButton() const { return m_runAll; }
    QPushButton *runSelectedButton() const { return m_runSelected; }
    QPushButton *openRunButton() const { return m_openRun; }
    QProgressBar *progress() const { return m_progress; }
    QPlainTextEdit *details() const { return m_details; }
    QLabel *note() const { return m_note; }
    // The suites beside the graph, read again (their results cleared).
    void refresh();
    void runAll();
    void runSelected(); // the case selected, or every case of the suite selected
    bool isRunning() const { return !m_queue.isEmpty(); }
    // The row of a case ("write-report.test.yaml/a PDF goes straight to the report").
    QTreeWidgetItem *caseItem(const QString &suiteFile, const QString &caseName) const;
    // Replays the case's run on the canvas and asks for the node where it went wrong to be shown.
    bool openRun(QTreeWidgetItem *caseItem);

signals:
    void statusMessage(const QString &text);
    void showNode(const QString &nodeId); // select it, centre it, its Node dock
    void finished(int passed, int failed);

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Case
    {
        GraphTestCase testCase;
        QTreeWidgetItem *item = nullptr;
        std::optional<GraphTestResult> result;
        QString trace;
    };
    void start(const QList<int> &cases);
    void runNext();
    void showResult(int index);
    void showDetails();
    void updateButtons();
    void retranslate();

    GraphDocument *m_document;
    RunController *m_run;
    QTreeWidget *m_tree;
    QLabel *m_note;
    QPushButton *m_runAll;
    QPushButton *m_runSelected;
    QPushButton *m_openRun;
    QPushButton *m_reload;
    QProgressBar *m_progress;
    QPlainTextEdit *m_details;
    QList<Case> m_cases;
    QList<int> m_queue;
    int m_done = 0;
    int m_total = 0;
    QTemporaryDir m_traces; // each case's run, to open on the canvas
};

} // namespace capgraph::editor
