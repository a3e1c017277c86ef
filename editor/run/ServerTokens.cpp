#include "run/ServerTokens.h"

#include <qt6keychain/keychain.h>

#include <QPointer>

namespace capgraph::editor {

namespace {
QString keyOf(const QString &server)
{
    return QStringLiteral("run-server:") + server;
}
} // namespace

void ServerTokens::read(const QString &server, QObject *context, std::function<void(const QString &, const QString &)> done)
{
    auto *job = new QKeychain::ReadPasswordJob(QLatin1String(Service));
    job->setAutoDelete(true);
    job->setInsecureFallback(false); // never a file beside the settings
    job->setKey(keyOf(server));
    QObject::connect(job, &QKeychain::Job::finished, context, [job, done = std::move(done)] {
        if (job->error() == QKeychain::NoError)
            done(job->textData(), QString());
        else if (job->error() == QKeychain::EntryNotFound)
            done(QString(), QString());
        else
            done(QString(), job->errorString());
    });
    job->start();
}

void ServerTokens::write(const QString &server, const QString &token, QObject *context, std::function<void(const QString &)> done)
{
    auto *job = new QKeychain::WritePasswordJob(QLatin1String(Service));
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(keyOf(server));
    job->setTextData(token);
    QObject::connect(job, &QKeychain::Job::finished, context, [job, done = std::move(done)] {
        done(job->error() == QKeychain::NoError ? QString() : job->errorString());
    });
    job->start();
}

void ServerTokens::forget(const QString &server, QObject *context, std::function<void(const QString &)> done)
{
    auto *job = new QKeychain::DeletePasswordJob(QLatin1String(Service));
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(keyOf(server));
    QObject::connect(job, &QKeychain::Job::finished, context, [job, done = std::move(done)] {
        done(job->error() == QKeychain::NoError || job->error() == QKeychain::EntryNotFound ? QString() : job->errorString());
    });
    job->start();
}

} // namespace capgraph::editor
