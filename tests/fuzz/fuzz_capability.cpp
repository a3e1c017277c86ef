// A capability definition (seed 003) from someone else's folder: read and checked statically,
// its $refs inlined (a shared schema file beside it), its JSON Schemas compiled, and a few
// arguments validated against them as every call does — long strings included, so a
// `pattern` that backtracks is exercised.
#include "FuzzSupport.h"

#include "capability/Capability.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>

using namespace capgraph;

namespace {
// The definition's folder: a shared schema file its $refs may name.
const QString &definitionPath()
{
    static QTemporaryDir dir;
    static const QString path = [] {
        QDir(dir.path()).mkpath(QStringLiteral("schemas"));
        QFile f(dir.filePath(QStringLiteral("schemas/common.yaml")));
        if (f.open(QIODevice::WriteOnly))
            f.write("definitions:\n"
                    "  Symbol: {type: string, pattern: '^[A-Z]{1,5}$'}\n"
                    "  Price: {type: number, minimum: 0}\n"
                    "  Order: {type: object, properties: {symbol: {$ref: '#/definitions/Symbol'}, price: {$ref: '#/definitions/Price'}}}\n");
        return dir.filePath(QStringLiteral("fuzz.capability.yaml"));
    }();
    return path;
}

QList<QJsonObject> sampleArguments()
{
    const QString longText(100'000, QLatin1Char('a'));
    return {
        {},
        {{QStringLiteral("symbol"), QStringLiteral("AAPL")}, {QStringLiteral("price"), 12.5}},
        {{QStringLiteral("text"), longText}, {QStringLiteral("symbol"), longText + QLatin1Char('!')}},
        {{QStringLiteral("items"), QJsonArray{1, QStringLiteral("two"), QJsonObject{{QStringLiteral("x"), 1}}}},
         {QStringLiteral("date"), QStringLiteral("2026-11-25")}},
    };
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz::quiet();
    const CapabilityLoadResult r = CapabilityReader::parse(fuzz::bytes(data, size), definitionPath());
    for (const Diagnostic &d : r.diagnostics)
        if (d.message.isEmpty())
            fuzz::finding("a capability diagnostic without a message", d.format().toUtf8());
    if (!r.capability)
        return 0;
    static const QList<QJsonObject> samples = sampleArguments();
    for (const QJsonObject &arguments : samples) {
        r.capability->checkInputs(arguments);
        r.capability->checkOutputs(arguments);
        if (r.capability->input)
            r.capability->input->withDefaults(arguments);
    }
    return 0;
}
