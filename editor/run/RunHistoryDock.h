#pragma once

#include <QDockWidget>
#include <QFutureWatcher>

#include <memory>

class QLabel;
class QLineEdit;
class QPushButton;
class QTimer;
class QListWidget;
class QSlider;

namespace capgraph::editor {

class RunCompareDialog;
class RunController;
class RunHistoryIndex;

// The graph's past runs (their traces: time, status, steps, duration). Opening one replays
// it on the canvas; the scrubber below moves to any step of it, and the canvas and the
// Variables dock show the node states and the context at that moment. The field above the
// list searches them (RunHistoryIndex: the runs kept in an SQLite run store): a node, an
// output, an answer, an error.
class RunHistoryDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit RunHistoryDock(RunController *run, QWidget *parent = nullptr);
    ~RunHistoryDock() override;

    QListWidget *list() const { return m_list; }
    QLineEdit *searchField() const { return m_search; }
    RunHistoryIndex *index() const { return m_index.get(); }
    QSlider *scrubber() const { return m_scrubber; }
    void refresh();
    bool open(int row);
    // A run as its entry shows it: graph · local start time · outcome · steps · duration.
    static QString describe(const QString &tracePath, const QString &graph);
    // Compares the two runs selected (the earlier as the old one) in the comparison window:
    // false, saying why under the list, unless exactly two are selected and both traces read.
    bool compareSelected();
    QPushButton *compareButton() const { return m_compare; }
    QPushButton *forkButton() const { return m_fork; }
    // Fork from Here…: asks what to change (ForkDialog) and starts a new run from the replayed
    // step (RunController::fork). False when there is nothing to fork or it was cancelled.
    bool forkHere();
    // The trace a fork's trace names as its parent (its run.forked event), else empty.
    static QString parentOf(const QString &tracePath, qint64 *step = nullptr);
    RunCompareDialog *compareDialog() const { return m_compareDialog; }

signals:
    void opened(const QString &tracePath); // a run's replay began
    void nodeChosen(const QString &nodeId); // a node's row clicked in the comparison

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    QPushButton *m_replay = nullptr;
    QPushButton *m_leave = nullptr;
    QPushButton *m_compare = nullptr;
    QPushButton *m_fork = nullptr;
    RunCompareDialog *m_compareDialog = nullptr;
    void showContextMenu(const QPoint &pos);
    void syncScrubber();
    void updateButtons();
    bool showComparison(const QString &oldTrace, const QString &oldLabel, const QString &newTrace, const QString &newLabel);

    void recordRuns(); // the runs not in the store yet, kept there (on a worker thread)
    void recorded();
    QFutureWatcher<QString> m_recording;
    bool m_recordAgain = false;
    QString m_recordedGraph; // the graph whose runs were last recorded
    RunController *m_run;
    std::unique_ptr<RunHistoryIndex> m_index;
    QLineEdit *m_search;
    QTimer *m_searchDelay;
    QListWidget *m_list;
    QSlider *m_scrubber;
    QLabel *m_position;
};

} // namespace capgraph::editor
