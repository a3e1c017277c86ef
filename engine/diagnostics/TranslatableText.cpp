#include "diagnostics/TranslatableText.h"

#include <QCoreApplication>

namespace capgraph {

TranslatableText TranslatableText::verbatim(const QString &text)
{
    TranslatableText t;
    t.m_verbatim = text;
    return t;
}

TranslatableText TranslatableText::arg(const QString &argument) const
{
    return arg(verbatim(argument));
}

TranslatableText TranslatableText::arg(qint64 number) const
{
    return arg(verbatim(QString::number(number)));
}

TranslatableText TranslatableText::arg(const TranslatableText &phrase) const
{
    TranslatableText t = *this;
    t.m_args.push_back(phrase);
    return t;
}

QString TranslatableText::render(bool translate) const
{
    if (!m_source)
        return m_verbatim;
    const QString pattern = translate ? QCoreApplication::translate(m_context, m_source) : QString::fromUtf8(m_source);
    QString out;
    out.reserve(pattern.size() + 16 * qsizetype(m_args.size()));
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern.at(i);
        if (c == QLatin1Char('%') && i + 1 < pattern.size()) {
            const int n = pattern.at(i + 1).digitValue();
            if (n >= 1 && n <= int(m_args.size())) {
                out += m_args.at(size_t(n - 1)).render(translate);
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

} // namespace capgraph
