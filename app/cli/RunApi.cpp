#include "RunApi.h"

#include "service/RunService.h"
#include "expr/Expression.h"

#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRegularExpression>
#include <QSet>
#include <QTcpServer>
#include <QTimer>
#include <QUrlQuery>

#include <cstdio>
#include <memory>
#include <optional>

namespace capgraph {

namespace {
// Refuses a request whose declared body is larger than the limit, whose body has no declared
// size (chunked), or whose headers pass 16 KiB, before Qt's parser buffers it: the connection
// gets 413 and what the client still sends is dropped. It follows each connection's requests
// from the bytes Qt has not read yet (Qt reads all it has at each readyRead, after this sees
// them): the headers gathered until their blank line (CRLF or LF), then the body counted off.
class GuardedTcpServer : public QTcpServer
{
public:
    GuardedTcpServer(qint64 limit, QObject *parent) : QTcpServer(parent), m_limit(limit) {}

    QTcpSocket *nextPendingConnection() override
    {
        QTcpSocket *socket = QTcpServer::nextPendingConnection();
        if (socket) { // connected before Qt's own reader, so it sees the bytes first
            m_frames.insert(socket, Frame());
            QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, socket] { check(socket); });
            QObject::connect(socket, &QObject::destroyed, this, [this, socket] { m_frames.remove(socket); });
        }
        return socket;
    }

private:
    static constexpr qsizetype MaxHeaders = 16384;
    struct Frame
    {
        QByteArray head;     // the headers so far
        qint64 bodyLeft = 0; // body bytes still to come
        bool refused = false;
    };

    void check(QTcpSocket *socket)
    {
        Frame &f = m_frames[socket];
        if (f.refused) {
            socket->readAll();
            return;
        }
        QByteArray data = socket->peek(socket->bytesAvailable());
        while (!data.isEmpty()) {
            if (f.bodyLeft > 0) { // a body let in: counted off
                const qint64 take = std::min<qint64>(f.bodyLeft, data.size());
                f.bodyLeft -= take;
                data.remove(0, take);
                continue;
            }
            f.head += std::exchange(data, QByteArray());
            while (!f.head.isEmpty() && (f.head.front() == '\r' || f.head.front() == '\n'))
                f.head.remove(0, 1); // what ended the request before
            qsizetype end = -1, marker = 0;
            for (const QByteArray &m : {QByteArray("\r\n\r\n"), QByteArray("\n\n"), QByteArray("\n\r\n")}) {
                const qsizetype at = f.head.indexOf(m);
                if (at >= 0 && (end < 0 || at < end)) {
                    end = at;
                    marker = m.size();
                }
            }
            if (end < 0 || end > MaxHeaders) {
                if (f.head.size() > MaxHeaders)
                    refuse(socket, f, QStringLiteral("headers longer than %1 bytes").arg(MaxHeaders));
                return; // (or more headers to come)
            }
            const QString headers = QString::fromLatin1(f.head.left(end).toLower());
            data = f.head.mid(end + marker); // its body, then perhaps the next request
            f.head.clear();
            static const QRegularExpression length(QStringLiteral("\\ncontent-length:[ \\t]*([^\\r\\n]*)"));
            static const QRegularExpression chunked(QStringLiteral("\\ntransfer-encoding:[^\\n]*chunked"));
            if (chunked.match(headers).hasMatch())
                return refuse(socket, f, QStringLiteral("a body without Content-Length (chunked)"));
            if (const QRegularExpressionMatch m = length.match(headers); m.hasMatch()) {
                const QString value = m.captured(1).trimmed();
                bool ok = value.size() <= 15;
                const qint64 declared = ok ? value.toLongLong(&ok) : 0;
                if (!ok || declared < 0 || declared > m_limit)
                    return refuse(socket, f, QStringLiteral("a body of more than %1 bytes").arg(m_limit));
                f.bodyLeft = declared;
            }
        }
    }

    void refuse(QTcpSocket *socket, Frame &f, const QString &what)
    {
        const QByteArray body = QJsonDocument(QJsonObject{{QStringLiteral("error"),
                                                           QStringLiteral("the request is larger than the server takes: %1").arg(what)}})
                                    .toJson(QJsonDocument::Compact);
        f.refused = true;
        socket->readAll();
        socket->write("HTTP/1.1 413 Payload Too Large\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: "
                      + QByteArray::number(body.size()) + "\r\n\r\n" + body);
        std::fprintf(stderr, "capgraph serve: request refused with 413: %s\n", what.toUtf8().constData());
        // What the client still sends is read and dropped (closing now would reset the
        // connection under a client that is still sending, before it reads the answer); the
        // connection ends when the client closes it, or after two seconds.
        QTimer::singleShot(2000, socket, [socket] { socket->disconnectFromHost(); });
    }

