#include "ui/PluralTranslator.h"

#include <QCoreApplication>

namespace capgraph::editor {

QString PluralTranslator::translate(const char *, const char *sourceText, const char *, int n) const
{
    if (n < 0 || !sourceText)
        return QString(); // not a count: as written (Qt falls back to the source text)
    const QString text = QString::fromUtf8(sourceText);
    if (!text.contains(QLatin1String("(s)")) && !text.contains(QLatin1String("(es)")))
        return QString();
    QString out = text;
    out.replace(QLatin1String("(s)"), n == 1 ? QString() : QStringLiteral("s"));
    out.replace(QLatin1String("(es)"), n == 1 ? QString() : QStringLiteral("es")); // "1 match", "2 matches"
    return out;
}

void PluralTranslator::ensureInstalled()
{
    static PluralTranslator *installed = nullptr;
    if (installed || !QCoreApplication::instance())
        return;
    installed = new PluralTranslator(QCoreApplication::instance());
    QCoreApplication::installTranslator(installed);
}

} // namespace capgraph::editor
