// capgraph-studio: the desktop editor for capability graphs.
//   capgraph-studio [FILE.yaml]
#include "view/GraphView.h"
#include "window/MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("CapGraph Studio"));
    QApplication::setOrganizationName(QStringLiteral("CapGraph"));
    QApplication::setApplicationVersion(QStringLiteral(CAPGRAPH_VERSION));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Design, run and debug agent capability graphs"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("a capability graph YAML to open"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("save a picture of the window to FILE.png once it is shown, then quit (for docs)"),
                                        QStringLiteral("FILE"));
    parser.addOption(screenshot);
    parser.process(app);

    capgraph::editor::MainWindow window;
    window.show();
    if (!window.offerRecovery() && !parser.positionalArguments().isEmpty())
        window.openFile(parser.positionalArguments().constFirst());
    if (parser.isSet(screenshot)) {
        QTimer::singleShot(800, &window, [&window, path = parser.value(screenshot)] {
            window.view()->fitAll();
            QCoreApplication::processEvents();
            const bool ok = window.grab().save(path);
            QCoreApplication::exit(ok ? 0 : 1);
        });
    }
    return QApplication::exec();
}
