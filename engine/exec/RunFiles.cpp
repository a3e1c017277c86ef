#include "exec/RunFiles.h"
#include "io/AtomicWrite.h"

#include "plan/JsonOffsets.h"
#include "io/YamlValue.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace capgraph {

namespace {
QString nameOf(const QString &file)
{
    return file.isEmpty() ? QStringLiteral("<text>") : file;
}

// "FILE:line:col: what (near "...")" for a JSON text that did not parse.
QString jsonSyntaxError(const QByteArray &text, const QString &file, const QJsonParseError &e)
{
    const auto [line, column] = JsonOffsets::lineColumnIn(text, e.offset);
    const QString near = QString::fromUtf8(text.mid(std::max(0, e.offset - 12), 24)).simplified();
    return QStringLiteral("%1:%2:%3: error: %4 (near \"%5\")").arg(nameOf(file)).arg(line).arg(column).arg(e.errorString(), near);
}
} // namespace

QByteArray RunCheckpoint::toJson() const
{
    QJsonObject cp;
    cp.insert(QStringLiteral("format"), QString::fromLatin1(Format));
    cp.insert(QStringLiteral("version"), Version);
    cp.insert(QStringLiteral("graph_file"), graphFile);
    cp.insert(QStringLiteral("graph_sha256"), QString::fromLatin1(graphSha256));
    cp.insert(QStringLiteral("mock_file"), mockFile.isEmpty() ? QJsonValue() : QJsonValue(mockFile));
    if (!capabilityDirs.isEmpty())
        cp.insert(QStringLiteral("capability_dirs"), QJsonArray::fromStringList(capabilityDirs));
    if (!sessionFile.isEmpty())
        cp.insert(QStringLiteral("session_file"), sessionFile);
    cp.insert(QStringLiteral("state"), state);
    return QJsonDocument(cp).toJson(QJsonDocument::Indented);
}

