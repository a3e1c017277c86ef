#pragma once

#include "service/RunClient.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>

namespace capgraph::editor {

class MainWindow;
class ServerRunsDock;

// The studio attached to a run server (docs/studio.md, "Runs on a server"): File > Connect to
// Server… (ConnectServerDialog; the token in the keyring), the Server Runs dock, opening a
// server's run on the canvas (its graph as the run started with it, a copy in the studio's
// data folder) and following it with the run views, and running the open graph on the server.
class ServerHandler : public QObject
{
    Q_OBJECT

public:
    ServerHandler(MainWindow *window, ServerRunsDock *dock);
    ~ServerHandler() override;

    // File > Connect to Server…: the dialog, then the dock. False when cancelled.
    bool connectToServer();
    // Connected to `client` (taken: the handler's from now on), whose health check said `health`.
    void setClient(RunClient *client, const QJsonObject &health);
    void disconnectFromServer();
    RunClient *client() const { return m_client; }
    ServerRunsDock *dock() const { return m_dock; }

    // Opens run `id` of the server: its graph (asking about unsaved changes first) and its
    // live state. False with why (also in the status bar) when it cannot; the graph comes
    // asynchronously, so `done` hears the outcome.
    void openRun(const QString &id, std::function<void(bool ok, const QString &why)> done = {});
    // Sends the open graph to the server (asking for its input as Run does) and follows it.
    void runOnServer();
    // Where a server's graph is copied to be opened: the studio's data folder.
    static QString copyFolder();

private:
    void showProblem(const QString &why);

    MainWindow *m_window;
    ServerRunsDock *m_dock;
    QPointer<RunClient> m_client;
};

} // namespace capgraph::editor
