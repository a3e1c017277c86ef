// The studio attached to a run server (docs/studio.md, "Runs on a server"), driven through
// its widgets at the default window size against a real `capgraph serve` process on loopback:
// File > Connect to Server… (a refused token said in the dialog, the token never in the
// settings file), the Server Runs dock listing a waiting run, Open showing it on the canvas
// (states drawn), answering it in the Inbox, its trace in the Run History; the open graph run
// on the server with a breakpoint, a variable changed there and a step; a server killed and
// started again while the studio follows a run.
#include "support/ServeProcess.h"
#include "support/StudioWindow.h"

#include "document/GraphDocument.h"
#include "run/ConnectServerDialog.h"
#include "run/InboxDock.h"
#include "run/RunController.h"
#include "run/RunHistoryDock.h"
#include "run/ServerRunsDock.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "scene/RunDecoration.h"
#include "service/RemoteRun.h"
#include "service/RunClient.h"
#include "window/ServerHandler.h"
#include "window/StudioActions.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFrame>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSlider>
#include <QStatusBar>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeWidget>
#include <QtTest>

#include <csignal>

using namespace capgraph;
using namespace capgraph::editor;
using namespace capgraph::editor::testing;
using namespace capgraph::testing;

namespace {

const QByteArray kToken = "s3cret-token-for-the-studio";

// A server with a token (--token-file), the test's requests carrying it.
struct TokenServer : Server
{
    explicit TokenServer(const QTemporaryDir &dir)
        : Server(dir.filePath(QStringLiteral("runs.sqlite")), {QStringLiteral("--token-file"), dir.filePath(QStringLiteral("token"))})
    {
        QFile token(dir.filePath(QStringLiteral("token")));
        if (token.open(QIODevice::WriteOnly))
            token.write(kToken + '\n');
        setToken(kToken);
    }
    QString address() const { return url(QString()).toString(); }
    QString submit(const QString &name)
    {
        return post(QStringLiteral("/v1/runs"), {{QStringLiteral("graph"), QStringLiteral("ask.yaml")},
                                                 {QStringLiteral("input"), QJsonObject{{QStringLiteral("name"), name}}}})
            .json.value(QStringLiteral("id"))
            .toString();
    }
    QJsonObject context(const QString &id) { return waitFor(id, {QStringLiteral("finished")}).value(QStringLiteral("context")).toObject(); }
};

// Fills in and clicks File > Connect to Server…'s dialog once it is up, with each token in
// turn; `said` gets what the dialog said after each click but the last (it stays open on a
// refusal).
void driveConnectDialog(const QString &address, const QList<QByteArray> &tokens, QStringList *said, int attempt)
{
    auto *dialog = qobject_cast<ConnectServerDialog *>(QApplication::activeModalWidget());
    if (!dialog) {
        QTimer::singleShot(20, [=] { driveConnectDialog(address, tokens, said, attempt); });
        return;
    }
    dialog->address()->setEditText(address);
    dialog->keepToken()->setChecked(false); // (a test never writes a developer's keyring)
    QElapsedTimer read; // the keyring is asked for the address's token first
    read.start();
    while (!dialog->connectButton()->isEnabled() && read.elapsed() < 10000)
        QTest::qWait(10);
    dialog->token()->clear();
    QTest::keyClicks(dialog->token(), QString::fromUtf8(tokens.at(attempt)));
    QTest::mouseClick(dialog->connectButton(), Qt::LeftButton);
    if (attempt + 1 < tokens.size()) {
        // The dialog says why it did not connect, and stays for the next attempt.
        QTimer::singleShot(20, [=] {
            QElapsedTimer t;
            t.start();
            while (!dialog->connectButton()->isEnabled() && t.elapsed() < 10000)
                QTest::qWait(10);
            said->append(dialog->message()->text());
            driveConnectDialog(address, tokens, said, attempt + 1);
        });
    }
}

void answerConnectDialog(const QString &address, const QList<QByteArray> &tokens, QStringList *said)
{
    QTimer::singleShot(0, [=] { driveConnectDialog(address, tokens, said, 0); });
}

// The pixels of `state`'s colour around node `id` on the canvas.
int stateColourAround(const Studio &s, const QString &id, NodeRunState state)
{
    const NodeItem *item = s.w.scene()->nodeItem(id);
    if (!item)
        return -1;
    const QImage shot = s.shot();
    return countColour(shot, s.onScreen(item->box().translated(item->pos())).adjusted(-12, -12, 12, 12), RunDecoration::stateColor(state).rgb());
}

} // namespace

