// OpenTelemetry export (docs/observability.md): `capgraph run --otlp` and `capgraph serve
// --otlp` send a run's trace as spans over OTLP/HTTP (JSON) to a real HTTP receiver on
// loopback. Every field of what arrives is checked against opentelemetry-proto's own trace
// messages (tests/fixtures/otlp/proto, read here), then what the spans say: the run's root,
// a span per node, a composite capability's child run under its node, the GenAI and
// OpenInference attributes of an llm call made to a local fake OpenAI server.
#include "support/CliRun.h"
#include "support/ScriptedHttpServer.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTest>

namespace {

QString fixture(const char *name) { return QStringLiteral(CAPGRAPH_FIXTURES_DIR "/otlp/") + QLatin1String(name); }

// The messages of .proto files: each message's fields by their JSON name (lowerCamelCase),
// with their type's simple name and whether they repeat; and the enums' names.
struct Protos
{
    struct Field
    {
        QString type;
        bool repeated = false;
    };
    QHash<QString, QHash<QString, Field>> messages;
    QHash<QString, QSet<int>> enums;                // each enum's numbers
    QHash<QString, QList<QSet<QString>>> oneofs;    // each message's oneof groups (JSON names)

    static QString jsonName(const QString &protoName)
    {
        QString out;
        bool up = false;
        for (const QChar c : protoName) {
            if (c == QLatin1Char('_')) {
                up = true;
                continue;
            }
            out += up ? c.toUpper() : c;
            up = false;
        }
        return out;
    }

    void read(const QString &path)
    {
        QFile f(path);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
        QString text = QString::fromUtf8(f.readAll());
        static const QRegularExpression comment(QStringLiteral("//[^\\n]*"));
        text.remove(comment);
        static const QRegularExpression token(QStringLiteral("[A-Za-z_][A-Za-z0-9_.]*|\\d+|[{};=<>,\\[\\]()\"]"));
        QStringList tokens;
        for (auto it = token.globalMatch(text); it.hasNext();)
            tokens << it.next().captured(0);
        // Scopes: a message's name, "" for a oneof (its fields are its message's), "=NAME"
        // for an enum's body, "#" for what is skipped (services, options).
        QStringList scopes;
        for (qsizetype i = 0; i < tokens.size(); ++i) {
            const QString &t = tokens.at(i);
            const bool skipping = !scopes.isEmpty() && scopes.last() == QLatin1String("#");
            const bool inEnum = !scopes.isEmpty() && scopes.last().startsWith(QLatin1Char('='));
            if (t == QLatin1String("}")) {
                scopes.removeLast();
            } else if (t == QLatin1String("{")) {
                scopes << QStringLiteral("#"); // an option's or an rpc's body
            } else if (skipping) {
                continue;
            } else if (inEnum && t != QLatin1String("option") && t != QLatin1String("reserved")) { // NAME = N;
                if (i + 2 < tokens.size() && tokens.at(i + 1) == QLatin1String("="))
                    enums[scopes.last().mid(1)].insert(tokens.at(i + 2).toInt(nullptr, 0));
                while (i < tokens.size() && tokens.at(i) != QLatin1String(";"))
                    ++i;
            } else if (t == QLatin1String("message") && i + 2 < tokens.size() && tokens.at(i + 2) == QLatin1String("{")) {
                scopes << tokens.at(i + 1);
                messages[tokens.at(i + 1)];
                i += 2;
            } else if (t == QLatin1String("enum") && i + 2 < tokens.size()) {
                enums[tokens.at(i + 1)];
                scopes << QLatin1Char('=') + tokens.at(i + 1);
                i += 2;
            } else if (t == QLatin1String("service")) {
                scopes << QStringLiteral("#");
                i += 2;
            } else if (t == QLatin1String("oneof")) {
                scopes << QString();
                for (qsizetype s = scopes.size() - 1; s >= 0; --s)
                    if (!scopes.at(s).isEmpty()) {
                        oneofs[scopes.at(s)].append(QSet<QString>());
                        break;
                    }
                i += 2;
            } else if (t == QLatin1String("syntax") || t == QLatin1String("package") || t == QLatin1String("import")
                       || t == QLatin1String("option") || t == QLatin1String("reserved")) {
                while (i < tokens.size() && tokens.at(i) != QLatin1String(";"))
                    ++i;
            } else if (!scopes.isEmpty()) { // a field: [repeated] TYPE NAME = N [options];
                QString message;
                for (qsizetype s = scopes.size() - 1; s >= 0 && message.isEmpty(); --s)
                    message = scopes.at(s);
                Field field;
                qsizetype j = i;
                if (tokens.at(j) == QLatin1String("repeated") || tokens.at(j) == QLatin1String("optional")) {
                    field.repeated = tokens.at(j) == QLatin1String("repeated");
                    ++j;
                }
                field.type = tokens.at(j).section(QLatin1Char('.'), -1);
                messages[message].insert(jsonName(tokens.at(j + 1)), field);
                if (scopes.last().isEmpty()) // inside a oneof
                    oneofs[message].last().insert(jsonName(tokens.at(j + 1)));
                while (i < tokens.size() && tokens.at(i) != QLatin1String(";"))
                    ++i;
            }
        }
    }

