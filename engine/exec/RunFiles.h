#pragma once

#include "exec/RunEvent.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVariantList>
#include <QVariantMap>

namespace capgraph {

// A run's checkpoint (docs/execution.md, "Checkpoints"): what `capgraph run --checkpoint` and
// `--session` write and `capgraph resume` reads: the graph it runs (path and SHA-256 of its
// bytes, so a changed graph is refused), the files it was started with and the executor's
// state (Executor::saveState).
struct RunCheckpoint
{
    static constexpr const char *Format = "capgraph-checkpoint";
    static constexpr int Version = 1;

    QString graphFile;
    QByteArray graphSha256; // hex
    QString mockFile;
    QStringList capabilityDirs;
    QString sessionFile;
    QJsonObject state;

    QByteArray toJson() const;
};

// The files a run reads besides its graph, one reader each for the CLI, the studio and tests.
// Every reader refuses what exceeds the documented limits (docs/reliability.md) with a
// message "FILE:line:column: what", never a crash; `file` is the name the message uses.
namespace RunFiles {

// Answers to interactions: a YAML or JSON mapping of interaction (or node) ids to an answer,
// or to a list of successive answers (a loop asking again). Adds them to *answers.
bool parseAnswers(const QByteArray &text, const QString &file, QHash<QString, QVariantList> *answers, QString *error);
// The same from a parsed mapping (a test case's `answers:`); `where` starts the message.
bool answersFromVariant(const QVariant &doc, const QString &where, QHash<QString, QVariantList> *answers, QString *error);

// A run's input: a JSON object, or YAML (a superset). JSON slips are named where they are.
bool parseInput(const QByteArray &text, const QString &file, QVariantMap *input, QString *error);

// A value given on a command line (--answer ID=VALUE): JSON when it parses as JSON, else the text.
QVariant parseValue(const QString &text);

// A checkpoint (or session) as written by RunCheckpoint::toJson(). False with the reason when
// it is not one, is of another version, or its fields have the wrong types.
bool parseCheckpoint(const QByteArray &json, const QString &file, RunCheckpoint *checkpoint, QString *error);

// A trace as `--trace` writes it: one RunEvent as a JSON object a line (blank lines are
// skipped). False with "FILE:line:column: error: what" at the first line that is not a run
// event, or when the text is larger than kMaxTraceBytes.
inline constexpr qsizetype kMaxTraceBytes = 256 * 1024 * 1024;
bool parseTrace(const QByteArray &text, const QString &file, QList<RunEvent> *events, QString *error);

// Writes `checkpoint` atomically (QSaveFile): the old file stays whole if anything fails.
bool writeCheckpoint(const RunCheckpoint &checkpoint, const QString &path, QString *error,
                     const QString &what = QStringLiteral("checkpoint"));

} // namespace RunFiles

} // namespace capgraph