    qint64 m_limit;
    QHash<QTcpSocket *, Frame> m_frames;
};

QByteArray methodName(QHttpServerRequest::Method m)
{
    switch (m) {
    case QHttpServerRequest::Method::Get:
        return "GET";
    case QHttpServerRequest::Method::Post:
        return "POST";
    case QHttpServerRequest::Method::Put:
        return "PUT";
    case QHttpServerRequest::Method::Delete:
        return "DELETE";
    default:
        return "OTHER";
    }
}

QJsonObject error(const QString &text) { return QJsonObject{{QStringLiteral("error"), text}}; }

// "no run …" is 404; a run that cannot do it now (ended, not paused, no such question) 409.
int statusOf(const QString &why) { return why.startsWith(QLatin1String("no run ")) ? 404 : 409; }

// How long a request with ?wait=SECONDS may wait for its run (docs/server.md): at most five
// minutes; -1 when it was not asked, -2 when the value is no number in 0…300.
int waitSeconds(const QHttpServerRequest &request)
{
    const QUrlQuery query = request.query();
    if (!query.hasQueryItem(QStringLiteral("wait")))
        return -1;
    bool ok = false;
    const int seconds = query.queryItemValue(QStringLiteral("wait")).toInt(&ok);
    return ok && seconds >= 0 && seconds <= 300 ? seconds : -2;
}

// Whether a run stands still: it has ended, or waits for an answer or for the debugger.
bool standsStill(const QString &status)
{
    return status != QLatin1String("queued") && status != QLatin1String("running");
}

// {"nodes": [ID…], "conditions": {ID: EXPRESSION}} (conditions optional, each an expression
// that parses) as `out`, or false with why.
bool breakpointsOf(const QJsonValue &given, QJsonObject *out, QString *why)
{
    const QJsonObject body = given.toObject();
    if (!given.isObject() || !body.value(QStringLiteral("nodes")).isArray()) {
        *why = QStringLiteral("give {\"nodes\": [ID, ...]} for breakpoints");
        return false;
    }
    for (const QJsonValue &v : body.value(QStringLiteral("nodes")).toArray()) {
        if (!v.isString()) {
            *why = QStringLiteral("breakpoints' \"nodes\" are node ids (strings)");
            return false;
        }
    }
    QJsonObject conditions;
    if (body.contains(QStringLiteral("conditions"))) { // {node: expression}: stop there only when it holds
        if (!body.value(QStringLiteral("conditions")).isObject()) {
            *why = QStringLiteral("\"conditions\" must be an object: {NODE: EXPRESSION, ...}");
            return false;
        }
        conditions = body.value(QStringLiteral("conditions")).toObject();
        for (auto it = conditions.begin(); it != conditions.end(); ++it) {
            if (!it.value().isString()) {
                *why = QStringLiteral("the condition for %1 must be a string (an expression)").arg(it.key());
                return false;
            }
            if (const Expression e = Expression::parse(it.value().toString()); !it.value().toString().trimmed().isEmpty() && !e.isValid()) {
                *why = QStringLiteral("the condition for %1 is not an expression: %2").arg(it.key(), e.errorText().english());
                return false;
            }
        }
    }
    *out = QJsonObject{{QStringLiteral("nodes"), body.value(QStringLiteral("nodes"))}, {QStringLiteral("conditions"), conditions}};
    return true;
}
} // namespace

RunApi::RunApi(RunService *service, QByteArray token, QString logName, QObject *parent)
    : QAbstractHttpServer(parent)
    , m_service(service)
    , m_token(std::move(token))
    , m_logName(logName.toUtf8())
{
    connect(service, &RunService::committed, this, [this](const QString &id, qint64, bool) {
        feedStreams(id);
        answerWaiters(id, false);
    });
    if (service->store()->isShared()) {
        // The other servers' runs move on as notifications tell; this is in case one is missed.
        auto *poll = new QTimer(this);
        connect(poll, &QTimer::timeout, this, [this] {
            QSet<QString> runs;
            for (const Stream &s : std::as_const(m_streams))
                runs.insert(s.run);
            for (const QString &id : std::as_const(runs))
                feedStreams(id);
            QSet<QString> awaited;
            for (const Waiter &w : std::as_const(m_waiters))
                awaited.insert(w.run);
            for (const QString &id : std::as_const(awaited))
                answerWaiters(id, false);
        });
        poll->start(1000);
    }
}