    // What in `v` (of proto type `type`) the messages do not allow, each with where it is.
    void check(const QJsonValue &v, const QString &type, const QString &where, QStringList *problems) const
    {
        const auto problem = [&](const QString &what) { *problems << QStringLiteral("%1: %2").arg(where, what); };
        if (messages.contains(type)) {
            if (!v.isObject())
                return problem(QStringLiteral("expected a %1 object").arg(type));
            const QHash<QString, Field> &fields = messages.value(type);
            const QJsonObject o = v.toObject();
            for (const QSet<QString> &group : oneofs.value(type)) {
                int set = 0;
                for (const QString &member : group)
                    set += o.contains(member) ? 1 : 0;
                if (set > 1)
                    problem(QStringLiteral("%1 sets %2 members of one oneof").arg(type).arg(set));
            }
            for (auto it = o.begin(); it != o.end(); ++it) {
                if (!fields.contains(it.key())) {
                    problem(QStringLiteral("%1 has no field %2").arg(type, it.key()));
                    continue;
                }
                const Field f = fields.value(it.key());
                const QString at = where + QLatin1Char('.') + it.key();
                if (f.repeated) {
                    if (!it.value().isArray()) {
                        *problems << at + QStringLiteral(": expected a list");
                        continue;
                    }
                    const QJsonArray list = it.value().toArray();
                    for (qsizetype i = 0; i < list.size(); ++i)
                        check(list.at(i), f.type, QStringLiteral("%1[%2]").arg(at).arg(i), problems);
                } else if (f.type == QLatin1String("bytes") && (it.key().endsWith(QLatin1String("Id")))) {
                    // Trace and span ids are hex in OTLP's JSON: 16 and 8 bytes.
                    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]+$"));
                    const QString s = it.value().toString();
                    const int length = it.key() == QLatin1String("traceId") ? 32 : 16;
                    if (s.size() != length || !hex.match(s).hasMatch() || s == QString(length, QLatin1Char('0')))
                        *problems << at + QStringLiteral(": expected %1 hex digits, not all zero: %2").arg(length).arg(s);
                } else {
                    check(it.value(), f.type, at, problems);
                }
            }
            return;
        }
        if (enums.contains(type)) {
            if (!v.isDouble() || v.toDouble() != std::floor(v.toDouble()) || !enums.value(type).contains(int(v.toDouble())))
                problem(QStringLiteral("expected one of the %1 enum's numbers").arg(type));
            return;
        }
        static const QRegularExpression digits(QStringLiteral("^-?\\d+$"));
        if (type == QLatin1String("string") || type == QLatin1String("bytes")) {
            if (!v.isString())
                problem(QStringLiteral("expected a string"));
        } else if (type == QLatin1String("bool")) {
            if (!v.isBool())
                problem(QStringLiteral("expected true or false"));
        } else if (type == QLatin1String("int64") || type == QLatin1String("uint64") || type == QLatin1String("fixed64")
                   || type == QLatin1String("sfixed64") || type == QLatin1String("sint64")) {
            const bool isUnsigned = type.startsWith(QLatin1String("uint")) || type.startsWith(QLatin1String("fixed"));
            if (!v.isString() || !digits.match(v.toString()).hasMatch() || (isUnsigned && v.toString().startsWith(QLatin1Char('-'))))
                problem(QStringLiteral("expected a %1 as a decimal string").arg(type)); // 64-bit: a decimal string
        } else if (type.endsWith(QLatin1String("32"))) {
            const bool isUnsigned = type.startsWith(QLatin1String("uint")) || type.startsWith(QLatin1String("fixed"));
            if (!v.isDouble() || v.toDouble() != std::floor(v.toDouble()) || (isUnsigned && v.toDouble() < 0))
                problem(QStringLiteral("expected a %1").arg(type));
        } else if (type == QLatin1String("double") || type == QLatin1String("float")) {
            if (!v.isDouble())
                problem(QStringLiteral("expected a number"));
        } else {
            problem(QStringLiteral("unknown type %1").arg(type));
        }
    }
};

