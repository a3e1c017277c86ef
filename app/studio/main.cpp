// capgraph-studio: the desktop editor for capability graphs.
//   capgraph-studio [FILE.yaml]
#include "exec/RunFiles.h"
#include "io/AtomicWrite.h"
#include "scene/GraphScene.h"
#include "scene/NodeItem.h"
#include "view/GraphView.h"
#include "catalog/CapabilitiesDock.h"
#include "planview/PlanScene.h"
#include "planview/PlanView.h"
#include "planview/PlanWindow.h"
#include "run/RunController.h"
#include "ui/AppIcon.h"
#include "window/MainWindow.h"
#include "window/StudioLanguage.h"

#include <QAction>
#include <QApplication>
#include <QBuffer>
#include <QMenu>
#include <QCommandLineParser>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>
#include <QFileInfo>
#include <QPixmap>

namespace {
// A screenshot, written atomically like every file the programs write.
bool saveImage(const QPixmap &pixmap, const QString &path)
{
    const QByteArray format = QFileInfo(path).suffix().toLower().toLatin1();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    return pixmap.save(&buffer, format.isEmpty() ? "PNG" : format.constData()) && capgraph::writeFileAtomically(path, bytes);
}
} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("CapGraph Studio"));
    QApplication::setOrganizationName(QStringLiteral("CapGraph"));
    QApplication::setApplicationVersion(QStringLiteral(CAPGRAPH_VERSION));
    QApplication::setWindowIcon(capgraph::editor::appIcon());
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.capgraph.Studio")); // the desktop entry (Wayland app id)
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Design, run and debug agent capability graphs"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("a capability graph YAML to open"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("save a picture of the window to FILE.png once it is shown, then quit (for docs)"),
                                        QStringLiteral("FILE"));
    parser.addOption(screenshot);
    const QCommandLineOption select(QStringLiteral("select"), QStringLiteral("select the node with this id once the file is open"),
                                    QStringLiteral("NODE"));
    parser.addOption(select);
    const QCommandLineOption zoom(QStringLiteral("zoom"), QStringLiteral("with --screenshot: this zoom in percent instead of fitting the graph"),
                                  QStringLiteral("PERCENT"));
    parser.addOption(zoom);
    const QCommandLineOption plan(QStringLiteral("plan"),
                                  QStringLiteral("open a negotiated plan (a file, an http(s) URL or an event stream) in a plan window; "
                                                 "with --screenshot, --select selects a task of it"),
                                  QStringLiteral("LOCATION"));
    parser.addOption(plan);
    const QCommandLineOption criticalPath(QStringLiteral("critical-path"), QStringLiteral("with --plan: show the critical path"));
    const QCommandLineOption lanes(QStringLiteral("lanes"), QStringLiteral("with --plan: one swimlane per participant"));
    const QCommandLineOption hide(QStringLiteral("hide"), QStringLiteral("with --plan: hide this participant's tasks (repeatable)"),
                                  QStringLiteral("AGENT"));
    parser.addOptions({criticalPath, lanes, hide});
    const QCommandLineOption run(QStringLiteral("run"), QStringLiteral("start a run of the graph once it is open"));
    const QCommandLineOption input(QStringLiteral("input"), QStringLiteral("the run's input, a JSON object"), QStringLiteral("JSON"));
    const QCommandLineOption breakAt(QStringLiteral("break"), QStringLiteral("a breakpoint on this node (repeatable)"), QStringLiteral("NODE"));
    parser.addOptions({run, input, breakAt});
    const QCommandLineOption capabilities(QStringLiteral("capabilities"),
                                          QStringLiteral("also read capability definitions from DIR (repeatable); shows the Capabilities dock"),
                                          QStringLiteral("DIR"));
    parser.addOption(capabilities);
    const QCommandLineOption lang(QStringLiteral("lang"),
                                  QStringLiteral("the language of the window for this session: en, zh_TW or zh_CN "
                                                 "(default: View > Language, else the system's)"),
                                  QStringLiteral("CODE"));
    parser.addOption(lang);
    parser.process(app);
    using capgraph::editor::StudioLanguage;
    if (parser.isSet(lang) && !StudioLanguage::codes().contains(parser.value(lang))) {
        qWarning("capgraph-studio: --lang %s: expected one of %s", qPrintable(parser.value(lang)),
                 qPrintable(StudioLanguage::codes().join(QStringLiteral(", "))));
        return 2;
    }
    StudioLanguage::apply(parser.isSet(lang) ? parser.value(lang) : StudioLanguage::savedChoice());

    if (parser.isSet(plan)) {
        capgraph::editor::PlanWindow planWindow;
        planWindow.show();
        QObject::connect(&planWindow, &capgraph::editor::PlanWindow::loaded, &planWindow, [&] {
            planWindow.criticalPathAction()->setChecked(parser.isSet(criticalPath));
            planWindow.lanesAction()->setChecked(parser.isSet(lanes));
            const QStringList hidden = parser.values(hide);
            for (QAction *a : planWindow.participantFilter()->actions())
                if (a->isCheckable())
                    a->setChecked(!hidden.contains(a->data().toString()));
            if (parser.isSet(zoom))
                planWindow.view()->setZoom(parser.value(zoom).toDouble() / 100);
        });
        if (parser.isSet(screenshot)) {
            QObject::connect(&planWindow, &capgraph::editor::PlanWindow::loaded, &planWindow, [&] {
                QTimer::singleShot(400, &planWindow, [&] {
                    if (parser.isSet(select)) {
                        const int task = planWindow.scene()->plan().taskIndex(parser.value(select));
                        if (task < 0)
                            qWarning("capgraph-studio: no task '%s' to select", qPrintable(parser.value(select)));
                        planWindow.scene()->selectTask(task);
                        planWindow.view()->centerOnTask(task);
                    }
                    QCoreApplication::processEvents();
                    QCoreApplication::exit(saveImage(planWindow.grab(), parser.value(screenshot)) ? 0 : 1);
                });
            });
        }
        planWindow.openLocation(parser.value(plan));
        return QApplication::exec();
    }
    capgraph::editor::MainWindow window;
    if (parser.isSet(capabilities)) {
        window.setCapabilityFolders(parser.values(capabilities));
        window.capabilities()->show();
        window.capabilities()->raise();
    }
    window.show();
    if (!window.offerRecovery() && !parser.positionalArguments().isEmpty())
        window.openFile(parser.positionalArguments().constFirst());
    for (const QString &node : parser.values(breakAt))
        window.run()->setBreakpoint(node, capgraph::editor::Breakpoint());
    QVariantMap given;
    QString inputError;
    const bool inputOk = !parser.isSet(input) || capgraph::RunFiles::parseInput(parser.value(input).toUtf8(), QStringLiteral("--input"), &given, &inputError);
    if (!inputOk)
        qWarning("capgraph-studio: %s", qPrintable(inputError));
    else
        window.setRunInput(given); // F5 later runs with it too
    if (parser.isSet(run) && inputOk) {
        QString error;
        if (!window.startRun(given, &error))
            qWarning("capgraph-studio: cannot run: %s", qPrintable(error));
    }
    if (parser.isSet(select)) {
        if (auto *item = window.scene()->nodeItem(parser.value(select)))
            item->setSelected(true);
        else
            qWarning("capgraph-studio: no node '%s' to select", qPrintable(parser.value(select)));
    }
    if (parser.isSet(screenshot)) {
        // A run: later (it reaches its breakpoint), where the view followed it.
        QTimer::singleShot(parser.isSet(run) ? 2500 : 800, &window, [&window, path = parser.value(screenshot), percent = parser.value(zoom),
                                                                   running = parser.isSet(run)] {
            if (!running)
                window.view()->fitAll();
            if (!percent.isEmpty()) {
                window.view()->setZoom(percent.toDouble() / 100);
                if (const QList<QGraphicsItem *> selected = window.scene()->selectedItems(); !selected.isEmpty())
                    window.view()->centerOn(selected.constFirst());
            }
            QCoreApplication::processEvents();
            const bool ok = saveImage(window.grab(), path);
            QCoreApplication::exit(ok ? 0 : 1);
        });
    }
    return QApplication::exec();
}