quint16 RunApi::listenOn(const QHostAddress &address, quint16 port, QString *why)
{
    auto *tcp = new GuardedTcpServer(DefaultMaxBody, this);
    if (!tcp->listen(address, port)) {
        *why = tcp->errorString();
        delete tcp;
        return 0;
    }
    bind(tcp);
    return tcp->serverPort();
}

bool RunApi::busy() const
{
    if (!m_streams.isEmpty() || !m_waiters.isEmpty())
        return true;
    for (const QPointer<QTcpSocket> &s : m_closing)
        if (s && s->state() != QAbstractSocket::UnconnectedState)
            return true;
    // An answer written but not sent yet.
    for (const QTcpSocket *socket : findChildren<QTcpSocket *>())
        if (socket->bytesToWrite() > 0)
            return true;
    return false;
}

bool RunApi::parseAddress(const QString &text, QHostAddress *address, quint16 *port)
{
    const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
    bool portOk = false;
    const uint p = colon < 0 ? 0 : text.mid(colon + 1).toUInt(&portOk);
    QString host = colon < 0 ? QString() : text.left(colon);
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    *address = QHostAddress(host == QLatin1String("localhost") ? QStringLiteral("127.0.0.1") : host);
    *port = quint16(p);
    return colon >= 0 && portOk && p <= 65535 && !address->isNull();
}

bool RunApi::authorized(const QHttpServerRequest &request) const
{
    if (m_token.isEmpty())
        return true;
    const QByteArray given = request.value("Authorization");
    const QByteArray expected = "Bearer " + m_token;
    // Constant time: every byte compared, whatever differs first.
    unsigned char diff = given.size() == expected.size() ? 0 : 1;
    for (qsizetype i = 0; i < expected.size(); ++i)
        diff |= static_cast<unsigned char>(expected.at(i) ^ (i < given.size() ? given.at(i) : 0));
    return diff == 0;
}

void RunApi::missingHandler(const QHttpServerRequest &request, QTcpSocket *socket)
{
    send(request, socket, {404, error(QStringLiteral("no such path: %1").arg(request.url().path())), {}});
}

bool RunApi::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    Reply reply;
    Taken taken = Taken::No;
    const bool probe = request.method() == QHttpServerRequest::Method::Get && request.url().path() == QLatin1String("/v1/health");
    if (!authorized(request) && probe) // a load balancer's probe: whether it works, no more
        reply = {m_service->store()->ping() ? 200 : 503,
                 QJsonObject{{QStringLiteral("status"), m_service->store()->ping() ? QStringLiteral("ok") : QStringLiteral("unavailable")}}, {}};
    else if (!authorized(request))
        reply = {401, error(QStringLiteral("missing or wrong bearer token (Authorization: Bearer TOKEN)")), {}};
    else if (request.body().size() > DefaultMaxBody)
        reply = {413, error(QStringLiteral("the request body is larger than %1 bytes").arg(DefaultMaxBody)), {}};
    else
        reply = route(request, socket, &taken);
    // One line per request, without its headers (a token never reaches the log); a request
    // answered later is logged then.
    if (taken != Taken::Later)
        std::fprintf(stderr, "%s: %s %s %d\n", m_logName.constData(), methodName(request.method()).constData(),
                     request.url().path().toUtf8().constData(), taken == Taken::Stream ? 200 : reply.status);
    if (taken == Taken::No)
        send(request, socket, reply);
    return true;
}

void RunApi::send(const QHttpServerRequest &request, QTcpSocket *socket, const Reply &reply)
{
    QHttpServerResponder responder = makeResponder(request, socket);
    const QByteArray body = QJsonDocument(reply.body).toJson(QJsonDocument::Compact) + '\n';
    responder.writeStatusLine(static_cast<QHttpServerResponder::StatusCode>(reply.status));
    responder.writeHeader("Content-Type", "application/json");
    responder.writeHeader("Content-Length", QByteArray::number(body.size()));
    if (reply.status == 401)
        responder.writeHeader("WWW-Authenticate", "Bearer");
    if (!reply.location.isEmpty())
        responder.writeHeader("Location", reply.location);
    responder.writeBody(body);
}

