// Dify nodes that stand in for what needs a capability of ours: tools, knowledge bases,
// agents, document extraction and any node type the import does not run itself.

#include "dify/DifyImporter_p.h"

#include "model/NodeKind.h"

namespace capgraph::dify {

using Status = DifyNodeReport::Status;


void ScopeMapper::parameters(const QVariantMap &params, Node &s, const SourceNode &n)
{
    // A tool's or agent's parameters: {type: variable, value: selector}, {type: mixed, value:
    // a template}, {type: constant, value}.
    for (auto it = params.cbegin(); it != params.cend(); ++it) {
        const QVariantMap pm = it.value().toMap();
        const QString kind = str(pm.value(QStringLiteral("type")));
        if (kind == QLatin1String("variable"))
            s.inputs.setValue(it.key(), QStringLiteral("${%1}").arg(sel(pm.value(QStringLiteral("value")), n)));
        else if (kind == QLatin1String("mixed"))
            s.inputs.setValue(it.key(), templ(str(pm.value(QStringLiteral("value"))), n));
        else
            s.inputs.setValue(it.key(), pm.value(QStringLiteral("value")));
    }
}

void ScopeMapper::mapStandIn(const SourceNode &n, Graph &g)
{
    const QString id = m_scope.ids.value(n.id);
    const QVariantMap &d = n.data;
    const QString &t = n.type;
    auto part = [](const QString &s) {
        QString p = identifier(s.toLower());
        while (p.startsWith(QLatin1Char('_')))
            p.remove(0, 1);
        if (p.isEmpty() || !p.at(0).isLetter())
            p.prepend(QLatin1Char('x'));
        return p;
    };
    QString skillId;
    QVariantMap mock;
    QString expects;
    Node s;
    if (t == QLatin1String("tool")) {
        skillId = QStringLiteral("tool.") + part(str(d.value(QStringLiteral("provider_name"))) + QLatin1Char('_') + str(d.value(QStringLiteral("tool_name"))));
        s = skill(n, id, skillId);
        const QVariantMap params = asMap(d.value(QStringLiteral("tool_parameters")));
        parameters(params, s, n);
        s.outputs << QStringLiteral("text") << QStringLiteral("json") << QStringLiteral("files");
        mock = {{QStringLiteral("text"), QStringLiteral("(mock) %1").arg(n.title)}, {QStringLiteral("json"), QVariantList{}}, {QStringLiteral("files"), QVariantList{}}};
        expects = QStringLiteral("the tool %1 of %2 (inputs %3)").arg(str(d.value(QStringLiteral("tool_name"))), str(d.value(QStringLiteral("provider_name"))),
                                                                     params.keys().join(QStringLiteral(", ")));
    } else if (t == QLatin1String("knowledge-retrieval")) {
        skillId = QStringLiteral("knowledge.retrieve_chunks");
        s = skill(n, id, skillId);
        s.inputs.setValue(QStringLiteral("query"), QStringLiteral("${%1}").arg(sel(d.value(QStringLiteral("query_variable_selector")), n)));
        s.inputs.setValue(QStringLiteral("dataset_ids"), d.value(QStringLiteral("dataset_ids")));
        s.outputs << QStringLiteral("result");
        mock = {{QStringLiteral("result"), QVariantList{QVariantMap{{QStringLiteral("title"), QStringLiteral("(mock) document")},
                                                                     {QStringLiteral("content"), QStringLiteral("(mock) a retrieved passage")}}}}};
        expects = QStringLiteral("a retrieval from the knowledge bases %1: {query} -> {result: [{title, content}]}")
                      .arg(d.value(QStringLiteral("dataset_ids")).toStringList().join(QStringLiteral(", ")));
    } else if (t == QLatin1String("agent")) {
        skillId = QStringLiteral("agent.") + part(str(d.value(QStringLiteral("agent_strategy_name"), QStringLiteral("run"))));
        if (!skillId.contains(QLatin1Char('_')))
            skillId += QStringLiteral("_agent");
        s = skill(n, id, skillId);
        parameters(asMap(d.value(QStringLiteral("agent_parameters"))), s, n);
        s.outputs << QStringLiteral("text");
        mock = {{QStringLiteral("text"), QStringLiteral("(mock) %1").arg(n.title)}};
        expects = QStringLiteral("the agent strategy %1 of %2").arg(str(d.value(QStringLiteral("agent_strategy_name"))), str(d.value(QStringLiteral("agent_strategy_provider_name"))));
    } else if (t == QLatin1String("document-extractor")) {
        skillId = QStringLiteral("document.extract_text");
        s = skill(n, id, skillId);
        s.inputs.setValue(QStringLiteral("files"), QStringLiteral("${%1}").arg(sel(d.value(QStringLiteral("variable_selector")), n)));
        s.outputs << QStringLiteral("text");
        mock = {{QStringLiteral("text"), QStringLiteral("(mock) the document's text")}};
        expects = QStringLiteral("text extraction: {files} -> {text}");
    } else {
        skillId = QStringLiteral("dify.") + part(t);
        if (!skillId.contains(QLatin1Char('_')))
            skillId += QStringLiteral("_node");
        s = skill(n, id, skillId);
        s.outputs << QStringLiteral("text");
        mock = {{QStringLiteral("text"), QStringLiteral("(mock) %1").arg(n.title)}};
        expects = QStringLiteral("what Dify's %1 node does").arg(t);
        static const QStringList known{QStringLiteral("datasource"), QStringLiteral("knowledge-index"), QStringLiteral("human-input"),
                                       QStringLiteral("trigger-webhook"), QStringLiteral("trigger-schedule"), QStringLiteral("trigger-plugin"),
                                       QStringLiteral("agent_v2")};
        if (!known.contains(t))
            warn(n, QStringLiteral("node '%1': '%2' is no Dify node type this import knows; it stands in as %3, mocked").arg(n.id, t, skillId));
    }
    s.extra.setValue(QStringLiteral("needs_capability"), expects);
    s.extra.setValue(QStringLiteral("stand_in_outputs"), mock);
    g.nodes << s;
    addMock(id, mock);
    report(n, id, Status::StandIn, QStringLiteral("%1, a stand-in: needs a capability for %2; mocked by default").arg(skillId, expects));
}

} // namespace capgraph::dify