const Protos &protos()
{
    static const Protos p = [] {
        Protos out;
        for (const char *f : {"trace_v1_trace.proto", "common_v1_common.proto", "resource_v1_resource.proto",
                               "collector_trace_v1_trace_service.proto"})
            out.read(QStringLiteral(CAPGRAPH_FIXTURES_DIR "/otlp/proto/") + QLatin1String(f));
        return out;
    }();
    return p;
}

// A chat completion, with its usage and finish reason.
HttpReply fakeOpenAi(const HttpRequestSeen &r)
{
    if (!r.path.endsWith("/chat/completions"))
        return HttpReply{404, R"({"error": {"message": "no such path"}})"};
    return HttpReply{200, R"({"id": "c1", "model": "fake-model-2026", "choices": [{"index": 0, "message": {"role": "assistant",)"
                          R"( "content": "Because it is."}, "finish_reason": "stop"}], "usage": {"prompt_tokens": 12, "completion_tokens": 5, "total_tokens": 17}})"};
}

HttpReply collector(const HttpRequestSeen &) { return HttpReply{200, "{}"}; }

QHash<QString, QString> llmEnvironment(const ScriptedHttpServer &openai)
{
    return {{QStringLiteral("OPENAI_BASE_URL"), openai.url(QStringLiteral("/v1"))},
            {QStringLiteral("OPENAI_API_KEY"), QStringLiteral("sk-fake")},
            {QStringLiteral("CAPGRAPH_LLM_MODEL"), QStringLiteral("fake-model")},
            {QStringLiteral("OTEL_EXPORTER_OTLP_HEADERS"), QStringLiteral("Authorization=Bearer%20otlp-key,x-team=graphs")}};
}

// Every span the collector was sent, its requests checked against the protos on the way.
QList<QJsonObject> receivedSpans(const ScriptedHttpServer &server, QJsonObject *resource = nullptr)
{
    QList<QJsonObject> spans;
    for (const HttpRequestSeen &r : server.requests()) {
        if (r.path != "/v1/traces") {
            qWarning("unexpected request to %s", r.path.constData());
            return {};
        }
        const QJsonObject body = QJsonDocument::fromJson(r.body).object();
        QStringList problems;
        protos().check(body, QStringLiteral("ExportTraceServiceRequest"), QStringLiteral("request"), &problems);
        if (!problems.isEmpty()) {
            qWarning("%s", qPrintable(problems.join(QLatin1Char('\n'))));
            return {};
        }
        for (const QJsonValue &rs : body.value(QStringLiteral("resourceSpans")).toArray()) {
            if (resource)
                *resource = rs.toObject().value(QStringLiteral("resource")).toObject();
            for (const QJsonValue &ss : rs.toObject().value(QStringLiteral("scopeSpans")).toArray())
                for (const QJsonValue &s : ss.toObject().value(QStringLiteral("spans")).toArray()) {
                    // What every span must have (proto3 would let an empty one through).
                    for (const char *field : {"traceId", "spanId", "name", "kind", "startTimeUnixNano", "endTimeUnixNano", "status"})
                        if (!s.toObject().contains(QLatin1String(field))) {
                            qWarning("a span without %s: %s", field, QJsonDocument(s.toObject()).toJson(QJsonDocument::Compact).constData());
                            return {};
                        }
                    spans << s.toObject();
                }
        }
    }
    return spans;
}