RunApi::Reply RunApi::route(const QHttpServerRequest &request, QTcpSocket *socket, Taken *taken)
{
    const QStringList parts = request.url().path().split(QLatin1Char('/'), Qt::SkipEmptyParts);
    const QHttpServerRequest::Method method = request.method();
    const auto is = [&](QHttpServerRequest::Method m) { return method == m; };
    const auto wrongMethod = [] { return Reply{405, error(QStringLiteral("method not allowed here")), {}}; };
    if (parts.value(0) != QLatin1String("v1"))
        return {404, error(QStringLiteral("no such path: %1").arg(request.url().path())), {}};
    QJsonObject body;
    if (is(QHttpServerRequest::Method::Post) || is(QHttpServerRequest::Method::Put)) {
        if (!request.body().trimmed().isEmpty()) {
            QJsonParseError parseError;
            const QJsonDocument doc = QJsonDocument::fromJson(request.body(), &parseError);
            if (parseError.error != QJsonParseError::NoError || !doc.isObject())
                return {400, error(parseError.error != QJsonParseError::NoError
                                       ? QStringLiteral("the body is not JSON: %1 at byte %2").arg(parseError.errorString()).arg(parseError.offset)
                                       : QStringLiteral("the body must be a JSON object")),
                        {}};
            body = doc.object();
        }
    }
    // /v1/health
    if (parts.size() == 2 && parts.at(1) == QLatin1String("health")) {
        if (!is(QHttpServerRequest::Method::Get))
            return wrongMethod();
        const RunStore *store = m_service->store();
        const bool up = store->ping(); // the store answers
        return {up ? 200 : 503,
                QJsonObject{{QStringLiteral("status"), up ? QStringLiteral("ok") : QStringLiteral("unavailable")},
                            {QStringLiteral("store"), store->location()},
                            {QStringLiteral("store_kind"), store->isShared() ? QStringLiteral("postgresql") : QStringLiteral("sqlite")},
                            {QStringLiteral("worker"), store->worker()}},
                {}};
    }
    if (parts.value(1) != QLatin1String("runs"))
        return {404, error(QStringLiteral("no such path: %1").arg(request.url().path())), {}};
    // /v1/runs
    if (parts.size() == 2) {
        if (is(QHttpServerRequest::Method::Post) && !m_noSubmissions.isEmpty())
            return {405, error(m_noSubmissions), {}};
        if (is(QHttpServerRequest::Method::Post)) {
            const QString graph = body.value(QStringLiteral("graph")).toString();
            const QString yaml = body.value(QStringLiteral("graph_yaml")).toString();
            if (graph.isEmpty() == yaml.isEmpty())
                return {400, error(QStringLiteral("give either \"graph\" (a file under the server's graphs folder) or \"graph_yaml\" (the graph as text)")), {}};
            if (body.contains(QStringLiteral("input")) && !body.value(QStringLiteral("input")).isObject())
                return {400, error(QStringLiteral("\"input\" must be a JSON object")), {}};
            // The debugger's settings it starts with: {"nodes", "conditions"} as PUT …/breakpoints takes them, and pause.
            QJsonObject debug;
            if (body.contains(QStringLiteral("breakpoints"))) {
                QString why;
                QJsonObject bp;
                if (!breakpointsOf(body.value(QStringLiteral("breakpoints")), &bp, &why))
                    return {400, error(why), {}};
                debug.insert(QStringLiteral("breakpoints"), bp.value(QStringLiteral("nodes")));
                debug.insert(QStringLiteral("conditions"), bp.value(QStringLiteral("conditions")));
            }
            if (body.contains(QStringLiteral("pause"))) {
                if (!body.value(QStringLiteral("pause")).isBool())
                    return {400, error(QStringLiteral("\"pause\" must be true or false")), {}};
                debug.insert(QStringLiteral("pause"), body.value(QStringLiteral("pause")).toBool());
            }
            const QString name = body.value(QStringLiteral("name")).toString().trimmed();
            if (body.contains(QStringLiteral("name")) && (yaml.isEmpty() || name.isEmpty() || name.size() > 200))
                return {400, error(QStringLiteral("\"name\" names a graph sent as text (graph_yaml): 1 to 200 characters")), {}};
            const int wait = waitSeconds(request);
            if (wait == -2)
                return {400, error(QStringLiteral("?wait= takes the seconds to wait for the run, 0 to 300")), {}};
            const RunService::Submission s =
                m_service->submit(graph, yaml.toUtf8(), body.value(QStringLiteral("input")).toObject().toVariantMap(), debug, name);
            if (s.id.isEmpty()) {
                QJsonObject o = error(s.notFound || s.findings.value(0).startsWith(QLatin1String("a breakpoint")) || s.findings.value(0).startsWith(QLatin1String("a condition"))
                                          ? s.findings.value(0)
                                          : QStringLiteral("the graph cannot run"));
                o.insert(QStringLiteral("findings"), QJsonArray::fromStringList(s.findings));
                return {s.notFound ? 404 : 422, o, {}};
            }
            if (wait >= 0) { // answered once the run stands still (or the time is up)
                *taken = Taken::Later;
                awaitRun(s.id, wait, 201, methodName(request.method()) + ' ' + request.url().path().toUtf8(), socket);
                return {};
            }
            return {201, QJsonObject{{QStringLiteral("id"), s.id}, {QStringLiteral("status"), QStringLiteral("queued")}},
                    "/v1/runs/" + s.id.toUtf8()};
        }
        if (!is(QHttpServerRequest::Method::Get))
            return wrongMethod();
        const QUrlQuery q = request.query();
        RunQuery query;
        query.status = q.queryItemValue(QStringLiteral("status"));
        query.graph = q.queryItemValue(QStringLiteral("graph"));
        query.text = q.queryItemValue(QStringLiteral("q"), QUrl::FullyDecoded);
        query.offset = std::max(0, q.queryItemValue(QStringLiteral("offset")).toInt());
        const int limit = q.queryItemValue(QStringLiteral("limit")).toInt();
        query.limit = limit > 0 ? std::min(limit, 500) : 50;
        int total = 0;
        QJsonArray runs;
        for (const StoredRun &r : m_service->store()->runs(query, &total))
            runs.append(RunService::toJson(r));
        return {200, QJsonObject{{QStringLiteral("runs"), runs}, {QStringLiteral("total"), total},
                                 {QStringLiteral("offset"), query.offset}, {QStringLiteral("limit"), query.limit}},
                {}};
    }
    const QString id = parts.at(2);
    // /v1/runs/{id}
    if (parts.size() == 3) {
        if (!is(QHttpServerRequest::Method::Get))
            return wrongMethod();
        const std::optional<StoredRun> run = m_service->store()->run(id);
        if (!run)
            return {404, error(QStringLiteral("no run %1").arg(id)), {}};
        const int wait = waitSeconds(request);
        if (wait == -2)
            return {400, error(QStringLiteral("?wait= takes the seconds to wait for the run, 0 to 300")), {}};
        if (wait > 0 && !standsStill(run->status)) {
            *taken = Taken::Later;
            awaitRun(id, wait, 200, methodName(request.method()) + ' ' + request.url().path().toUtf8(), socket);
            return {};
        }
        return {200, RunService::toJson(*run), {}};
    }
    if (parts.size() != 4)
        return {404, error(QStringLiteral("no such path: %1").arg(request.url().path())), {}};
    const QString verb = parts.at(3);
    if (verb == QLatin1String("events")) {
        if (!is(QHttpServerRequest::Method::Get))
            return wrongMethod();
        if (!m_service->store()->run(id))
            return {404, error(QStringLiteral("no run %1").arg(id)), {}};
        bool ok = false;
        qint64 after = request.value("Last-Event-ID").toLongLong(&ok);
        if (!ok)
            after = request.query().queryItemValue(QStringLiteral("after")).toLongLong();
        *taken = Taken::Stream;
        openStream(id, std::max<qint64>(0, after), socket);
        return {};
    }
    if (verb == QLatin1String("graph")) { // the graph the run runs, as it started with it
        if (!is(QHttpServerRequest::Method::Get))
            return wrongMethod();
        const std::optional<StoredRun> run = m_service->store()->run(id);
        if (!run)
            return {404, error(QStringLiteral("no run %1").arg(id)), {}};
        return {200, QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("graph"), run->graph},
                                 {QStringLiteral("graph_yaml"), QString::fromUtf8(run->graphYaml)}},
                {}};
    }
    if (verb == QLatin1String("breakpoints") || verb == QLatin1String("variables")) {
        if (!is(QHttpServerRequest::Method::Put))
            return wrongMethod();
    } else if (!is(QHttpServerRequest::Method::Post)) {
        return wrongMethod();
    }
    bool deferred = false;
    Reply reply = runVerb(id, verb, body, request, socket, &deferred);
    if (deferred)
        *taken = Taken::Later;
    return reply;
}