class TestStudioServer : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("CapGraphTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_studio_server"));
        QStandardPaths::setTestModeEnabled(true);
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
        QSettings().clear();
    }

    void connectOpenAnswerAndReplay()
    {
        QTemporaryDir dir;
        TokenServer server(dir);
        QString why;
        QVERIFY2(server.start(&why), qPrintable(why));
        const QString id = server.submit(QStringLiteral("Ada"));
        QVERIFY(!id.isEmpty());
        QCOMPARE(server.waitFor(id, {QStringLiteral("waiting")}).value(QStringLiteral("status")).toString(), QStringLiteral("waiting"));

        Studio s;
        MainWindow &w = s.w;
        QVERIFY(!w.serverRuns()->isVisible()); // nothing to show before a server
        // File > Connect to Server…: a wrong token is refused in the dialog, the right one connects.
        QStringList said;
        answerConnectDialog(server.address(), {"wrong", kToken}, &said);
        w.actions()->action(StudioActions::ConnectServer)->trigger();
        QCOMPARE(said.size(), 1);
        QVERIFY2(said.first().contains(QStringLiteral("refused the token")), qPrintable(said.first()));
        QVERIFY(w.server()->client());
        QCOMPARE(w.server()->client()->displayName(), server.address());
        QCOMPARE(ConnectServerDialog::recentServers().value(0), server.address());
        // The token is in no settings file (the keyring has it, or nobody).
        QSettings().sync();
        QFile settings(QSettings().fileName());
        QVERIFY2(settings.open(QIODevice::ReadOnly), qPrintable(settings.fileName()));
        const QByteArray kept = settings.readAll();
        QVERIFY(kept.contains(server.address().toUtf8())); // the address is kept, the token is not
        QVERIFY(!kept.contains(kToken));

        // The Server Runs dock lists the waiting run.
        ServerRunsDock *dock = w.serverRuns();
        QTRY_VERIFY(dock->isVisible());
        QTRY_COMPARE(dock->list()->topLevelItemCount(), 1);
        QTreeWidgetItem *row = dock->list()->topLevelItem(0);
        QCOMPARE(row->text(0), QStringLiteral("ask.yaml"));
        QCOMPARE(row->text(1), RunController::statusText(RunStatus::WaitingForInput));
        QVERIFY(dock->serverLabel()->text().contains(server.address()));
        // Filtering by another status leaves nothing; back to all.
        dock->statusFilter()->setCurrentIndex(dock->statusFilter()->findData(QStringLiteral("finished")));
        QTRY_COMPARE(dock->list()->topLevelItemCount(), 0);
        dock->statusFilter()->setCurrentIndex(0);
        QTRY_COMPARE(dock->list()->topLevelItemCount(), 1);

        // Open: its graph on the canvas, its state as the server has it.
        QVERIFY(dock->selectRun(id));
        QVERIFY(dock->openButton()->isEnabled());
        QTest::mouseClick(dock->openButton(), Qt::LeftButton);
        QTRY_VERIFY(w.run()->remote());
        QVERIFY(w.document()->filePath().startsWith(ServerHandler::copyFolder()));
        QCOMPARE(w.document()->graph().id, QStringLiteral("ask"));
        RunController *run = w.run();
        QTRY_COMPARE(run->snapshot().node(QStringLiteral("approve")).state, NodeRunState::Waiting);
        QCOMPARE(run->snapshot().node(QStringLiteral("greet")).state, NodeRunState::Done);
        QTRY_COMPARE(run->status(), RunStatus::WaitingForInput);
        QTRY_VERIFY2(w.runStatusLabel()->text().startsWith(RunController::statusText(RunStatus::WaitingForInput)), qPrintable(w.runStatusLabel()->text()));
        // Drawn: approve waits (orange), greet is done (green).
        QTRY_VERIFY(stateColourAround(s, QStringLiteral("approve"), NodeRunState::Waiting) > 20);
        QVERIFY(stateColourAround(s, QStringLiteral("greet"), NodeRunState::Done) > 20);

        // The question is in the Inbox; Yes answers it on the server.
        QTRY_COMPARE(w.inbox()->count(), 1);
        auto *card = w.inbox()->findChild<QFrame *>(QStringLiteral("Inbox:approve"));
        QVERIFY(card);
        QVERIFY(card->findChild<QLabel *>() && w.inbox()->findChildren<QLabel *>().size() > 1);
        QTest::mouseClick(card->findChild<QPushButton *>(QStringLiteral("Yes")), Qt::LeftButton);
        QTRY_COMPARE(run->status(), RunStatus::Finished);
        QCOMPARE(run->snapshot().node(QStringLiteral("end")).state, NodeRunState::Done);
        QTRY_COMPARE(w.inbox()->count(), 0);
        QTRY_VERIFY(stateColourAround(s, QStringLiteral("done"), NodeRunState::Done) > 20);
        const QJsonObject outputs = server.context(id).value(QStringLiteral("outputs")).toObject();
        QCOMPARE(outputs.value(QStringLiteral("done")).toObject().value(QStringLiteral("message")).toString(), QStringLiteral("Hello, Ada"));
        QCOMPARE(outputs.value(QStringLiteral("done")).toObject().value(QStringLiteral("sent")).toBool(), true);

        // Its trace is in the Run History: replayed, the scrubber goes back to the question.
        QTRY_COMPARE(w.runHistory()->list()->count(), 1);
        QVERIFY(w.runHistory()->open(0));
        QVERIFY(run->isReplaying());
        qsizetype asked = -1;
        for (qsizetype i = 0; i < run->events().size(); ++i)
            if (run->events().at(i).type == RunEventType::InteractionRequested)
                asked = i + 1;
        QVERIFY(asked > 0);
        w.runHistory()->scrubber()->setValue(int(asked));
        QCOMPARE(run->snapshot().node(QStringLiteral("approve")).state, NodeRunState::Waiting);
        QCOMPARE(run->snapshot().node(QStringLiteral("done")).state, NodeRunState::Pending);
        run->stopReplay();

        // Opened again once it has ended: shown finished, nothing refused, still one history entry.
        QSignalSpy problems(run, &RunController::remoteProblem);
        QVERIFY(dock->selectRun(id));
        QTest::mouseClick(dock->openButton(), Qt::LeftButton);
        QTRY_VERIFY(run->remote());
        QTRY_COMPARE(run->status(), RunStatus::Finished);
        QTRY_VERIFY(!run->isRunning());
        QTRY_COMPARE(run->snapshot().node(QStringLiteral("end")).state, NodeRunState::Done);
        QTest::qWait(300); // (a refusal would come by now)
        QCOMPARE(problems.size(), 0);
        QTRY_COMPARE(w.runHistory()->list()->count(), 1);

        // Disconnect: the dock says so, its list empties.
        QTest::mouseClick(dock->findChild<QToolButton *>(QStringLiteral("Disconnect")), Qt::LeftButton);
        QVERIFY(!w.server()->client());
        QCOMPARE(dock->list()->topLevelItemCount(), 0);
        QVERIFY(!dock->openButton()->isEnabled());
    }

    void runTheOpenGraphOnTheServerWithABreakpoint()
    {
        QTemporaryDir dir;
        TokenServer server(dir);
        QString why;
        QVERIFY2(server.start(&why), qPrintable(why));
        Studio s;
        MainWindow &w = s.w;
        const QString local = dir.filePath(QStringLiteral("ask.yaml"));
        QVERIFY(QFile::copy(fixture("ask.yaml"), local));
        QVERIFY(w.openFile(local));
        QUrl url;
        QVERIFY(RunClient::parseServer(server.address(), &url, &why));
        w.server()->setClient(new RunClient(url, kToken), QJsonObject{{QStringLiteral("store_kind"), QStringLiteral("sqlite")}});
        // A breakpoint on `done` (F9), then Run on Server with the input.
        w.scene()->selectNodes({QStringLiteral("done")});
        s.key(Qt::Key_F9);
        RunController *run = w.run();
        QVERIFY(run->hasBreakpoint(QStringLiteral("done")));
        w.setRunInput({{QStringLiteral("name"), QStringLiteral("Bo")}});
        QTRY_VERIFY(w.serverRuns()->runHereButton()->isEnabled());
        QSignalSpy started(run, &RunController::serverRunStarted);
        QTest::mouseClick(w.serverRuns()->runHereButton(), Qt::LeftButton);
        QTRY_COMPARE(started.size(), 1);
        const QString id = started.first().first().toString();
        QVERIFY(run->remote());
        QCOMPARE(w.document()->filePath(), local); // the graph stays the open one
        QTRY_COMPARE(run->status(), RunStatus::WaitingForInput);
        // The dock lists it under the file's name.
        QTRY_VERIFY(w.serverRuns()->selectRun(id));
        QCOMPARE(w.serverRuns()->list()->currentItem()->text(0), QStringLiteral("ask.yaml"));
        QTRY_COMPARE(w.inbox()->count(), 1);
        QTest::mouseClick(w.inbox()->findChild<QFrame *>(QStringLiteral("Inbox:approve"))->findChild<QPushButton *>(QStringLiteral("No")),
                          Qt::LeftButton);
        // The same answer twice (a second click before the card went): the server takes one and
        // refuses the other, which the Inbox says under its questions.
        QVERIFY(run->answer(QStringLiteral("approve"), false, &why));
        auto *refusal = w.inbox()->findChild<QLabel *>(QStringLiteral("InboxError"));
        QTRY_VERIFY(refusal->isVisible());
        QVERIFY2(refusal->text().startsWith(QStringLiteral("approve: ")), qPrintable(refusal->text()));
        // The server stops before `done`, as the studio's breakpoint says.
        QTRY_COMPARE(run->status(), RunStatus::Paused);
        QCOMPARE(run->snapshot().pausedAt(), QStringLiteral("done"));
        QTRY_VERIFY(w.runStatusLabel()->text().startsWith(RunController::statusText(RunStatus::Paused)));
        // Paused: greet's output changed there, then one step runs `done` with it.
        QVERIFY(run->canSetVariables());
        QVERIFY2(run->setVariable(QStringLiteral("greet.text"), QStringLiteral("Changed in the studio"), &why), qPrintable(why));
        QTRY_COMPARE(run->context().outputs.value(QStringLiteral("greet")).toMap().value(QStringLiteral("text")).toString(),
                     QStringLiteral("Changed in the studio"));
        s.key(Qt::Key_F10);
        QTRY_COMPARE(run->snapshot().node(QStringLiteral("done")).state, NodeRunState::Done);
        QTRY_COMPARE(run->status(), RunStatus::Paused);
        s.key(Qt::Key_F5);
        QTRY_COMPARE(run->status(), RunStatus::Finished);
        const QJsonObject outputs = server.context(id).value(QStringLiteral("outputs")).toObject();
        QCOMPARE(outputs.value(QStringLiteral("done")).toObject().value(QStringLiteral("message")).toString(), QStringLiteral("Changed in the studio"));
        QCOMPARE(outputs.value(QStringLiteral("done")).toObject().value(QStringLiteral("sent")).toBool(), false);

        // Another run, waiting; Disconnect lets it be (it waits on the server) and keeps the
        // graph's breakpoints.
        QSignalSpy again(run, &RunController::serverRunStarted);
        w.server()->runOnServer();
        QTRY_COMPARE(again.size(), 1);
        const QString waiting = again.first().first().toString();
        QTRY_COMPARE(run->status(), RunStatus::WaitingForInput);
        QTest::mouseClick(w.serverRuns()->findChild<QToolButton *>(QStringLiteral("Disconnect")), Qt::LeftButton);
        QVERIFY(!run->remote());
        QCOMPARE(run->status(), RunStatus::Idle);
        QVERIFY(run->hasBreakpoint(QStringLiteral("done")));
        QCOMPARE(server.request("GET", QStringLiteral("/v1/runs/") + waiting).json.value(QStringLiteral("status")).toString(), QStringLiteral("waiting"));
        // Opened from another studio session, the run shows the breakpoint it was started with.
        run->clearBreakpoint(QStringLiteral("done"));
        w.server()->setClient(new RunClient(url, kToken), {});
        bool opened = false;
        w.server()->openRun(waiting, [&](bool ok, const QString &problem) {
            QVERIFY2(ok, qPrintable(problem));
            opened = true;
        });
        QTRY_VERIFY(opened);
        QTRY_VERIFY(run->hasBreakpoint(QStringLiteral("done")));
        QTRY_COMPARE(run->status(), RunStatus::WaitingForInput);

        // A graph the server refuses: the status bar says why.
        QSignalSpy problems(run, &RunController::remoteProblem);
        QFile unbound(dir.filePath(QStringLiteral("unbound.yaml")));
        QVERIFY(unbound.open(QIODevice::WriteOnly));
        unbound.write("graph:\n  id: unbound\n  nodes:\n    - {id: start, type: control.start}\n"
                      "    - {id: ask, type: skill, skill_id: nowhere.to.be.found, outputs: [x]}\n    - {id: end, type: control.end}\n"
                      "  edges:\n    - {from: start, to: ask}\n    - {from: ask, to: end}\n");
        unbound.close();
        QVERIFY(w.openFile(unbound.fileName()));
        w.server()->runOnServer();
        QTRY_COMPARE(problems.size(), 1);
        QVERIFY2(w.statusBar()->currentMessage().startsWith(QStringLiteral("Server: ")), qPrintable(w.statusBar()->currentMessage()));
    }

    void aServerStartedAgainIsFollowedAgain()
    {
        QTemporaryDir dir;
        TokenServer server(dir);
        QString why;
        QVERIFY2(server.start(&why), qPrintable(why));
        server.setListenPort(server.port()); // started again on the same port
        const QString id = server.submit(QStringLiteral("Cy"));
        QCOMPARE(server.waitFor(id, {QStringLiteral("waiting")}).value(QStringLiteral("status")).toString(), QStringLiteral("waiting"));
        Studio s;
        MainWindow &w = s.w;
        QUrl url;
        QVERIFY(RunClient::parseServer(server.address(), &url, &why));
        w.server()->setClient(new RunClient(url, kToken), {});
        bool opened = false;
        w.server()->openRun(id, [&](bool ok, const QString &problem) {
            QVERIFY2(ok, qPrintable(problem));
            opened = true;
        });
        QTRY_VERIFY(opened);
        RunController *run = w.run();
        QTRY_COMPARE(run->status(), RunStatus::WaitingForInput);
        const qint64 before = run->remote()->events();
        // Killed: the studio says its stream broke off, and keeps what it had.
        QSignalSpy problems(run, &RunController::remoteProblem);
        server.kill();
        QTRY_VERIFY(problems.size() >= 1);
        QCOMPARE(run->snapshot().node(QStringLiteral("approve")).state, NodeRunState::Waiting);
        // Started again on the same store and port: the stream goes on (the server's new events
        // come: it took the run back from its checkpoint), the run still waits on screen, the
        // answer goes through and the run ends, each node once.
        QVERIFY2(server.start(&why), qPrintable(why));
        QTRY_VERIFY_WITH_TIMEOUT(run->remote()->events() > before, 10000);
        QTRY_COMPARE(run->status(), RunStatus::WaitingForInput);
        QTest::qWait(200);
        QCOMPARE(run->status(), RunStatus::WaitingForInput);
        QVERIFY(run->canSetVariables());
        QTRY_COMPARE(w.inbox()->count(), 1);
        QTest::mouseClick(w.inbox()->findChild<QFrame *>(QStringLiteral("Inbox:approve"))->findChild<QPushButton *>(QStringLiteral("Yes")),
                          Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(run->status(), RunStatus::Finished, 20000);
        QCOMPARE(run->snapshot().node(QStringLiteral("end")).visits, 1);
        QCOMPARE(run->snapshot().node(QStringLiteral("greet")).visits, 1);
    }
};

QTEST_MAIN(TestStudioServer)
#include "tst_studio_server.moc"
