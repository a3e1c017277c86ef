#include "ServeCommand.h"

#include "CliSpecs.h"
#include "RunApi.h"
#include "service/RunService.h"
#include "telemetry/OtlpExporter.h"
#include "service/RunStore.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHostAddress>
#include <QSocketNotifier>
#include <QStandardPaths>

#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

namespace capgraph {

namespace {
int g_signalPipe[2] = {-1, -1};

void onSignal(int)
{
    const char c = 1;
    [[maybe_unused]] const ssize_t n = ::write(g_signalPipe[1], &c, 1);
}
} // namespace

int ServeCommand::usage(const QString &problem)
{
    print(m_err, CliSpecs::usageError(QStringLiteral("serve"), problem));
    return BadInput;
}

int ServeCommand::run(const QStringList &args)
{
    CliParser p(QStringLiteral("serve"));
    const QCommandLineOption &listenOption = p.option(QStringLiteral("listen"));
    const QCommandLineOption &storeOption = p.option(QStringLiteral("store"));
    const QCommandLineOption &graphsOption = p.option(QStringLiteral("graphs"));
    const QCommandLineOption &capabilitiesOption = p.option(QStringLiteral("capabilities"));
    const QCommandLineOption &workersOption = p.option(QStringLiteral("workers"));
    const QCommandLineOption &leaseOption = p.option(QStringLiteral("lease"));
    const QCommandLineOption &otlpOption = p.option(QStringLiteral("otlp"));
    const QCommandLineOption &otlpContent = p.option(QStringLiteral("otlp-content"));
    const QCommandLineOption &tokenOption = p.option(QStringLiteral("token-file"));
    const QCommandLineOption &trustOption = p.option(QStringLiteral("trust"));
    const QCommandLineOption &mockOption = p.option(QStringLiteral("mock"));
    if (const std::optional<int> done = p.open(args, [this](const QString &problem) { return usage(problem); },
                                               [this](const QString &text) { print(m_out, text); }, QStringLiteral("serve: ")))
        return *done;
    if (!p.positionalArguments().isEmpty())
        return usage(QStringLiteral("serve: takes no FILE (graphs come from --graphs or with each request)"));

    // Where to listen: loopback unless a token guards it.
    const QString listen = p.value(listenOption);
    QHostAddress address;
    quint16 port = 0;
    if (!RunApi::parseAddress(listen, &address, &port))
        return usage(QStringLiteral("serve: --listen %1: expected HOST:PORT with an IP address (127.0.0.1:8750)").arg(listen));
    QByteArray token;
    if (p.isSet(tokenOption)) {
        QFile f(p.value(tokenOption));
        if (!f.open(QIODevice::ReadOnly)) {
            print(m_err, QStringLiteral("capgraph: serve: --token-file %1: %2\n").arg(p.value(tokenOption), f.errorString()));
            return BadInput;
        }
        token = f.readAll().trimmed();
        if (token.isEmpty() || token.contains('\n') || token.contains(' ')) {
            print(m_err, QStringLiteral("capgraph: serve: --token-file %1: expected one token on one line\n").arg(p.value(tokenOption)));
            return BadInput;
        }
    }
    if (!address.isLoopback() && token.isEmpty()) {
        print(m_err, QStringLiteral("capgraph: serve: --listen %1 is not a loopback address: give --token-file FILE, so that only "
                                    "clients that know the token use it\n")
                         .arg(listen));
        return BadInput;
    }

    RunService::Options options;
    if (p.isSet(graphsOption)) {
        if (!QFileInfo(p.value(graphsOption)).isDir()) {
            print(m_err, QStringLiteral("capgraph: serve: --graphs %1: no such folder\n").arg(p.value(graphsOption)));
            return BadInput;
        }
        options.graphsDir = QFileInfo(p.value(graphsOption)).canonicalFilePath();
    }
    for (const QString &dir : p.values(capabilitiesOption)) {
        if (!QFileInfo(dir).isDir()) {
            print(m_err, QStringLiteral("capgraph: serve: --capabilities %1: no such folder\n").arg(dir));
            return BadInput;
        }
        options.capabilityDirs << QFileInfo(dir).absoluteFilePath();
    }
    for (const QString &dir : p.values(trustOption)) {
        if (!QFileInfo(dir).isDir()) {
            print(m_err, QStringLiteral("capgraph: serve: --trust %1: no such folder\n").arg(dir));
            return BadInput;
        }
        options.trustedDirs << QFileInfo(dir).canonicalFilePath();
    }
    if (p.isSet(mockOption)) {
        if (!QFileInfo(p.value(mockOption)).isFile()) {
            print(m_err, QStringLiteral("capgraph: serve: --mock %1: no such file\n").arg(p.value(mockOption)));
            return BadInput;
        }
        options.mockFile = QFileInfo(p.value(mockOption)).absoluteFilePath();
    }
    bool workersOk = false;
    options.workers = p.value(workersOption).toInt(&workersOk);
    if (!workersOk || options.workers < 1 || options.workers > 1024)
        return usage(QStringLiteral("serve: --workers %1: expected a number from 1 to 1024").arg(p.value(workersOption)));
    bool leaseOk = false;
    const double lease = p.value(leaseOption).toDouble(&leaseOk);
    if (!leaseOk || lease < 1 || lease > 3600)
        return usage(QStringLiteral("serve: --lease %1: expected seconds from 1 to 3600").arg(p.value(leaseOption)));
    options.leaseMs = qint64(lease * 1000);

    if (p.isSet(otlpContent) && !p.isSet(otlpOption))
        return usage(QStringLiteral("serve: --otlp-content goes with --otlp URL"));
    std::unique_ptr<OtlpExporter> otlp;
    if (p.isSet(otlpOption)) {
        OtlpExporter::Options o;
        o.endpoint = QUrl(p.value(otlpOption));
        o.content = p.isSet(otlpContent);
        o.serviceName = QStringLiteral("capgraph-serve");
        QString why;
        if (!OtlpExporter::parseHeaders(qEnvironmentVariable("OTEL_EXPORTER_OTLP_HEADERS"), &o.headers, &why) || !(otlp = OtlpExporter::create(o, &why))) {
            print(m_err, QStringLiteral("capgraph: serve: --otlp %1\n").arg(why));
            return BadInput;
        }
        QObject::connect(otlp.get(), &OtlpExporter::failed, otlp.get(), [this](const QString &problem) {
            print(m_err, QStringLiteral("capgraph serve: %1\n").arg(problem));
            std::fflush(m_err);
        });
        options.otlp = otlp.get();
    }
    const QString storePath = p.isSet(storeOption)
        ? p.value(storeOption)
        : QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/runs.sqlite");
    QString error;
    std::unique_ptr<RunStore> store = RunStore::open(storePath, &error);
    if (!store) {
        print(m_err, QStringLiteral("capgraph: serve: --store %1\n").arg(error));
        return BadInput;
    }
    RunService service(store.get(), options);
    RunApi api(&service, token);
    const quint16 bound = api.listenOn(address, port, &error);
    if (!bound) {
        print(m_err, QStringLiteral("capgraph: serve: cannot listen on %1: %2\n").arg(listen, error));
        return BadInput;
    }
    // SIGINT and SIGTERM end the event loop from the loop itself (a pipe the loop watches).
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, g_signalPipe) != 0) {
        print(m_err, QStringLiteral("capgraph: serve: cannot set up signal handling\n"));
        return BadInput;
    }
    QSocketNotifier notifier(g_signalPipe[0], QSocketNotifier::Read);
    QObject::connect(&notifier, &QSocketNotifier::activated, &notifier, [] { QCoreApplication::quit(); });
    struct sigaction sa{};
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);

    service.recover();
    const QString shown = address.protocol() == QAbstractSocket::IPv6Protocol ? QStringLiteral("[%1]").arg(address.toString()) : address.toString();
    print(m_err, QStringLiteral("capgraph serve: listening on http://%1:%2 (runs kept in %3)\n").arg(shown).arg(bound).arg(store->location()));
    std::fflush(m_err);
    QCoreApplication::exec();
    service.shutdown();
    if (otlp)
        otlp->flush(2000);
    print(m_err, store->isShared()
                     ? QStringLiteral("capgraph serve: stopped; the other servers on %1 go on with its runs\n").arg(store->location())
                     : QStringLiteral("capgraph serve: stopped; runs that had not ended go on when it starts again on %1\n").arg(store->location()));
    signal(SIGINT, SIG_DFL); // no handler writes into the pipe once it is closed
    signal(SIGTERM, SIG_DFL);
    ::close(g_signalPipe[0]);
    ::close(g_signalPipe[1]);
    return Stopped;
}

} // namespace capgraph