// A span's attribute value (its AnyValue), by key.
QJsonObject attribute(const QJsonObject &span, const QString &key)
{
    for (const QJsonValue &a : span.value(QStringLiteral("attributes")).toArray())
        if (a.toObject().value(QStringLiteral("key")).toString() == key)
            return a.toObject().value(QStringLiteral("value")).toObject();
    return {};
}
QString text(const QJsonObject &span, const QString &key) { return attribute(span, key).value(QStringLiteral("stringValue")).toString(); }
QString integer(const QJsonObject &span, const QString &key) { return attribute(span, key).value(QStringLiteral("intValue")).toString(); }

// The span of node `node` at the level `path` ("" for the run's own graph).
QJsonObject spanOf(const QList<QJsonObject> &spans, const QString &node, const QString &path = QString())
{
    for (const QJsonObject &s : spans)
        if (text(s, QStringLiteral("graph.node.id")) == node && text(s, QStringLiteral("capgraph.path")) == path
            && !s.value(QStringLiteral("parentSpanId")).toString().isEmpty())
            return s;
    return {};
}

} // namespace

class TestOtlp : public QObject
{
    Q_OBJECT

private slots:
    void theProtosAreRead()
    {
        // The checker itself: it knows the trace messages, and refuses what they lack.
        QVERIFY(protos().messages.value(QStringLiteral("Span")).contains(QStringLiteral("parentSpanId")));
        QVERIFY(protos().messages.value(QStringLiteral("AnyValue")).contains(QStringLiteral("stringValue")));
        QCOMPARE(protos().enums.value(QStringLiteral("SpanKind")), (QSet<int>{0, 1, 2, 3, 4, 5}));
        QCOMPARE(protos().oneofs.value(QStringLiteral("AnyValue")).size(), 1);
        QStringList problems;
        protos().check(QJsonObject{{QStringLiteral("name"), 3}, {QStringLiteral("parent"), QStringLiteral("x")},
                                   {QStringLiteral("startTimeUnixNano"), 12}, {QStringLiteral("spanId"), QStringLiteral("00")},
                                   {QStringLiteral("kind"), 9}, {QStringLiteral("endTimeUnixNano"), QStringLiteral("-5")},
                                   {QStringLiteral("attributes"), QJsonArray{QJsonObject{{QStringLiteral("key"), QStringLiteral("k")},
                                                                                          {QStringLiteral("value"), QJsonObject{{QStringLiteral("stringValue"), QStringLiteral("a")},
                                                                                                                                {QStringLiteral("intValue"), QStringLiteral("1")}}}}}}},
                       QStringLiteral("Span"), QStringLiteral("span"), &problems);
        QCOMPARE(problems.size(), 7); // name, parent, start, id, kind 9, a negative fixed64, two members of AnyValue's oneof
    }

