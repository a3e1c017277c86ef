// A negotiation server's text/event-stream: the bytes cut into chunks of sizes the input
// chooses (its first bytes), fed to the parser as the network would. The events must not
// depend on where the chunks were cut, and every plan.ready event goes to the plan reader.
#include "FuzzSupport.h"

#include "plan/PlanReader.h"
#include "plan/PlanSource.h"
#include "plan/SseParser.h"

using namespace capgraph;

namespace {
QList<SseEvent> parseAll(const QByteArray &stream, const QByteArray &cuts)
{
    SseParser parser;
    QList<SseEvent> events;
    qsizetype at = 0;
    for (qsizetype k = 0; at < stream.size(); ++k) {
        const qsizetype n = cuts.isEmpty() ? stream.size() : 1 + static_cast<unsigned char>(cuts.at(k % cuts.size())) % 64;
        events += parser.feed(stream.mid(at, n));
        at += n;
    }
    parser.finish();
    return events;
}

bool same(const QList<SseEvent> &a, const QList<SseEvent> &b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i)
        if (a.at(i).type != b.at(i).type || a.at(i).data != b.at(i).data || a.at(i).id != b.at(i).id)
            return false;
    return true;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::quiet();
    const QByteArray input = fuzz::bytes(data, size);
    // The first byte says how many of the next bytes are chunk sizes; the rest is the stream.
    const qsizetype nCuts = input.isEmpty() ? 0 : std::min<qsizetype>(static_cast<unsigned char>(input.at(0)) % 16, input.size() - 1);
    const QByteArray cuts = input.mid(1, nCuts);
    const QByteArray stream = input.mid(1 + nCuts);

    const QList<SseEvent> whole = parseAll(stream, QByteArray());
    const QList<SseEvent> chunked = parseAll(stream, cuts.isEmpty() ? QByteArray(1, '\0') : cuts);
    if (!same(whole, chunked))
        fuzz::finding("the events depend on where the stream was cut", stream);
    for (const SseEvent &e : whole)
        if (PlanSource::isPlanReady(e))
            PlanReader::parse(e.data.toUtf8(), QStringLiteral("stream"));
    return 0;
}
