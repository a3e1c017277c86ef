#include "yaml/InlineSubgraphs.h"

#include "io/YamlValue.h"
#include "yaml/GraphYamlWriter.h"

#include <QSet>

#include <yaml-cpp/yaml.h>

namespace capgraph {

namespace {
const QString kKey = QStringLiteral("subgraphs");
}

QStringList InlineSubgraphs::names(const Graph &graph)
{
    if (!graph.extra.contains(kKey))
        return {};
    return graph.extra.value(kKey).toMap().keys();
}

GraphLoadResult InlineSubgraphs::read(const Graph &graph, const QString &name, const QString &file)
{
    GraphLoadResult result;
    auto fail = [&](const QString &why) {
        result.diagnostics << Diagnostic::make(Severity::Error, QStringLiteral("missing-field"), TranslatableText::verbatim(why), file,
                                               graph.extra.contains(kKey) ? graph.extra.fields().at(graph.extra.keys().indexOf(kKey)).location.line : 0, 0);
        return result;
    };
    if (!graph.extra.contains(kKey))
        return fail(QStringLiteral("the graph has no subgraphs"));
    try {
        const YAML::Node all = loadYaml(graph.extra.yaml(kKey).toStdString());
        if (!all.IsMap() || !all[name.toStdString()] || !all[name.toStdString()].IsMap())
            return fail(QStringLiteral("graph.subgraphs has no graph named '%1'").arg(name));
        YAML::Node doc(YAML::NodeType::Map);
        doc["graph"] = all[name.toStdString()];
        return GraphYamlReader::readBytes(emitYamlNode(doc).toUtf8(), file.isEmpty() ? QStringLiteral("subgraphs.%1").arg(name) : file + QLatin1String(" (subgraphs.") + name + QLatin1Char(')'));
    } catch (const YAML::Exception &e) {
        return fail(QStringLiteral("graph.subgraphs cannot be read: %1").arg(QString::fromStdString(e.msg)));
    }
}

QList<QPair<QString, GraphLoadResult>> InlineSubgraphs::readAll(const Graph &graph, const QString &file)
{
    QList<QPair<QString, GraphLoadResult>> out;
    if (!graph.extra.contains(kKey))
        return out;
    try {
        const YAML::Node all = loadYaml(graph.extra.yaml(kKey).toStdString());
        if (!all.IsMap())
            return {qMakePair(QString(), read(graph, QString(), file))};
        for (const auto &entry : all) {
            const QString name = QString::fromStdString(entry.first.as<std::string>(""));
            if (!entry.second.IsMap()) {
                out << qMakePair(name, read(graph, name, file)); // says why
                continue;
            }
            YAML::Node doc(YAML::NodeType::Map);
            doc["graph"] = entry.second;
            out << qMakePair(name, GraphYamlReader::readBytes(emitYamlNode(doc).toUtf8(),
                                                               file.isEmpty() ? QStringLiteral("subgraphs.%1").arg(name)
                                                                              : file + QLatin1String(" (subgraphs.") + name + QLatin1Char(')')));
        }
    } catch (const YAML::Exception &) {
        out << qMakePair(QString(), read(graph, QString(), file)); // says why
    }
    std::sort(out.begin(), out.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    return out;
}

bool InlineSubgraphs::store(Graph &graph, const QList<QPair<QString, Graph>> &subgraphs, QString *error)
{
    if (subgraphs.isEmpty()) {
        graph.extra.remove(kKey);
        return true;
    }
    YAML::Node all(YAML::NodeType::Map);
    try {
        QSet<QString> names;
        for (const auto &[name, sub] : subgraphs) {
            if (names.contains(name)) {
                if (error)
                    *error = QStringLiteral("two sub-graphs are named '%1'").arg(name);
                return false;
            }
            names.insert(name);
            const YAML::Node doc = loadYaml(GraphYamlWriter::toYaml(sub).toStdString());
            all[name.toStdString()] = doc["graph"];
        }
    } catch (const YAML::Exception &e) {
        if (error)
            *error = QString::fromStdString(e.msg);
        return false;
    }
    return graph.extra.setYaml(kKey, emitYamlNode(all), error);
}

} // namespace capgraph