namespace RunFiles {

bool parseAnswers(const QByteArray &text, const QString &file, QHash<QString, QVariantList> *answers, QString *error)
{
    QVariant doc;
    if (!parseYamlValue(text, nameOf(file), &doc, error))
        return false;
    return answersFromVariant(doc, nameOf(file) + QStringLiteral(":1:1"), answers, error);
}

bool answersFromVariant(const QVariant &doc, const QString &where, QHash<QString, QVariantList> *answers, QString *error)
{
    if (doc.typeId() != QMetaType::QVariantMap) {
        *error = QStringLiteral("%1: expected a mapping of interaction ids to answers, e.g. `confirm: yes`").arg(where);
        return false;
    }
    const QVariantMap map = doc.toMap();
    for (auto it = map.cbegin(); it != map.cend(); ++it) {
        // A list gives successive answers to the same interaction (a loop asking again);
        // a list answer to one multi-select question is written as a list inside the list.
        if (it.value().typeId() == QMetaType::QVariantList)
            (*answers)[it.key()] += it.value().toList();
        else
            (*answers)[it.key()].append(it.value());
    }
    return true;
}

bool parseInput(const QByteArray &text, const QString &file, QVariantMap *input, QString *error)
{
    // JSON (what people pass) is read as JSON, so a slip is named where it is.
    if (text.trimmed().startsWith('{')) {
        QJsonParseError e;
        const QJsonDocument doc = QJsonDocument::fromJson(text, &e);
        if (e.error != QJsonParseError::NoError) {
            *error = jsonSyntaxError(text, file, e)
                + QStringLiteral("; expected a JSON object such as '{\"type\": \"pdf\", \"topic\": \"x\"}' (keys and values separated by commas)");
            return false;
        }
        *input = doc.object().toVariantMap();
        return true;
    }
    QVariant v;
    if (!parseYamlValue(text, nameOf(file), &v, error))
        return false;
    if (v.typeId() != QMetaType::QVariantMap) {
        *error = QStringLiteral("%1: the input must be a JSON (or YAML) object, e.g. '{\"type\": \"pdf\"}'").arg(nameOf(file));
        return false;
    }
    *input = v.toMap();
    return true;
}

QVariant parseValue(const QString &text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(QStringLiteral("[%1]").arg(text).toUtf8(), &error);
    if (error.error == QJsonParseError::NoError && doc.isArray() && doc.array().size() == 1)
        return doc.array().first().toVariant();
    return text;
}

bool parseTrace(const QByteArray &text, const QString &file, QList<RunEvent> *events, QString *error)
{
    if (text.size() > kMaxTraceBytes) {
        *error = QStringLiteral("%1: the file is larger than %2 MiB, the limit for a trace").arg(nameOf(file)).arg(kMaxTraceBytes / (1024 * 1024));
        return false;
    }
    QList<RunEvent> out;
    qsizetype start = 0;
    for (int line = 1; start < text.size(); ++line) {
        qsizetype end = text.indexOf('\n', start);
        if (end < 0)
            end = text.size();
        const QByteArray row = text.mid(start, end - start);
        start = end + 1;
        if (row.trimmed().isEmpty())
            continue;
        QJsonParseError e;
        const QJsonDocument doc = QJsonDocument::fromJson(row, &e);
        if (e.error != QJsonParseError::NoError) {
            const int column = JsonOffsets::lineColumnIn(row, e.offset).second;
            *error = QStringLiteral("%1:%2:%3: error: %4; expected one run event as a JSON object a line (capgraph run --trace)")
                         .arg(nameOf(file)).arg(line).arg(column).arg(e.errorString());
            return false;
        }
        RunEvent event;
        if (!doc.isObject() || !RunEvent::fromJson(doc.object(), &event)) {
            const QString name = doc.object().value(QStringLiteral("event")).toString();
            *error = QStringLiteral("%1:%2:1: error: %3; expected a run event such as {\"event\": \"node.started\", \"node\": \"x\"}")
                         .arg(nameOf(file)).arg(line)
                         .arg(!doc.isObject() ? QStringLiteral("not a JSON object")
                              : name.isEmpty() ? QStringLiteral("no \"event\"") : QStringLiteral("unknown event '%1'").arg(name));
            return false;
        }
        out.append(std::move(event));
    }
    *events = std::move(out);
    return true;
}

bool parseCheckpoint(const QByteArray &json, const QString &file, RunCheckpoint *checkpoint, QString *error)
{
    QJsonParseError e;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &e);
    if (e.error != QJsonParseError::NoError) {
        *error = jsonSyntaxError(json, file, e) + QStringLiteral("; not a capgraph checkpoint");
        return false;
    }
    const QJsonObject cp = doc.object();
    if (cp.value(QStringLiteral("format")).toString() != QLatin1String(RunCheckpoint::Format)) {
        *error = QStringLiteral("%1: not a capgraph checkpoint (expected \"format\": \"%2\")").arg(nameOf(file), QLatin1String(RunCheckpoint::Format));
        return false;
    }
    const QJsonValue version = cp.value(QStringLiteral("version"));
    if (!version.isDouble() || version.toDouble() != RunCheckpoint::Version) {
        *error = QStringLiteral("%1: checkpoint version %2 is not supported (this build reads version %3)")
                     .arg(nameOf(file), QString::fromUtf8(QJsonDocument(QJsonArray{version}).toJson(QJsonDocument::Compact)).mid(1).chopped(1))
                     .arg(RunCheckpoint::Version);
        return false;
    }
    const auto text = [&](const char *key, bool required, QString *out) {
        const QJsonValue v = cp.value(QLatin1String(key));
        if (v.isString() && (!required || !v.toString().isEmpty())) {
            *out = v.toString();
            return true;
        }
        if (!required && (v.isUndefined() || v.isNull()))
            return true;
        *error = QStringLiteral("%1: \"%2\" should be %3").arg(nameOf(file), QLatin1String(key),
                                                                 required ? QStringLiteral("a file path") : QStringLiteral("a string or null"));
        return false;
    };
    RunCheckpoint out;
    QString sha;
    if (!text("graph_file", true, &out.graphFile) || !text("graph_sha256", true, &sha) || !text("mock_file", false, &out.mockFile)
        || !text("session_file", false, &out.sessionFile))
        return false;
    out.graphSha256 = sha.toLatin1();
    const QJsonValue dirs = cp.value(QStringLiteral("capability_dirs"));
    if (dirs.isArray()) {
        for (const QJsonValue &d : dirs.toArray()) {
            if (!d.isString()) {
                *error = QStringLiteral("%1: \"capability_dirs\" should be a list of folder paths").arg(nameOf(file));
                return false;
            }
            out.capabilityDirs << d.toString();
        }
    } else if (!dirs.isUndefined() && !dirs.isNull()) {
        *error = QStringLiteral("%1: \"capability_dirs\" should be a list of folder paths").arg(nameOf(file));
        return false;
    }
    if (!cp.value(QStringLiteral("state")).isObject()) {
        *error = QStringLiteral("%1: \"state\" should be the run's state (an object)").arg(nameOf(file));
        return false;
    }
    out.state = cp.value(QStringLiteral("state")).toObject();
    *checkpoint = out;
    return true;
}

bool writeCheckpoint(const RunCheckpoint &checkpoint, const QString &path, QString *error, const QString &what)
{
    return writeFileAtomically(path, checkpoint.toJson(), error, what);
}

} // namespace RunFiles

} // namespace capgraph
