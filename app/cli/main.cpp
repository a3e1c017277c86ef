#include "CliApplication.h"

#include <QCoreApplication>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("capgraph"));
    QCoreApplication::setOrganizationName(QStringLiteral("CapGraph"));
    return capgraph::CliApplication(stdout, stderr).run(QCoreApplication::arguments());
}
