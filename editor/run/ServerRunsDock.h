#pragma once

#include "service/RunClient.h"

#include <QDockWidget>
#include <QJsonObject>
#include <QPointer>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTimer;
class QToolButton;
class QTreeWidget;

namespace capgraph::editor {

// Server Runs: the runs of the server the studio is connected to (File > Connect to
// Server…), newest first, read again every two seconds while the dock is on show: graph,
// status, start, steps, tokens, the server holding it. Filter by status and graph. Open shows
// a run on the canvas (its graph, its live state, the Run Log, Variables, Inbox and the
// debugger); Run on Server sends the open graph; Cancel Run cancels the selected one.
class ServerRunsDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit ServerRunsDock(QWidget *parent = nullptr);

    // The server (null: none). The client stays the caller's; `health` is what it said.
    void setClient(RunClient *client, const QJsonObject &health = {});
    RunClient *client() const { return m_client; }
    QTreeWidget *list() const { return m_list; }
    QComboBox *statusFilter() const { return m_status; }
    QLineEdit *graphFilter() const { return m_graph; }
    QPushButton *openButton() const { return m_open; }
    QPushButton *runHereButton() const { return m_runHere; }
    QPushButton *cancelButton() const { return m_cancel; }
    QLabel *serverLabel() const { return m_server; }
    QLabel *problemLabel() const { return m_problem; }
    // The selected run's id (empty: none).
    QString selectedRun() const;
    bool selectRun(const QString &id);
    // Reads the list again now; `done` (when given) once it came.
    void refresh(std::function<void()> done = {});
    // How often the list is read again while on show (default 2000 ms).
    void setRefreshInterval(int ms);

signals:
    void openRequested(const QString &runId);
    void runHereRequested();
    void disconnectRequested();

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void retranslate();
    void fill(const QJsonArray &runs, int total);
    void updateButtons();
    QString statusText(const QString &status) const;

    QPointer<RunClient> m_client;
    QLabel *m_server;
    QToolButton *m_disconnect;
    QComboBox *m_status;
    QLineEdit *m_graph;
    QTreeWidget *m_list;
    QLabel *m_problem;
    QPushButton *m_open;
    QPushButton *m_runHere;
    QPushButton *m_cancel;
    QTimer *m_timer;
    QJsonObject m_health;
    int m_request = 0;
};

} // namespace capgraph::editor
