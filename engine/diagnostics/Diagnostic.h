#pragma once

#include "diagnostics/TranslatableText.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace capgraph {

enum class Severity { Error, Warning, Info };

QString severityName(Severity severity);

// One message about a file: a load error or a lint finding. Line and column are 1-based;
// 0 means "not known" (e.g. a graph built in memory).
struct Diagnostic
{
    Severity severity = Severity::Error;
    QString code;      // stable machine-readable class, e.g. "yaml-syntax", "duplicate-id"
    QString message;
    QString file;
    int line = 0;
    int column = 0;
    QString nodeId;    // the offending node, if any
    int edgeIndex = -1; // the offending edge (index in Graph::edges), if any
    int taskIndex = -1; // a plan finding's task (index in Plan::tasks), if any
    // The message as a template and its arguments (lint findings and expression errors), for
    // programs that show it translated; empty for the messages that stay English.
    TranslatableText text;

    // A finding about `file` at line:column (0: not known), its message kept both as a template
    // to translate (`text`) and in English (`message`). Every reader and checker makes its
    // findings here.
    static Diagnostic make(Severity severity, const QString &code, const TranslatableText &message, const QString &file = QString(),
                           int line = 0, int column = 0);

    // The message in the application's language: `text` translated, else `message`.
    QString localMessage() const { return text.isEmpty() ? message : text.translated(); }

    // "file:line:col: error: message" (parts that are unknown are left out).
    QString format() const;
    // For a person: "name.yaml:line:col: message" in the application's language, the file by
    // its name alone (`fallbackFile` when the finding names none).
    QString localFormat(const QString &fallbackFile = QString()) const;
    QJsonObject toJson() const;
};

using Diagnostics = QList<Diagnostic>;

// A file that cannot be opened: code `unreadable`, "cannot read file: why". Every reader
// (graphs, plans, capabilities) says it the same way.
Diagnostic unreadableFile(const QString &path, const QString &why);

bool hasErrors(const Diagnostics &diagnostics);

} // namespace capgraph
