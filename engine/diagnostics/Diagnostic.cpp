#include "diagnostics/Diagnostic.h"

#include <QFileInfo>

#include <algorithm>

namespace capgraph {

QString severityName(Severity severity)
{
    switch (severity) {
    case Severity::Error: return QStringLiteral("error");
    case Severity::Warning: return QStringLiteral("warning");
    case Severity::Info: return QStringLiteral("info");
    }
    return QStringLiteral("error");
}

Diagnostic Diagnostic::make(Severity severity, const QString &code, const TranslatableText &message, const QString &file, int line,
                            int column)
{
    Diagnostic d;
    d.severity = severity;
    d.code = code;
    d.message = message.english();
    d.text = message;
    d.file = file;
    d.line = line;
    d.column = column;
    return d;
}

QString Diagnostic::format() const
{
    QString where = file.isEmpty() ? QStringLiteral("<graph>") : file;
    if (line > 0) {
        where += QLatin1Char(':') + QString::number(line);
        if (column > 0)
            where += QLatin1Char(':') + QString::number(column);
    }
    QString text = where + QStringLiteral(": ") + severityName(severity) + QStringLiteral(": ") + message;
    if (!code.isEmpty())
        text += QStringLiteral(" [") + code + QLatin1Char(']');
    return text;
}

QString Diagnostic::localFormat(const QString &fallbackFile) const
{
    const QString path = file.isEmpty() ? fallbackFile : file;
    QString where = path.isEmpty() ? QStringLiteral("<graph>") : QFileInfo(path).fileName();
    if (line > 0) {
        where += QLatin1Char(':') + QString::number(line);
        if (column > 0)
            where += QLatin1Char(':') + QString::number(column);
    }
    return where + QStringLiteral(": ") + localMessage();
}

QJsonObject Diagnostic::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("severity"), severityName(severity));
    o.insert(QStringLiteral("code"), code);
    o.insert(QStringLiteral("message"), message);
    o.insert(QStringLiteral("file"), file);
    o.insert(QStringLiteral("line"), line);
    o.insert(QStringLiteral("column"), column);
    if (!nodeId.isEmpty())
        o.insert(QStringLiteral("node"), nodeId);
    if (edgeIndex >= 0)
        o.insert(QStringLiteral("edge"), edgeIndex);
    return o;
}

Diagnostic unreadableFile(const QString &path, const QString &why)
{
    return Diagnostic::make(Severity::Error, QStringLiteral("unreadable"), TranslatableText::verbatim(QStringLiteral("cannot read file: %1").arg(why)),
                            path);
}

bool hasErrors(const Diagnostics &diagnostics)
{
    return std::any_of(diagnostics.cbegin(), diagnostics.cend(),
                       [](const Diagnostic &d) { return d.severity == Severity::Error; });
}

} // namespace capgraph
