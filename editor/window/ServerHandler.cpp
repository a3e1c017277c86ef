#include "window/ServerHandler.h"

#include "analysis/GraphInputs.h"
#include "catalog/CapabilityCatalog.h"
#include "document/GraphDocument.h"
#include "io/AtomicWrite.h"
#include "run/ConnectServerDialog.h"
#include "run/RunController.h"
#include "run/RunLogDock.h"
#include "run/ServerRunsDock.h"
#include "run/ServerTokens.h"
#include "service/RemoteRun.h"
#include "service/RunClient.h"
#include "window/MainWindow.h"
#include "window/StudioLayout.h"

#include <QCheckBox>
#include <QDir>
#include <QFileInfo>
#include <QLineEdit>
#include <QStandardPaths>
#include <QStatusBar>
#include <QUrl>

namespace capgraph::editor {

ServerHandler::ServerHandler(MainWindow *window, ServerRunsDock *dock)
    : QObject(window)
    , m_window(window)
    , m_dock(dock)
{
    connect(dock, &ServerRunsDock::openRequested, this, [this](const QString &id) { openRun(id); });
    connect(dock, &ServerRunsDock::runHereRequested, this, &ServerHandler::runOnServer);
    connect(dock, &ServerRunsDock::disconnectRequested, this, &ServerHandler::disconnectFromServer);
    RunController *run = window->run();
    connect(run, &RunController::remoteProblem, this, [this](const QString &why, bool) { showProblem(why); });
    connect(run, &RunController::serverRunStarted, this, [this](const QString &id) {
        m_dock->refresh([this, id] { m_dock->selectRun(id); });
        m_window->m_runLog->refresh();
        m_window->showRunLog();
        m_window->statusBar()->showMessage(tr("Running on %1").arg(m_client ? m_client->displayName() : QString()), 5000);
    });
}

ServerHandler::~ServerHandler()
{
    delete m_client;
}

QString ServerHandler::copyFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/server-runs");
}

bool ServerHandler::connectToServer()
{
    ConnectServerDialog dialog(m_window);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    RunClient *client = dialog.takeClient();
    const QString server = client->displayName();
    const QString token = dialog.token()->text().trimmed();
    // The token goes to the keyring (or leaves it), never to the settings.
    if (dialog.keepToken()->isChecked() && !token.isEmpty()) {
        QPointer<MainWindow> window(m_window);
        ServerTokens::write(server, token, this, [window](const QString &problem) {
            if (window && !problem.isEmpty())
                window->statusBar()->showMessage(tr("The token is not kept (the keyring: %1); it is used until the studio closes").arg(problem), 15000);
        });
    } else if (!dialog.keepToken()->isChecked()) {
        ServerTokens::forget(server, this, [](const QString &) {});
    }
    setClient(client, dialog.health());
    return true;
}

void ServerHandler::setClient(RunClient *client, const QJsonObject &health)
{
    if (m_client && m_client != client) {
        if (m_window->run()->remote() && m_window->run()->remote()->client() == m_client)
            m_window->run()->letServerRunBe(); // the old server's run: let be
        delete m_client;
    }
    m_client = client;
    if (client)
        client->setParent(this);
    m_dock->setClient(client, health);
    if (client) {
        m_dock->show();
        m_window->m_layout->openBottom(m_dock);
        m_window->statusBar()->showMessage(tr("Connected to %1").arg(client->displayName()), 5000);
    }
}

void ServerHandler::disconnectFromServer()
{
    if (!m_client)
        return;
    const QString server = m_client->displayName();
    RunController *run = m_window->run();
    if (run->remote() && run->remote()->client() == m_client)
        run->letServerRunBe(); // it goes on on the server; the graph and its breakpoints stay
    m_dock->setClient(nullptr);
    delete m_client;
    m_window->statusBar()->showMessage(tr("Disconnected from %1").arg(server), 5000);
}

void ServerHandler::showProblem(const QString &why)
{
    m_window->statusBar()->showMessage(tr("Server: %1").arg(why), 15000);
}

void ServerHandler::openRun(const QString &id, std::function<void(bool, const QString &)> done)
{
    const auto fail = [this, done](const QString &why) {
        showProblem(why);
        if (done)
            done(false, why);
    };
    if (!m_client)
        return fail(tr("not connected to a server"));
    QPointer<ServerHandler> self(this);
    QPointer<RunClient> client(m_client);
    m_client->get(QStringLiteral("/v1/runs/%1/graph").arg(QString::fromUtf8(QUrl::toPercentEncoding(id))),
                  [self, client, id, fail, done](const RunClient::Answer &a) {
                      if (!self || !client)
                          return;
                      if (!a.ok())
                          return fail(a.error);
                      // The graph as the run started with it, copied where the studio keeps its data.
                      const QUrl server = client->server();
                      QString name = QFileInfo(a.body.value(QStringLiteral("graph")).toString()).fileName();
                      for (QChar &c : name)
                          if (!c.isLetterOrNumber() && c != QLatin1Char('.') && c != QLatin1Char('-') && c != QLatin1Char('_'))
                              c = QLatin1Char('_');
                      if (name.isEmpty() || name.startsWith(QLatin1Char('.')))
                          name.prepend(QStringLiteral("graph"));
                      if (!name.endsWith(QLatin1String(".yaml")) && !name.endsWith(QLatin1String(".yml")))
                          name += QStringLiteral(".yaml");
                      QString safeId = id;
                      for (QChar &c : safeId)
                          if (!c.isLetterOrNumber() && c != QLatin1Char('-'))
                              c = QLatin1Char('_');
                      const QString folder = QStringLiteral("%1/%2_%3/%4").arg(copyFolder(), server.host()).arg(server.port(80)).arg(safeId);
                      const QString path = QDir(folder).filePath(name);
                      MainWindow *window = self->m_window;
                      const bool same = window->document()->filePath() == path && !window->document()->isModified();
                      if (!same) {
                          if (!window->maybeSave()) {
                              if (done)
                                  done(false, tr("cancelled"));
                              return;
                          }
                          QString why;
                          if (!QDir().mkpath(folder)
                              || !writeFileAtomically(path, a.body.value(QStringLiteral("graph_yaml")).toString().toUtf8(), &why))
                              return fail(tr("cannot keep the run's graph in %1: %2").arg(folder, why));
                          if (!window->openFile(path, &why))
                              return fail(why);
                      }
                      QString why;
                      if (!window->run()->attach(client, id, &why))
                          return fail(why);
                      window->m_runLog->refresh();
                      window->showRunLog();
                      window->statusBar()->showMessage(tr("Run %1 of %2").arg(id, client->displayName()), 5000);
                      if (done)
                          done(true, QString());
                  });
}

void ServerHandler::runOnServer()
{
    if (!m_client) {
        showProblem(tr("not connected to a server"));
        return;
    }
    // The first run of a graph that reads input asks for it, as Run does.
    if (m_window->m_runInput.isEmpty() && !GraphInputs::of(m_window->document()->graph(), m_window->m_catalog->registry()).isEmpty()
        && !m_window->askRunInput())
        return;
    const QString file = m_window->document()->filePath();
    const QString name = file.isEmpty() ? m_window->run()->graphName() : QFileInfo(file).fileName();
    m_window->run()->startOnServer(m_client, name, m_window->m_runInput);
}

} // namespace capgraph::editor
