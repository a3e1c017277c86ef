#pragma once

#include <QObject>
#include <QString>

#include <functional>

namespace capgraph::editor {

// Run servers' tokens in the desktop's keyring (QtKeychain: the Secret Service, KWallet),
// one per server address, never in the studio's settings file. Without a keyring (none
// running, or it refused) a token is not remembered, and `problem` says so.
class ServerTokens
{
public:
    static constexpr const char *Service = "CapGraph Studio";

    // The token kept for `server` (http://HOST:PORT): `token` empty when none is.
    static void read(const QString &server, QObject *context, std::function<void(const QString &token, const QString &problem)> done);
    static void write(const QString &server, const QString &token, QObject *context, std::function<void(const QString &problem)> done);
    static void forget(const QString &server, QObject *context, std::function<void(const QString &problem)> done);
};

} // namespace capgraph::editor
