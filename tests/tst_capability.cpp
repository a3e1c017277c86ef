// Capability definitions (seed 003): the seed's own examples read as written; static
// validation with lines (name form, semver, required fields, schemas that compile, $refs that
// resolve, handler or workflow); dynamic validation of inputs and outputs with valijson, each
// violation naming its JSON path and rule.
#include "capability/Capability.h"
#include "capability/CapabilityRegistry.h"
#include "validation/CapabilityLint.h"
#include "yaml/GraphYamlReader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

using namespace capgraph;

namespace {
QString example(const char *name)
{
    return QStringLiteral(CAPGRAPH_SOURCE_DIR "/resources/examples/capabilities/") + QLatin1String(name);
}
QString fixture(const char *name)
{
    return QStringLiteral(CAPGRAPH_FIXTURES_DIR "/capabilities/") + QLatin1String(name);
}
QJsonObject json(const char *text)
{
    return QJsonDocument::fromJson(text).object();
}
QStringList codes(const Diagnostics &ds)
{
    QStringList out;
    for (const Diagnostic &d : ds)
        out << d.code;
    return out;
}
} // namespace

class TestCapability : public QObject
{
    Q_OBJECT

private slots:
    void theSeedsAtomicExample()
    {
        const CapabilityLoadResult r = CapabilityReader::readFile(example("finance.get_stock_price.yaml"));
        QVERIFY2(r.ok(), qPrintable(codes(r.diagnostics).join(QLatin1Char(' '))));
        const Capability &c = *r.capability;
        QCOMPARE(c.name, QStringLiteral("finance.get_stock_price"));
        QCOMPARE(c.version, QStringLiteral("1.0.0"));
        QCOMPARE(c.tags, (QStringList{QStringLiteral("finance"), QStringLiteral("stock"), QStringLiteral("api")}));
        QCOMPARE(c.handler.value(QStringLiteral("type")).toString(), QStringLiteral("api"));
        QVERIFY(!c.isComposite());
        // Dynamic validation: inputs before the call, outputs after.
        QVERIFY(c.checkInputs(json(R"({"symbol": "AAPL"})")).isEmpty());
        const QStringList missing = c.checkInputs(json("{}"));
        QVERIFY2(!missing.isEmpty() && missing.join(QLatin1Char('\n')).contains(QStringLiteral("symbol")), qPrintable(missing.join(QLatin1Char('\n'))));
        const QStringList wrongType = c.checkInputs(json(R"({"symbol": 42})"));
        QVERIFY2(wrongType.join(QLatin1Char('\n')).contains(QStringLiteral("/symbol")), qPrintable(wrongType.join(QLatin1Char('\n'))));
        QVERIFY(c.checkOutputs(json(R"({"symbol": "AAPL", "price": 191.2, "currency": "USD"})")).isEmpty());
        QVERIFY(!c.checkOutputs(json(R"({"symbol": "AAPL"})")).isEmpty()); // price is required
        QVERIFY(!c.checkOutputs(json(R"({"symbol": "AAPL", "price": "high"})")).isEmpty());
    }

    void theSeedsCompositeExample()
    {
        // As written, its $ref points at components the file does not define: reported.
        CapabilityLoadResult r = CapabilityReader::readFile(fixture("e-commerce.process_new_order.yaml"));
        QVERIFY(!r.ok());
        QVERIFY(r.capability && r.capability->isComposite());
        QVERIFY(codes(r.diagnostics).contains(QStringLiteral("bad-schema")));
        for (const Diagnostic &d : r.diagnostics)
            if (d.code == QLatin1String("bad-schema"))
                QVERIFY2(d.line > 0 && d.message.contains(QStringLiteral("input_schema")), qPrintable(d.format()));
        // With the Order schema under components, the reference resolves and is enforced.
        r = CapabilityReader::readFile(fixture("process-order-with-components.yaml"));
        QVERIFY2(r.ok(), qPrintable(codes(r.diagnostics).join(QLatin1Char(' '))));
        const Capability &c = *r.capability;
        QVERIFY(c.checkInputs(json(R"({"order_details": {"items": ["book"], "customer_id": "c1"}})")).isEmpty());
        const QStringList bad = c.checkInputs(json(R"({"order_details": {"items": "book"}})"));
        QVERIFY2(bad.join(QLatin1Char('\n')).contains(QStringLiteral("/order_details")), qPrintable(bad.join(QLatin1Char('\n'))));
    }

