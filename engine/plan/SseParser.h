#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <utility>

namespace capgraph {

// One Server-Sent Event: its type ("message" when the stream named none), its data lines
// joined by newlines, and the last event id seen.
struct SseEvent
{
    QString type;
    QString data;
    QString id;
};

// An incremental text/event-stream parser (the WHATWG HTML "event stream" rules): feed it the
// bytes as they arrive, in chunks cut anywhere — inside a line, between CR and LF, inside a
// UTF-8 character — and it returns each event once its blank line has arrived. Comments
// (lines starting with ':') are skipped; `retry:` sets retryMs; a leading BOM is dropped.
// An event (or a line) larger than MaxEventBytes is dropped whole, without being kept in
// memory, and said in problems() (docs/reliability.md).
class SseParser
{
public:
    static constexpr qsizetype MaxEventBytes = 64 * 1024 * 1024;

    QList<SseEvent> feed(const QByteArray &chunk);
    // What was dropped since the last call ("an event larger than 64 MiB was dropped").
    QStringList takeProblems() { return std::exchange(m_problems, {}); }
    // The stream ended: a last event without its blank line is dropped, as the rules say.
    void finish();
    int retryMs() const { return m_retryMs; }
    QString lastEventId() const { return m_lastId; }

private:
    void line(const QByteArray &bytes, QList<SseEvent> *out);
    void overflow();
    void keep(const char *bytes, qsizetype size);

    QByteArray m_pending;   // bytes of a line not yet ended
    bool m_afterCR = false; // the last byte seen was a CR: a following LF belongs to it
    bool m_started = false; // past the optional BOM
    QString m_type;
    QString m_data;
    bool m_hasData = false;
    qsizetype m_eventBytes = 0; // bytes of the current event's lines so far
    bool m_tooLarge = false; // the event being read exceeds MaxEventBytes: skip to its end
    QStringList m_problems;
    QString m_lastId;
    int m_retryMs = -1;
};

} // namespace capgraph
