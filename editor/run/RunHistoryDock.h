#pragma once

#include <QDockWidget>

class QLabel;
class QPushButton;
class QListWidget;
class QSlider;

namespace capgraph::editor {

class RunController;

// The graph's past runs (their traces: time, status, steps, duration). Opening one replays
// it on the canvas; the scrubber below moves to any step of it, and the canvas and the
// Variables dock show the node states and the context at that moment.
class RunHistoryDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit RunHistoryDock(RunController *run, QWidget *parent = nullptr);

    QListWidget *list() const { return m_list; }
    QSlider *scrubber() const { return m_scrubber; }
    void refresh();
    bool open(int row);
    // A run as its entry shows it: graph · local start time · outcome · steps · duration.
    static QString describe(const QString &tracePath, const QString &graph);

signals:
    void opened(const QString &tracePath); // a run's replay began

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    QPushButton *m_replay = nullptr;
    QPushButton *m_leave = nullptr;
    void syncScrubber();

    RunController *m_run;
    QListWidget *m_list;
    QSlider *m_scrubber;
    QLabel *m_position;
};

} // namespace capgraph::editor