    void aRunsSpans()
    {
        ScriptedHttpServer openai(fakeOpenAi);
        ScriptedHttpServer otlp(collector);
        const CliRun run = runCapgraph({QStringLiteral("run"), fixture("otlp.yaml"), QStringLiteral("--input"), QStringLiteral(R"({"question": "Why?"})"),
                                        QStringLiteral("--otlp"), otlp.url(), QStringLiteral("--otlp-content")},
                                       {}, false, llmEnvironment(openai));
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(!run.err.contains(QStringLiteral("otlp-key")), qPrintable(run.err));
        const auto requests = otlp.requests();
        QVERIFY(!requests.isEmpty());
        QCOMPARE(requests.first().method, QByteArray("POST"));
        QCOMPARE(requests.first().headers.value("content-type"), QByteArray("application/json"));
        QCOMPARE(requests.first().headers.value("authorization"), QByteArray("Bearer otlp-key")); // OTEL_EXPORTER_OTLP_HEADERS
        QCOMPARE(requests.first().headers.value("x-team"), QByteArray("graphs"));
        QJsonObject resource;
        const QList<QJsonObject> spans = receivedSpans(otlp, &resource);
        QVERIFY2(!spans.isEmpty(), "the collector got no span, or spans the protos do not allow (see the warnings)");
        QCOMPARE(text(QJsonObject{{QStringLiteral("attributes"), resource.value(QStringLiteral("attributes"))}}, QStringLiteral("service.name")),
                 QStringLiteral("capgraph"));

        // One trace; one root: the run.
        const QString trace = spans.first().value(QStringLiteral("traceId")).toString();
        QList<QJsonObject> roots;
        for (const QJsonObject &s : spans) {
            QCOMPARE(s.value(QStringLiteral("traceId")).toString(), trace);
            QVERIFY(s.value(QStringLiteral("startTimeUnixNano")).toString().toLongLong() <= s.value(QStringLiteral("endTimeUnixNano")).toString().toLongLong());
            if (s.value(QStringLiteral("parentSpanId")).toString().isEmpty())
                roots << s;
        }
        QCOMPARE(roots.size(), 1);
        const QJsonObject root = roots.first();
        QCOMPARE(root.value(QStringLiteral("name")).toString(), QStringLiteral("invoke_workflow otlp-demo"));
        QCOMPARE(text(root, QStringLiteral("gen_ai.operation.name")), QStringLiteral("invoke_workflow"));
        QCOMPARE(text(root, QStringLiteral("gen_ai.workflow.name")), QStringLiteral("otlp-demo"));
        QCOMPARE(text(root, QStringLiteral("capgraph.run.status")), QStringLiteral("finished"));
        QCOMPARE(root.value(QStringLiteral("status")).toObject().value(QStringLiteral("code")).toInt(), 1);
        QCOMPARE(integer(root, QStringLiteral("capgraph.total_tokens")), QStringLiteral("17"));
        QVERIFY(attribute(root, QStringLiteral("llm.token_count.total")).isEmpty()); // (counted once: on the llm span)
        const QString rootId = root.value(QStringLiteral("spanId")).toString();

        // A span per node execution: the run's own nodes under the root.
        QCOMPARE(spans.size(), 1 + 4 + 4); // the root, start/ask/pair/end, and the child's start/one/two/end
        for (const char *node : {"start", "ask", "pair", "end"}) {
            const QJsonObject s = spanOf(spans, QLatin1String(node));
            QVERIFY2(!s.isEmpty(), node);
            QCOMPARE(s.value(QStringLiteral("parentSpanId")).toString(), rootId);
            QCOMPARE(text(s, QStringLiteral("graph.node.parent_id")), QStringLiteral("otlp-demo"));
            QCOMPARE(text(s, QStringLiteral("capgraph.node.status")), QStringLiteral("finished"));
        }
        QCOMPARE(text(spanOf(spans, QStringLiteral("start")), QStringLiteral("capgraph.node.kind")), QStringLiteral("control.start"));

        // The llm call: GenAI's and OpenInference's attributes.
        const QJsonObject ask = spanOf(spans, QStringLiteral("ask"));
        QCOMPARE(text(ask, QStringLiteral("capgraph.node.kind")), QStringLiteral("skill"));
        QCOMPARE(text(ask, QStringLiteral("capgraph.skill_id")), QStringLiteral("otlp.ask"));
        QCOMPARE(text(ask, QStringLiteral("openinference.span.kind")), QStringLiteral("LLM"));
        QCOMPARE(text(ask, QStringLiteral("gen_ai.operation.name")), QStringLiteral("chat"));
        QCOMPARE(text(ask, QStringLiteral("gen_ai.request.model")), QStringLiteral("fake-model"));
        QCOMPARE(text(ask, QStringLiteral("llm.model_name")), QStringLiteral("fake-model"));
        QCOMPARE(integer(ask, QStringLiteral("gen_ai.usage.input_tokens")), QStringLiteral("12"));
        QCOMPARE(integer(ask, QStringLiteral("gen_ai.usage.output_tokens")), QStringLiteral("5"));
        QCOMPARE(integer(ask, QStringLiteral("llm.token_count.prompt")), QStringLiteral("12"));
        QCOMPARE(integer(ask, QStringLiteral("llm.token_count.completion")), QStringLiteral("5"));
        QCOMPARE(integer(ask, QStringLiteral("llm.token_count.total")), QStringLiteral("17"));
        const QJsonArray reasons = attribute(ask, QStringLiteral("gen_ai.response.finish_reasons")).value(QStringLiteral("arrayValue")).toObject()
                                       .value(QStringLiteral("values")).toArray();
        QCOMPARE(reasons.size(), 1);
        QCOMPARE(reasons.at(0).toObject().value(QStringLiteral("stringValue")).toString(), QStringLiteral("stop"));
        // --otlp-content: what the node was called with and gave.
        QVERIFY2(text(ask, QStringLiteral("input.value")).contains(QStringLiteral("Why?")), qPrintable(text(ask, QStringLiteral("input.value"))));
        QVERIFY2(text(ask, QStringLiteral("output.value")).contains(QStringLiteral("Because it is.")), qPrintable(text(ask, QStringLiteral("output.value"))));

        // The composite capability: its child run's nodes under its span.
        const QJsonObject pair = spanOf(spans, QStringLiteral("pair"));
        QCOMPARE(text(pair, QStringLiteral("openinference.span.kind")), QStringLiteral("CHAIN"));
        QVERIFY(attribute(pair, QStringLiteral("gen_ai.usage.input_tokens")).isEmpty());
        for (const char *node : {"start", "one", "two", "end"}) {
            const QJsonObject s = spanOf(spans, QLatin1String(node), QStringLiteral("pair"));
            QVERIFY2(!s.isEmpty(), node);
            QCOMPARE(s.value(QStringLiteral("parentSpanId")).toString(), pair.value(QStringLiteral("spanId")).toString());
            QCOMPARE(text(s, QStringLiteral("graph.node.parent_id")), QStringLiteral("pair"));
            QVERIFY(s.value(QStringLiteral("startTimeUnixNano")).toString().toLongLong() >= pair.value(QStringLiteral("startTimeUnixNano")).toString().toLongLong());
        }
        QCOMPARE(text(spanOf(spans, QStringLiteral("one"), QStringLiteral("pair")), QStringLiteral("openinference.span.kind")), QStringLiteral("TOOL"));
    }

