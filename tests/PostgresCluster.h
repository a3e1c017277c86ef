#pragma once

// A throwaway PostgreSQL cluster for a test: initdb in a temporary folder, pg_ctl start with
// no TCP at all (a Unix socket in that folder), stopped and removed with the object. Debian's
// server programs are under /usr/lib/postgresql/VERSION/bin; PostgreSQL refuses to run as
// root, so as root they run as the `postgres` user (whom the package makes) through runuser.

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>

#include <pwd.h>
#include <unistd.h>

class PostgresCluster
{
public:
    PostgresCluster() = default;
    ~PostgresCluster() { stop(); }
    PostgresCluster(const PostgresCluster &) = delete;
    PostgresCluster &operator=(const PostgresCluster &) = delete;

    // The newest Debian PostgreSQL's programs' folder, empty when none is installed.
    static QString binDir()
    {
        QStringList versions = QDir(QStringLiteral("/usr/lib/postgresql")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        std::sort(versions.begin(), versions.end(), [](const QString &a, const QString &b) { return a.toInt() > b.toInt(); });
        for (const QString &v : std::as_const(versions)) {
            const QString bin = QStringLiteral("/usr/lib/postgresql/%1/bin").arg(v);
            if (QFileInfo(bin + QStringLiteral("/initdb")).isExecutable())
                return bin;
        }
        return {};
    }

    bool start(QString *why)
    {
        m_bin = binDir();
        if (m_bin.isEmpty()) {
            *why = QStringLiteral("no PostgreSQL server here (Debian: postgresql; .ci/setup.sh installs it)");
            return false;
        }
        if (!m_dir.isValid()) {
            *why = QStringLiteral("no temporary folder");
            return false;
        }
        if (::geteuid() == 0) {
            const passwd *pw = ::getpwnam("postgres");
            if (!pw) {
                *why = QStringLiteral("running as root, and there is no postgres user to run PostgreSQL as");
                return false;
            }
            m_asUser = QStringLiteral("postgres");
            if (::chown(QFile::encodeName(m_dir.path()).constData(), pw->pw_uid, pw->pw_gid) != 0) {
                *why = QStringLiteral("cannot give %1 to the postgres user").arg(m_dir.path());
                return false;
            }
        }
        if (!run(QStringLiteral("initdb"), {QStringLiteral("-D"), data(), QStringLiteral("-U"), QStringLiteral("capgraph"),
                                            QStringLiteral("--auth=trust"), QStringLiteral("-E"), QStringLiteral("UTF8"),
                                            QStringLiteral("--no-sync")},
                 why))
            return false;
        // No TCP (listen_addresses empty): only the socket in the temporary folder.
        if (!run(QStringLiteral("pg_ctl"), {QStringLiteral("-D"), data(), QStringLiteral("-l"), m_dir.filePath(QStringLiteral("server.log")),
                                            QStringLiteral("-o"), QStringLiteral("-c listen_addresses='' -k %1 -c fsync=off -c max_connections=50").arg(m_dir.path()),
                                            QStringLiteral("-w"), QStringLiteral("-t"), QStringLiteral("60"), QStringLiteral("start")},
                 why))
            return false;
        m_running = true;
        return true;
    }

    void stop()
    {
        if (!m_running)
            return;
        QString why;
        run(QStringLiteral("pg_ctl"), {QStringLiteral("-D"), data(), QStringLiteral("-m"), QStringLiteral("immediate"), QStringLiteral("stop")}, &why);
        m_running = false;
    }

    // The store URL for `capgraph serve --store`: the cluster's socket, as user capgraph.
    QString url() const { return QStringLiteral("postgresql://capgraph@/postgres?host=%1").arg(m_dir.path()); }
    QString log() const
    {
        QFile f(m_dir.filePath(QStringLiteral("server.log")));
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

private:
    QString data() const { return m_dir.filePath(QStringLiteral("data")); }

    bool run(const QString &program, const QStringList &args, QString *why) const
    {
        QProcess p;
        const QString path = m_bin + QLatin1Char('/') + program;
        if (m_asUser.isEmpty()) {
            p.start(path, args);
        } else {
            p.setWorkingDirectory(m_dir.path()); // (root's own folder is not the postgres user's to read)
            p.start(QStringLiteral("runuser"), QStringList{QStringLiteral("-u"), m_asUser, QStringLiteral("--"), path} + args);
        }
        if (!p.waitForFinished(90000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
            *why = QStringLiteral("%1 failed: %2 %3").arg(program, QString::fromUtf8(p.readAllStandardError()), p.errorString());
            return false;
        }
        return true;
    }

    QTemporaryDir m_dir;
    QString m_bin;
    QString m_asUser;
    bool m_running = false;
};
