#include "plan/SseParser.h"

namespace capgraph {

QList<SseEvent> SseParser::feed(const QByteArray &chunk)
{
    QList<SseEvent> out;
    qsizetype i = 0;
    if (!m_started) {
        m_pending.append(chunk);
        if (m_pending.size() < 3 && QByteArray("\xEF\xBB\xBF").startsWith(m_pending))
            return out; // maybe a BOM, cut short: wait for more
        if (m_pending.startsWith("\xEF\xBB\xBF"))
            m_pending.remove(0, 3);
        m_started = true;
        const QByteArray rest = std::exchange(m_pending, QByteArray());
        return feed(rest);
    }
    for (qsizetype k = 0; k < chunk.size(); ++k) {
        const char c = chunk.at(k);
        if (c == '\n' && m_afterCR) { // the LF of a CRLF whose CR ended the last line
            m_afterCR = false;
            i = k + 1;
            continue;
        }
        m_afterCR = false;
        if (c == '\r' || c == '\n') {
            keep(chunk.constData() + i, k - i);
            line(std::exchange(m_pending, QByteArray()), &out);
            m_afterCR = c == '\r';
            i = k + 1;
        }
    }
    keep(chunk.constData() + i, chunk.size() - i);
    if (!m_tooLarge && m_eventBytes + m_pending.size() > MaxEventBytes) {
        overflow();
        m_pending = "-"; // the line goes on in the next chunk
    }
    return out;
}

void SseParser::keep(const char *bytes, qsizetype size)
{
    if (!m_tooLarge)
        m_pending.append(bytes, size);
    else if (size > 0 && m_pending.isEmpty())
        m_pending = "-"; // skipping: only whether the line is blank matters
}

void SseParser::finish()
{
    m_tooLarge = false;
    m_eventBytes = 0;
    m_pending.clear();
    m_type.clear();
    m_data.clear();
    m_hasData = false;
}

void SseParser::overflow()
{
    m_tooLarge = true;
    m_pending.clear();
    m_pending.squeeze();
    m_data.clear();
    m_data.squeeze();
    m_hasData = false;
}

void SseParser::line(const QByteArray &bytes, QList<SseEvent> *out)
{
    if (m_tooLarge) { // the rest of an event too large to keep: up to its blank line
        if (bytes.isEmpty()) {
            m_tooLarge = false;
            m_eventBytes = 0;
            m_type.clear();
            m_problems << QStringLiteral("an event larger than %1 MiB was dropped").arg(MaxEventBytes / (1024 * 1024));
        }
        return;
    }
    if (bytes.isEmpty()) { // dispatch
        m_eventBytes = 0;
        if (m_hasData) {
            QString data = m_data;
            if (data.endsWith(QLatin1Char('\n')))
                data.chop(1);
            out->append(SseEvent{m_type.isEmpty() ? QStringLiteral("message") : m_type, data, m_lastId});
        }
        m_type.clear();
        m_data.clear();
        m_hasData = false;
        return;
    }
    if (bytes.startsWith(':')) { // a comment (keep-alives are sent this way)
        if (m_eventBytes + bytes.size() > MaxEventBytes)
            overflow();
        return;
    }
    if ((m_eventBytes += bytes.size()) > MaxEventBytes) {
        overflow();
        return;
    }
    // Whole lines only: a UTF-8 character cut by a chunk boundary is whole again here.
    const QString text = QString::fromUtf8(bytes);
    const qsizetype colon = text.indexOf(QLatin1Char(':'));
    const QString field = colon < 0 ? text : text.left(colon);
    QString value = colon < 0 ? QString() : text.mid(colon + 1);
    if (value.startsWith(QLatin1Char(' ')))
        value.remove(0, 1);
    if (field == QLatin1String("event")) {
        m_type = value;
    } else if (field == QLatin1String("data")) {
        m_data += value + QLatin1Char('\n');
        m_hasData = true;
    } else if (field == QLatin1String("id")) {
        if (!value.contains(QChar(0)))
            m_lastId = value;
    } else if (field == QLatin1String("retry")) {
        bool ok = false;
        const int ms = value.toInt(&ok);
        if (ok && ms >= 0 && !value.startsWith(QLatin1Char('+')))
            m_retryMs = ms;
    }
}

} // namespace capgraph