    void contentOnlyWhenAsked()
    {
        ScriptedHttpServer openai(fakeOpenAi);
        ScriptedHttpServer otlp(collector);
        const CliRun run = runCapgraph({QStringLiteral("run"), fixture("otlp.yaml"), QStringLiteral("--input"), QStringLiteral(R"({"question": "Why?"})"),
                                        QStringLiteral("--otlp"), otlp.url()},
                                       {}, false, llmEnvironment(openai));
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QList<QJsonObject> spans = receivedSpans(otlp);
        QCOMPARE(spans.size(), 9);
        for (const QJsonObject &s : spans) {
            QVERIFY(attribute(s, QStringLiteral("input.value")).isEmpty());
            QVERIFY(attribute(s, QStringLiteral("output.value")).isEmpty());
        }
        QVERIFY(!QJsonDocument(spans.first()).toJson().contains("Why?"));
    }

    void anUnreachableCollectorCostsTheRunNothing()
    {
        ScriptedHttpServer openai(fakeOpenAi);
        QTcpServer closed; // a port nobody listens on
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        const quint16 port = closed.serverPort();
        closed.close();
        const CliRun run = runCapgraph({QStringLiteral("run"), fixture("otlp.yaml"), QStringLiteral("--input"), QStringLiteral(R"({"question": "Why?"})"),
                                        QStringLiteral("--otlp"), QStringLiteral("http://127.0.0.1:%1").arg(port)},
                                       {}, false, llmEnvironment(openai));
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(run.out.contains(QStringLiteral("Because it is.")), qPrintable(run.out));
        QCOMPARE(run.err.count(QStringLiteral("OpenTelemetry export to http://127.0.0.1:%1/v1/traces failed").arg(port)), 1);
        // A URL that is no collector's: refused before the run.
        const CliRun bad = runCapgraph({QStringLiteral("run"), fixture("otlp.yaml"), QStringLiteral("--otlp"), QStringLiteral("ftp://x")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("expected an http:// or https:// URL")), qPrintable(bad.err));
    }

