#include "CliApplication.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <cstring>
#include <unistd.h>
#include <memory>

int main(int argc, char *argv[])
{
    // Only `export` and `plan render` draw (the studio's scene and exporter need a QApplication); every other
    // command stays a QCoreApplication. Without a display, export draws on the offscreen
    // platform, so it works on CI without X.
    std::unique_ptr<QCoreApplication> app;
    const bool draws = argc > 1
        && (std::strcmp(argv[1], "export") == 0 || (std::strcmp(argv[1], "plan") == 0 && argc > 2 && std::strcmp(argv[2], "render") == 0));
    if (draws) {
        if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
            && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        // Qt's GUI machinery wants a runtime folder and warns on every run without one (CI,
        // containers): give it a private one, as it would make itself, but quietly.
        if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
            const QByteArray dir = QDir::tempPath().toUtf8() + "/capgraph-runtime-" + QByteArray::number(getuid());
            if (QDir().mkpath(QString::fromUtf8(dir)))
                QFile::setPermissions(QString::fromUtf8(dir), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
            qputenv("XDG_RUNTIME_DIR", dir);
        }
        app = std::make_unique<QApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    QCoreApplication::setApplicationName(QStringLiteral("capgraph"));
    QCoreApplication::setOrganizationName(QStringLiteral("CapGraph"));
    return capgraph::CliApplication(stdout, stderr).run(QCoreApplication::arguments());
}