    void staticValidation_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<QString>("code");
        QTest::addColumn<int>("line");
        const QByteArray ok = "description: d\ninput_schema: {type: object}\noutput_schema: {type: object}\nhandler: {type: builtin}\n";
        QTest::newRow("name form") << QByteArray("name: GetPrice\n" + ok) << QStringLiteral("bad-name") << 1;
        QTest::newRow("no name") << ok << QStringLiteral("missing-field") << 1;
        QTest::newRow("semver") << QByteArray("name: a.b\nversion: '1.2'\n" + ok) << QStringLiteral("bad-version") << 2;
        QTest::newRow("schema") << QByteArray("name: a.b\ndescription: d\ninput_schema: {type: 12}\noutput_schema: {type: object}\nhandler: {type: builtin}\n")
                                << QStringLiteral("bad-schema") << 3;
        QTest::newRow("handler type") << QByteArray("name: a.b\ndescription: d\ninput_schema: {}\noutput_schema: {}\nhandler: {type: telepathy}\n")
                                      << QStringLiteral("bad-handler") << 5;
        QTest::newRow("api endpoint") << QByteArray("name: a.b\ndescription: d\ninput_schema: {}\noutput_schema: {}\nhandler: {type: api}\n")
                                      << QStringLiteral("bad-handler") << 5;
        QTest::newRow("mock key") << QByteArray("name: a.b\ndescription: d\ninput_schema: {}\noutput_schema: {}\nhandler: {type: mock, output: {x: 1}}\n")
                                  << QStringLiteral("bad-handler") << 5;
        QTest::newRow("both") << QByteArray("name: a.b\ndescription: d\ninput_schema: {}\noutput_schema: {}\nhandler: {type: builtin}\nworkflow_definition: {type: capgraph}\n")
                              << QStringLiteral("handler-and-workflow") << 6;
        QTest::newRow("yaml") << QByteArray("name: a.b\n  description: [\n") << QStringLiteral("yaml-syntax") << 2;
    }

    void staticValidation()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(QString, code);
        QFETCH(int, line);
        const CapabilityLoadResult r = CapabilityReader::parse(yaml, QStringLiteral("c.yaml"));
        QVERIFY(!r.ok());
        bool found = false;
        for (const Diagnostic &d : r.diagnostics)
            if (d.code == code) {
                found = true;
                QCOMPARE(d.line, line);
            }
        QVERIFY2(found, qPrintable(codes(r.diagnostics).join(QLatin1Char(' '))));
    }

    void pricingIsRead()
    {
        const QByteArray head("name: text.summarize\ndescription: d\ninput_schema: {}\noutput_schema: {}\nhandler: {type: llm}\n");
        // The shorthand: one price for prompt and completion tokens; USD when not said.
        CapabilityLoadResult r = CapabilityReader::parse(head + "pricing: {per_1k_tokens: 0.002}\n", QStringLiteral("c.yaml"));
        QVERIFY2(r.ok(), qPrintable(codes(r.diagnostics).join(QLatin1Char(' '))));
        QVERIFY(r.capability->pricing);
        QCOMPARE(r.capability->pricing->perThousandPrompt, 0.002);
        QCOMPARE(r.capability->pricing->perThousandCompletion, 0.002);
        QCOMPARE(r.capability->pricing->currency, QStringLiteral("USD"));
        QVERIFY(!r.capability->pricing->split);
        // Split, in another currency, as a block.
        r = CapabilityReader::parse(head + "pricing:\n  per_1k_prompt_tokens: 0.0015\n  per_1k_completion_tokens: 2\n  currency: CNY\n", QStringLiteral("c.yaml"));
        QVERIFY2(r.ok(), qPrintable(codes(r.diagnostics).join(QLatin1Char(' '))));
        QCOMPARE(r.capability->pricing->perThousandPrompt, 0.0015);
        QCOMPARE(r.capability->pricing->perThousandCompletion, 2.0);
        QCOMPARE(r.capability->pricing->currency, QStringLiteral("CNY"));
        QVERIFY(r.capability->pricing->split);
        QCOMPARE(r.capability->pricing->cost(1000, 500), 0.0015 + 1.0);
        // Free is a price too; no block, no price.
        r = CapabilityReader::parse(head + "pricing: {per_1k_tokens: 0}\n", QStringLiteral("c.yaml"));
        QVERIFY(r.ok() && r.capability->pricing && r.capability->pricing->perThousandPrompt == 0);
        r = CapabilityReader::parse(head, QStringLiteral("c.yaml"));
        QVERIFY(r.ok() && !r.capability->pricing);
    }

    void badPricing_data()
    {
        QTest::addColumn<QByteArray>("pricing");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("says");
        // The block starts on line 6 of the definition; the column is the offending key's or value's.
        QTest::newRow("negative") << QByteArray("pricing: {per_1k_tokens: -0.002}") << 26 << QStringLiteral("0 or more");
        QTest::newRow("text") << QByteArray("pricing: {per_1k_tokens: \"0.002\"}") << 26 << QStringLiteral("should be a number");
        QTest::newRow("list") << QByteArray("pricing: {per_1k_tokens: [1]}") << 26 << QStringLiteral("not a list");
        QTest::newRow("infinite") << QByteArray("pricing: {per_1k_tokens: .inf}") << 26 << QStringLiteral("0 or more");
        QTest::newRow("unknown key") << QByteArray("pricing: {per_1k_token: 0.002}") << 11 << QStringLiteral("unknown key 'per_1k_token'");
        QTest::newRow("currency case") << QByteArray("pricing: {per_1k_tokens: 0.002, currency: usd}") << 43 << QStringLiteral("three upper-case letters");
        QTest::newRow("currency name") << QByteArray("pricing: {per_1k_tokens: 0.002, currency: Dollar}") << 43 << QStringLiteral("not 'Dollar'");
        QTest::newRow("both forms") << QByteArray("pricing: {per_1k_tokens: 0.002, per_1k_prompt_tokens: 0.001, per_1k_completion_tokens: 0.002}") << 33
                                    << QStringLiteral("not both");
        QTest::newRow("half split") << QByteArray("pricing: {per_1k_prompt_tokens: 0.001}") << 11 << QStringLiteral("give both");
        QTest::newRow("no price") << QByteArray("pricing: {currency: EUR}") << 10 << QStringLiteral("expected a price");
        QTest::newRow("not a mapping") << QByteArray("pricing: 0.002") << 10 << QStringLiteral("expected a mapping");
    }

    void badPricing()
    {
        QFETCH(QByteArray, pricing);
        QFETCH(int, column);
        QFETCH(QString, says);
        const QByteArray text = "name: text.summarize\ndescription: d\ninput_schema: {}\noutput_schema: {}\nhandler: {type: llm}\n" + pricing + '\n';
        const CapabilityLoadResult r = CapabilityReader::parse(text, QStringLiteral("c.yaml"));
        QVERIFY(!r.ok());
        QCOMPARE(r.diagnostics.size(), 1);
        const Diagnostic &d = r.diagnostics.first();
        QCOMPARE(d.code, QStringLiteral("bad-pricing"));
        QCOMPARE(d.line, 6);
        QCOMPARE(d.column, column);
        QVERIFY2(d.message.contains(says), qPrintable(d.message));
        QVERIFY2(d.format().startsWith(QStringLiteral("c.yaml:6:%1: error: pricing: ").arg(column)), qPrintable(d.format()));
    }

    void theRegistry()
    {
        QTemporaryDir dir;
        const auto write = [&dir](const QString &name, const QByteArray &version, const QByteArray &extra = QByteArray()) {
            QFile f(dir.filePath(name));
            if (!f.open(QIODevice::WriteOnly))
                qFatal("cannot write");
            f.write("name: text.make_summary\ndescription: Summarises a text\nversion: \"" + version + "\"\ntags: [text, nlp]\n"
                    "input_schema: {type: object}\noutput_schema: {type: object}\nhandler: {type: builtin}\n" + extra);
        };
        write(QStringLiteral("a.yaml"), "1.2.0");
        write(QStringLiteral("b.yaml"), "1.10.0");
        write(QStringLiteral("c.yaml"), "1.9.3");
        write(QStringLiteral("d.yaml"), "2.0.0-rc1");
        write(QStringLiteral("dup.yaml"), "1.2.0");
        QVERIFY(QFile::copy(example("finance.get_stock_price.yaml"), dir.filePath(QStringLiteral("stock.yaml"))));
        QFile broken(dir.filePath(QStringLiteral("z-broken.yaml")));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("name: Bad Name\n");
        broken.close();

        CapabilityRegistry registry;
        registry.addFolder(dir.path());
        // Highest semantic version, numerically (1.10 after 1.9), a release after its rc.
        QCOMPARE(registry.resolve(QStringLiteral("text.make_summary"))->version, QStringLiteral("2.0.0-rc1"));
        QCOMPARE(CapabilityRegistry::compareVersions(QStringLiteral("1.10.0"), QStringLiteral("1.9.3")), 1);
        QCOMPARE(CapabilityRegistry::compareVersions(QStringLiteral("2.0.0-rc1"), QStringLiteral("2.0.0")), -1);
        QCOMPARE(registry.resolve(QStringLiteral("text.make_summary@1"))->version, QStringLiteral("1.10.0"));
        QCOMPARE(registry.resolve(QStringLiteral("text.make_summary@1.2"))->version, QStringLiteral("1.2.0"));
        QCOMPARE(registry.resolve(QStringLiteral("text.make_summary@1.9.3"))->version, QStringLiteral("1.9.3"));
        QString why;
        QVERIFY(!registry.resolve(QStringLiteral("text.make_summary@3"), &why));
        QVERIFY2(why.contains(QStringLiteral("1.10.0")), qPrintable(why));
        QVERIFY(!registry.resolve(QStringLiteral("nothing.here"), &why));
        QVERIFY(why.contains(QStringLiteral("no capability is named")));
        // The duplicate and the broken file are reported, with their files.
        QStringList found;
        for (const Diagnostic &d : registry.diagnostics())
            found << QFileInfo(d.file).fileName() + QLatin1Char(':') + d.code;
        QVERIFY2(found.contains(QStringLiteral("dup.yaml:duplicate-capability")), qPrintable(found.join(QLatin1Char(' '))));
        QVERIFY2(found.contains(QStringLiteral("z-broken.yaml:bad-name")), qPrintable(found.join(QLatin1Char(' '))));
        // Search: by name, then tag, then description; one entry per name.
        QCOMPARE(registry.all().size(), 2);
        QCOMPARE(registry.search(QStringLiteral("stock")).size(), 1);
        QCOMPARE(registry.search(QStringLiteral("NLP")).first()->name, QStringLiteral("text.make_summary"));
        QCOMPARE(registry.search(QStringLiteral("market data")).first()->name, QStringLiteral("finance.get_stock_price"));
    }

    void defaultsFollowRefsAndNesting()
    {
        QString error;
        // (no raw string here: moc misreads a '#' inside one)
        const QJsonObject input = json("{\"type\": \"object\", \"properties\": {\"symbol\": {\"type\": \"string\"}, "
                                       "\"exchange\": {\"type\": \"string\", \"default\": \"NASDAQ\"}, "
                                       "\"options\": {\"$ref\": \"#/components/schemas/Options\"}}}");
        const QJsonObject components = json(R"({"schemas": {"Options": {"type": "object", "properties": {"currency": {"type": "string", "default": "USD"}, "live": {"type": "boolean", "default": false}}}}})");
        const auto schema = JsonSchema::compile(input, &error, components);
        QVERIFY2(schema, qPrintable(error));
        // Missing → the default; present → kept; nested objects get theirs too.
        QCOMPARE(schema->withDefaults(json(R"({"symbol": "A", "options": {"live": true}})")).toObject(),
                 json(R"({"symbol": "A", "exchange": "NASDAQ", "options": {"live": true, "currency": "USD"}})"));
        QCOMPARE(schema->withDefaults(json(R"({"exchange": "NYSE"})")).toObject(), json(R"({"exchange": "NYSE"})"));
    }

    void refsToSharedSchemaFiles()
    {
        // A schema shared by several definitions, in a YAML file beside them (and one in JSON).
        QTemporaryDir dir;
        QDir().mkpath(dir.filePath(QStringLiteral("schemas")));
        QFile shared(dir.filePath(QStringLiteral("schemas/market.yaml")));
        QVERIFY(shared.open(QIODevice::WriteOnly));
        shared.write("definitions:\n  Symbol: {type: string, pattern: \"^[A-Z.]{1,6}$\"}\n");
        shared.close();
        QFile quote(dir.filePath(QStringLiteral("schemas/quote.json")));
        QVERIFY(quote.open(QIODevice::WriteOnly));
        quote.write(R"({"type": "object", "properties": {"price": {"type": "number"}}, "required": ["price"]})");
        quote.close();
        QFile def(dir.filePath(QStringLiteral("quote.yaml")));
        QVERIFY(def.open(QIODevice::WriteOnly));
        def.write("name: finance.get_quote\ndescription: A quote.\n"
                  "input_schema: {type: object, properties: {symbol: {$ref: \"schemas/market.yaml#/definitions/Symbol\"}}, required: [symbol]}\n"
                  "output_schema: {$ref: \"schemas/quote.json\"}\n"
                  "handler: {type: mock, outputs: {price: 1}}\n");
        def.close();
        const CapabilityLoadResult r = CapabilityReader::readFile(def.fileName());
        QVERIFY2(r.ok(), qPrintable(codes(r.diagnostics).join(QLatin1Char(' '))));
        QVERIFY(r.capability->checkInputs(json(R"({"symbol": "AAPL"})")).isEmpty());
        const QStringList bad = r.capability->checkInputs(json(R"({"symbol": "not a symbol"})"));
        QVERIFY2(bad.join(QLatin1Char('\n')).contains(QStringLiteral("/symbol")), qPrintable(bad.join(QLatin1Char('\n'))));
        QVERIFY(!r.capability->checkOutputs(json(R"({"price": "high"})")).isEmpty());

        // A file that is not there: a static error, not a crash.
        QVERIFY(QFile::remove(shared.fileName()));
        const CapabilityLoadResult missing = CapabilityReader::readFile(def.fileName());
        QVERIFY(!missing.ok());
        QVERIFY2(codes(missing.diagnostics).contains(QStringLiteral("bad-schema")), qPrintable(codes(missing.diagnostics).join(QLatin1Char(' '))));
    }

    void lintWarnsOnUnknownCapabilitiesAndUndeclaredOutputs()
    {
        CapabilityRegistry registry;
        registry.add(*CapabilityReader::readFile(example("finance.get_stock_price.yaml")).capability);
        const QByteArray yaml = "graph:\n  id: g\n  version: \"1\"\n  nodes:\n"
                                "    - {id: start, type: control.start}\n"
                                "    - {id: quote, type: skill, skill_id: finance.get_stock_price, inputs: {symbol: A}}\n"
                                "    - {id: typo, type: skill, skill_id: finance.get_stok_price}\n"
                                "    - {id: legacy, type: skill, skill_id: literature-search}\n"
                                "    - id: check\n      type: control.branch\n      conditions:\n"
                                "        - {name: cheap, expression: \"quote.prize < 10\", target: typo}\n"
                                "        - {name: known, expression: \"quote.price >= 10\", target: legacy}\n"
                                "    - {id: end, type: control.end}\n"
                                "  edges:\n    - {from: start, to: quote}\n    - {from: quote, to: check}\n"
                                "    - {from: typo, to: end}\n    - {from: legacy, to: end}\n";
        const GraphLoadResult loaded = GraphYamlReader::readBytes(yaml, QStringLiteral("g.yaml"));
        QVERIFY2(loaded.ok(), qPrintable(loaded.errorText()));
        const Diagnostics found = CapabilityLint::check(*loaded.graph, registry, QStringLiteral("g.yaml"));
        QStringList lines;
        for (const Diagnostic &d : found)
            lines << d.format();
        // The typo is found; a skill_id not in capability form (a mocked legacy skill) is not.
        QCOMPARE(found.size(), 2);
        QCOMPARE(found.at(0).code, QStringLiteral("unknown-capability"));
        QCOMPARE(found.at(0).line, 7);
        QVERIFY2(found.at(0).message.contains(QStringLiteral("no capability is named 'finance.get_stok_price'")), qPrintable(lines.join(QLatin1Char('\n'))));
        QCOMPARE(found.at(1).code, QStringLiteral("undeclared-output"));
        QCOMPARE(found.at(1).line, 12);
        QCOMPARE(found.at(1).column, 38); // at `quote` inside the quoted expression
        QVERIFY2(found.at(1).message.contains(QStringLiteral("reads quote.prize, but finance.get_stock_price's output_schema declares only currency, price, symbol")),
                 qPrintable(lines.join(QLatin1Char('\n'))));
    }

    // A skill bound to a capability whose input_schema requires a property the node does not
    // map: a missing-input warning naming the node, the capability and the property, at the
    // node's inputs (or its skill_id when it has none). A property with a default is not missing.
    void lintWarnsOnMissingRequiredInputs()
    {
        CapabilityRegistry registry;
        const CapabilityLoadResult withDefault = CapabilityReader::parse(
            "name: text.summarize\ndescription: Summarizes a text.\nversion: 2.0.0\n"
            "input_schema: {type: object, properties: {text: {type: string}, length: {type: integer, default: 100}}, required: [text, length]}\n"
            "output_schema: {type: object, properties: {summary: {type: string}}}\n"
            "handler: {type: mock, outputs: {summary: s}}\n",
            QStringLiteral("text.summarize.yaml"));
        QVERIFY(withDefault.ok());
        registry.add(*withDefault.capability);
        registry.add(*CapabilityReader::readFile(example("finance.get_stock_price.yaml")).capability);
        const QByteArray yaml = "graph:\n  id: g\n  nodes:\n"
                                "    - {id: start, type: control.start}\n"
                                "    - {id: bare, type: skill, skill_id: finance.get_stock_price}\n"
                                "    - id: mapped\n      type: skill\n      skill_id: finance.get_stock_price\n"
                                "      inputs:\n        ticker: AAPL\n"
                                "    - {id: ok, type: skill, skill_id: finance.get_stock_price, inputs: {symbol: \"${input.s}\"}}\n"
                                "    - {id: sum, type: skill, skill_id: text.summarize, inputs: {text: x}}\n"
                                "    - {id: end, type: control.end}\n"
                                "  edges:\n    - {from: start, to: bare}\n    - {from: bare, to: mapped}\n    - {from: mapped, to: ok}\n"
                                "    - {from: ok, to: sum}\n    - {from: sum, to: end}\n";
        const GraphLoadResult loaded = GraphYamlReader::readBytes(yaml, QStringLiteral("g.yaml"));
        QVERIFY2(loaded.ok(), qPrintable(loaded.errorText()));
        const Diagnostics found = CapabilityLint::check(*loaded.graph, registry, QStringLiteral("g.yaml"));
        QStringList lines;
        for (const Diagnostic &d : found)
            lines << d.format();
        QCOMPARE(lines, (QStringList{
                            QStringLiteral("g.yaml:5:41: warning: 'bare' does not give 'symbol', which finance.get_stock_price@1.0.0 requires (its input_schema); add it under inputs [missing-input]"),
                            QStringLiteral("g.yaml:10:9: warning: 'mapped' does not give 'symbol', which finance.get_stock_price@1.0.0 requires (its input_schema); add it under inputs [missing-input]"),
                        }));
        QCOMPARE(found.at(0).nodeId, QStringLiteral("bare"));
    }
};

QTEST_GUILESS_MAIN(TestCapability)
#include "tst_capability.moc"