    void aServersRunsToo()
    {
        ScriptedHttpServer openai(fakeOpenAi);
        ScriptedHttpServer otlp(collector);
        QTemporaryDir dir;
        QProcess serve;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (auto [k, v] : llmEnvironment(openai).asKeyValueRange())
            env.insert(k, v);
        serve.setProcessEnvironment(env);
        serve.start(QStringLiteral(CAPGRAPH_CLI), {QStringLiteral("serve"), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--store"),
                                                   dir.filePath(QStringLiteral("runs.sqlite")), QStringLiteral("--graphs"), fixture(""), QStringLiteral("--otlp"),
                                                   otlp.url()});
        QVERIFY(serve.waitForStarted(10000));
        static const QRegularExpression listening(QStringLiteral("listening on http://127\\.0\\.0\\.1:(\\d+)"));
        QByteArray err;
        QRegularExpressionMatch m;
        QElapsedTimer t;
        t.start();
        while (!(m = listening.match(QString::fromUtf8(err))).hasMatch() && t.elapsed() < 20000) {
            serve.waitForReadyRead(100);
            err += serve.readAllStandardError();
        }
        QVERIFY2(m.hasMatch(), err.constData());
        QNetworkAccessManager net;
        const QUrl base(QStringLiteral("http://127.0.0.1:%1").arg(m.captured(1)));
        QNetworkRequest post(base.resolved(QUrl(QStringLiteral("/v1/runs"))));
        post.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        QNetworkReply *created = net.post(post, R"({"graph": "otlp.yaml", "input": {"question": "Why?"}})");
        QTRY_VERIFY_WITH_TIMEOUT(created->isFinished(), 10000);
        const QString id = QJsonDocument::fromJson(created->readAll()).object().value(QStringLiteral("id")).toString();
        QVERIFY(!id.isEmpty());
        // The run's spans arrive once it has ended (in the exporter's next batch).
        QList<QJsonObject> spans;
        QJsonObject resource;
        t.restart();
        while (spans.size() < 9 && t.elapsed() < 20000) {
            QTest::qWait(100);
            spans = receivedSpans(otlp, &resource);
        }
        QCOMPARE(spans.size(), 9);
        QCOMPARE(text(QJsonObject{{QStringLiteral("attributes"), resource.value(QStringLiteral("attributes"))}}, QStringLiteral("service.name")),
                 QStringLiteral("capgraph-serve"));
        int roots = 0;
        for (const QJsonObject &s : spans)
            if (s.value(QStringLiteral("parentSpanId")).toString().isEmpty()) {
                ++roots;
                QCOMPARE(text(s, QStringLiteral("capgraph.run.id")), id);
                QCOMPARE(text(s, QStringLiteral("gen_ai.workflow.name")), QStringLiteral("otlp.yaml"));
            }
        QCOMPARE(roots, 1);
        serve.terminate();
        QVERIFY(serve.waitForFinished(10000));
    }
};

QTEST_MAIN(TestOtlp)
#include "tst_otlp.moc"