RunApi::Reply RunApi::runVerb(const QString &id, const QString &verb, const QJsonObject &body, const QHttpServerRequest &request,
                              QTcpSocket *socket, bool *deferred)
{
    QJsonObject args;
    if (verb == QLatin1String("answers")) {
        const QString node = body.value(QStringLiteral("node")).toString();
        if (node.isEmpty() || !body.contains(QStringLiteral("answer")))
            return {400, error(QStringLiteral("give {\"node\": ID, \"answer\": VALUE}")), {}};
        args = QJsonObject{{QStringLiteral("node"), node}, {QStringLiteral("answer"), body.value(QStringLiteral("answer"))}};
    } else if (verb == QLatin1String("breakpoints")) {
        QString why;
        if (!breakpointsOf(body, &args, &why))
            return {400, error(why), {}};
    } else if (verb == QLatin1String("variables")) {
        const QString name = body.value(QStringLiteral("name")).toString();
        if (name.isEmpty() || !body.contains(QStringLiteral("value")))
            return {400, error(QStringLiteral("give {\"name\": NAME, \"value\": VALUE}")), {}};
        args = QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("value"), body.value(QStringLiteral("value"))}};
    } else if (verb != QLatin1String("pause") && verb != QLatin1String("resume") && verb != QLatin1String("step")
               && verb != QLatin1String("cancel")) {
        return {404, error(QStringLiteral("no such path: /v1/runs/%1/%2").arg(id, verb)), {}};
    }
    // Done here at once, or (a run another server holds) when that server has done it.
    struct Pending
    {
        bool inside = true; // still in this call
        std::optional<Reply> reply;
    };
    auto pending = std::make_shared<Pending>();
    const QByteArray line = methodName(request.method()) + ' ' + request.url().path().toUtf8();
    m_service->command(id, verb, args, [this, pending, id, line, socket = QPointer<QTcpSocket>(socket)](bool ok, const QString &why) {
        Reply reply;
        if (!ok) {
            reply = {statusOf(why), error(why), {}};
        } else {
            const std::optional<StoredRun> run = m_service->store()->run(id);
            reply = {200, run ? RunService::toJson(*run) : QJsonObject{{QStringLiteral("id"), id}}, {}};
        }
        if (pending->inside) {
            pending->reply = reply;
            return;
        }
        std::fprintf(stderr, "%s: %s %d\n", m_logName.constData(), line.constData(), reply.status);
        if (socket && socket->state() == QAbstractSocket::ConnectedState)
            sendLater(socket, reply);
    });
    pending->inside = false;
    if (pending->reply)
        return *pending->reply;
    // The answer comes later: the connection waits for it, Qt's request reader set aside.
    QObject::disconnect(socket, &QTcpSocket::readyRead, this, nullptr);
    *deferred = true;
    return {};
}

