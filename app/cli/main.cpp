#include "CliApplication.h"

#include <QApplication>
#include <QCoreApplication>

#include <cstring>
#include <memory>

int main(int argc, char *argv[])
{
    // Only `export` draws (the studio's scene and exporter need a QApplication); every other
    // command stays a QCoreApplication. Without a display, export draws on the offscreen
    // platform, so it works on CI without X.
    std::unique_ptr<QCoreApplication> app;
    if (argc > 1 && std::strcmp(argv[1], "export") == 0) {
        if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
            && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        app = std::make_unique<QApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    QCoreApplication::setApplicationName(QStringLiteral("capgraph"));
    QCoreApplication::setOrganizationName(QStringLiteral("CapGraph"));
    return capgraph::CliApplication(stdout, stderr).run(QCoreApplication::arguments());
}