void RunApi::sendLater(QTcpSocket *socket, const Reply &reply)
{
    const QByteArray body = QJsonDocument(reply.body).toJson(QJsonDocument::Compact) + '\n';
    const char *reason = reply.status == 200 ? "OK" : reply.status == 201 ? "Created" : reply.status == 503 ? "Service Unavailable" : reply.status == 404 ? "Not Found" : reply.status == 409 ? "Conflict" : "Internal Server Error";
    socket->write("HTTP/1.1 " + QByteArray::number(reply.status) + ' ' + reason
                  + "\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: " + QByteArray::number(body.size())
                  + (reply.location.isEmpty() ? QByteArray() : "\r\nLocation: " + reply.location) + "\r\n\r\n" + body);
    socket->disconnectFromHost();
}

void RunApi::awaitRun(const QString &id, int seconds, int status, const QByteArray &line, QTcpSocket *socket)
{
    // The connection waits for the answer, Qt's request reader set aside.
    QObject::disconnect(socket, &QTcpSocket::readyRead, this, nullptr);
    m_waiters.append({id, socket, status, line});
    connect(socket, &QTcpSocket::disconnected, this, [this, socket] { // the client gave up
        m_waiters.removeIf([socket](const Waiter &w) { return w.socket == socket; });
    });
    QTimer::singleShot(seconds * 1000, socket, [this, socket] { // the time is up: the run as it is
        for (const Waiter &w : std::as_const(m_waiters)) {
            if (w.socket == socket) {
                const QString run = w.run; // (the list changes as it is answered)
                answerWaiters(run, true, socket);
                return;
            }
        }
    });
    answerWaiters(id, false); // it may stand still already
}

void RunApi::answerWaiters(const QString &id, bool timedOut, QTcpSocket *only)
{
    std::optional<StoredRun> run; // read once, when someone waits for it
    bool read = false;
    for (qsizetype i = m_waiters.size() - 1; i >= 0; --i) {
        if (i >= m_waiters.size() || m_waiters.at(i).run != id || (only && m_waiters.at(i).socket != only))
            continue;
        if (!read) {
            if (!timedOut && m_service->isActive(id) && !m_service->committedRow(id))
                return; // going on here, not committed yet: its commit tells
            const StoredRun *here = m_service->committedRow(id);
            run = here ? std::optional<StoredRun>(*here) : m_service->store()->run(id);
            read = true;
            if (!timedOut && (!run || !standsStill(run->status)))
                return;
        }
        const Waiter w = m_waiters.takeAt(i);
        if (!w.socket || w.socket->state() != QAbstractSocket::ConnectedState)
            continue;
        // The time is up and the store does not answer: said so, not left waiting.
        const Reply reply = run ? Reply{w.status, RunService::toJson(*run), w.status == 201 ? "/v1/runs/" + id.toUtf8() : QByteArray()}
                                : Reply{503, error(QStringLiteral("the run store did not answer for run %1").arg(id)), {}};
        std::fprintf(stderr, "%s: %s %d\n", m_logName.constData(), w.line.constData(), reply.status);
        sendLater(w.socket, reply);
    }
}

void RunApi::openStream(const QString &id, qint64 after, QTcpSocket *socket)
{
    // The connection is the stream's from now on: Qt's request reader lets it be (a request
    // sent after it would otherwise be answered into the stream).
    QObject::disconnect(socket, &QTcpSocket::readyRead, this, nullptr);
    socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n");
    m_streams.append({id, after, socket});
    connect(socket, &QTcpSocket::disconnected, this, [this, socket] { // the client went: its stream too
        m_streams.removeIf([socket](const Stream &s) { return s.socket == socket; });
    });
    // A slow client: more is written as it takes what was sent.
    connect(socket, &QTcpSocket::bytesWritten, this, [this, id] { feedStreams(id); });
    feedStreams(id);
}

void RunApi::feedStreams(const QString &id)
{
    std::optional<StoredRun> run; // read once, when a stream has caught up
    for (qsizetype i = m_streams.size() - 1; i >= 0; --i) {
        if (i >= m_streams.size())
            continue;
        Stream &s = m_streams[i];
        if (s.run != id)
            continue;
        if (!s.socket || s.socket->state() != QAbstractSocket::ConnectedState) {
            m_streams.removeAt(i);
            continue;
        }
        // At most about 1 MiB waiting to be sent per stream: the rest when the client has it.
        while (s.socket->bytesToWrite() < (1 << 20)) {
            const QList<QPair<qint64, QByteArray>> events = m_service->store()->events(id, s.sent, 200);
            for (const auto &[seq, json] : events) {
                s.socket->write("id: " + QByteArray::number(seq) + "\nevent: trace\ndata: " + json + "\n\n");
                s.sent = seq;
            }
            if (events.size() < 200)
                break;
        }
        if (s.socket->bytesToWrite() >= (1 << 20))
            continue; // behind: the rest when the client has taken this
        if (!run)
            run = m_service->store()->run(id);
        const bool ended = run && RunService::isFinalStatus(run->status);
        if (ended && s.sent >= run->events) { // everything sent: the stream ends with the run
            const QPointer<QTcpSocket> socket = s.socket;
            m_streams.removeAt(i); // first: closing may tell `disconnected` at once
            QObject::disconnect(socket, &QTcpSocket::bytesWritten, this, nullptr);
            socket->write("event: end\ndata: {}\n\n");
            socket->disconnectFromHost();
            m_closing.removeIf([](const QPointer<QTcpSocket> &c) { return !c || c->state() == QAbstractSocket::UnconnectedState; });
            m_closing.append(socket);
        }
    }
}

} // namespace capgraph
