// Dify nodes that call a model: llm, question-classifier and parameter-extractor, each on
// builtin.llm, with a placeholder answer per call site in the mock file.

#include "dify/DifyImporter_p.h"

#include "model/NodeKind.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace capgraph::dify {

namespace DE = DifyExpressions;
using Status = DifyNodeReport::Status;

void ScopeMapper::mapLlm(const SourceNode &n, Graph &g)
{
    const QString id = m_scope.ids.value(n.id);
    const QVariantMap &d = n.data;
    Node s = skill(n, id, QStringLiteral("builtin.llm"));
    const QVariantMap model = asMap(d.value(QStringLiteral("model")));
    const QVariantMap ctx = asMap(d.value(QStringLiteral("context")));
    const QString context = ctx.value(QStringLiteral("enabled")).toBool() ? sel(ctx.value(QStringLiteral("variable_selector")), n) : QString();
    QStringList approximations;
    QVariantList roles;
    QStringList texts;
    const QVariant pt = d.value(QStringLiteral("prompt_template"));
    QVariantList messages = pt.toList();
    if (pt.typeId() == QMetaType::QVariantMap)
        messages << QVariantMap{{QStringLiteral("role"), QStringLiteral("user")}, {QStringLiteral("text"), pt.toMap().value(QStringLiteral("text"))},
                                {QStringLiteral("edition_type"), pt.toMap().value(QStringLiteral("edition_type"))}};
    for (const QVariant &m : std::as_const(messages)) {
        const QVariantMap mm = m.toMap();
        if (str(mm.value(QStringLiteral("edition_type"))) == QLatin1String("jinja2"))
            approximations << QStringLiteral("a Jinja2 message is sent as its basic text");
        roles << str(mm.value(QStringLiteral("role"))).toLower();
        texts << templ(str(mm.value(QStringLiteral("text"))), n, context);
    }
    if (roles.size() == 2 && roles.at(0) == QLatin1String("system") && roles.at(1) == QLatin1String("user")) {
        s.inputs.setValue(QStringLiteral("system"), texts.at(0));
        s.inputs.setValue(QStringLiteral("prompt"), texts.at(1));
    } else if (roles.size() == 1 && roles.at(0) == QLatin1String("user")) {
        s.inputs.setValue(QStringLiteral("prompt"), texts.at(0));
    } else {
        s.inputs.setValue(QStringLiteral("roles"), roles);
        for (int i = 0; i < texts.size(); ++i)
            s.inputs.setValue(QStringLiteral("message_%1").arg(i + 1), texts.at(i));
    }
    if (const QString name = str(model.value(QStringLiteral("name"))); !name.isEmpty())
        s.inputs.setValue(QStringLiteral("model"), name);
    const QVariantMap params = asMap(model.value(QStringLiteral("completion_params")));
    for (const char *k : {"temperature", "max_tokens", "top_p"})
        if (params.contains(QLatin1String(k)))
            s.inputs.setValue(QLatin1String(k), params.value(QLatin1String(k)));
    s.outputs << QStringLiteral("text");
    QVariantMap mock{{QStringLiteral("text"), QStringLiteral("(mock) the answer of %1").arg(n.title.isEmpty() ? id : n.title)}};
    const bool structured = d.value(QStringLiteral("structured_output_switch_on")).toBool() || d.value(QStringLiteral("structured_output_enabled")).toBool();
    if (structured) {
        const QVariantMap schema = asMap(asMap(d.value(QStringLiteral("structured_output"))).value(QStringLiteral("schema")));
        s.inputs.setValue(QStringLiteral("json"), true);
        if (!schema.isEmpty())
            s.inputs.setValue(QStringLiteral("schema"), schema);
        s.outputs << QStringLiteral("structured_output");
        QVariantMap obj;
        const QVariantMap props = asMap(schema.value(QStringLiteral("properties")));
        for (auto it = props.cbegin(); it != props.cend(); ++it)
            obj.insert(it.key(), placeholder(str(asMap(it.value()).value(QStringLiteral("type"))), QStringLiteral("(mock) %1").arg(it.key())));
        mock.insert(QStringLiteral("structured_output"), obj);
        mock.insert(QStringLiteral("text"), QString::fromUtf8(QJsonDocument(QJsonObject::fromVariantMap(obj)).toJson(QJsonDocument::Compact)));
    }
    if (asMap(d.value(QStringLiteral("memory"))).value(QStringLiteral("window")).toMap().value(QStringLiteral("enabled")).toBool()
        || d.contains(QStringLiteral("memory")))
        approximations << QStringLiteral("no conversation memory: each run is one turn");
    if (asMap(d.value(QStringLiteral("vision"))).value(QStringLiteral("enabled")).toBool())
        approximations << QStringLiteral("images are not sent");
    g.nodes << s;
    addMock(id, mock);
    report(n, id, approximations.isEmpty() ? Status::Mapped : Status::Approximated,
           QStringLiteral("builtin.llm (%1)%2").arg(str(model.value(QStringLiteral("name"))),
                                                    approximations.isEmpty() ? QString() : QStringLiteral(": ") + approximations.join(QStringLiteral("; "))));
}

void ScopeMapper::mapClassifier(const SourceNode &n, Graph &g)
{
    const QString id = m_scope.ids.value(n.id);
    const QVariantMap &d = n.data;
    Node s = skill(n, id, QStringLiteral("builtin.llm"));
    QStringList classes;
    const QVariantList list = d.value(QStringLiteral("classes")).toList();
    for (const QVariant &c : list)
        classes << QStringLiteral("- %1: %2").arg(str(c.toMap().value(QStringLiteral("id"))), str(c.toMap().value(QStringLiteral("name"))));
    QString system = plainText(QStringLiteral("Classify the user's text into exactly one of these classes (id: description):\n%1\n"
                                    "Answer with a JSON object {\"class_id\": \"...\", \"class_name\": \"...\"}.")
                         .arg(classes.join(QLatin1Char('\n'))));
    if (const QString instruction = str(d.value(QStringLiteral("instruction"))); !instruction.isEmpty())
        system += QStringLiteral("\n") + templ(instruction, n);
    s.inputs.setValue(QStringLiteral("system"), system); // the fixed text plain, the instruction a template
    s.inputs.setValue(QStringLiteral("prompt"), QStringLiteral("${%1}").arg(sel(d.value(QStringLiteral("query_variable_selector")), n)));
    if (const QString name = str(asMap(d.value(QStringLiteral("model"))).value(QStringLiteral("name"))); !name.isEmpty())
        s.inputs.setValue(QStringLiteral("model"), name);
    s.inputs.setValue(QStringLiteral("json"), true);
    s.outputs << QStringLiteral("class_id") << QStringLiteral("class_name");
    g.nodes << s;
    const QVariantMap first = list.value(0).toMap();
    addMock(id, {{QStringLiteral("class_id"), first.value(QStringLiteral("id"))}, {QStringLiteral("class_name"), first.value(QStringLiteral("name"))}});

    Node route;
    route.id = ourId(id + QStringLiteral("_class"), {});
    route.type = QStringLiteral("control.branch");
    route.kind = NodeKind::Branch;
    route.label = n.title;
    route.position = s.position ? std::optional<QPointF>(*s.position + QPointF(0, 100)) : std::nullopt;
    route.extra.setValue(QStringLiteral("dify_part_of"), n.id);
    for (const QVariant &c : list) {
        const QString classId = str(c.toMap().value(QStringLiteral("id")));
        QString target = handleTarget(g, n, classId, route.id);
        if (target.isEmpty()) // a class that leads nowhere stops there
            target = stopTarget(g, n.id, route.id + QStringLiteral("_") + identifier(classId) + QStringLiteral("_end"));
        route.conditions << BranchCondition{classId, QStringLiteral("%1.class_id == %2").arg(id, DE::literal(classId)), target, {}, {}, {}, {}};
    }
    // Dify takes the first class when the answer names none.
    route.defaultTarget = route.conditions.isEmpty() ? stopTarget(g, n.id, route.id + QStringLiteral("_end")) : route.conditions.first().target;
    const QString routeId = route.id;
    addRoute(g, id, n.id, std::move(route));
    m_exitOf.insert(n.id, routeId);
    m_branchOf.insert(n.id, routeId);
    report(n, id, Status::Mapped, QStringLiteral("builtin.llm answering a class id (JSON), then control.branch %1 on it").arg(routeId));
}

void ScopeMapper::mapExtractor(const SourceNode &n, Graph &g)
{
    const QString id = m_scope.ids.value(n.id);
    const QVariantMap &d = n.data;
    Node s = skill(n, id, QStringLiteral("builtin.llm"));
    QStringList lines;
    QVariantMap mock{{QStringLiteral("__is_success"), 1}, {QStringLiteral("__reason"), QString()}};
    for (const QVariant &p : d.value(QStringLiteral("parameters")).toList()) {
        const QVariantMap pm = p.toMap();
        const QString name = str(pm.value(QStringLiteral("name")));
        const QString type = str(pm.value(QStringLiteral("type")));
        lines << QStringLiteral("- %1 (%2%3): %4").arg(name, type, pm.value(QStringLiteral("required")).toBool() ? QStringLiteral(", required") : QString(),
                                                      str(pm.value(QStringLiteral("description"))));
        s.outputs << name;
        mock.insert(name, placeholder(type, QStringLiteral("(mock) %1").arg(name)));
    }
    QString system = plainText(QStringLiteral("Extract these parameters from the user's text:\n%1\nAnswer with one JSON object whose keys are the parameters' names, "
                                    "plus \"__is_success\": 1 and \"__reason\": \"\" (or 0 and the reason when they cannot be extracted).")
                         .arg(lines.join(QLatin1Char('\n'))));
    if (const QString instruction = str(d.value(QStringLiteral("instruction"))); !instruction.isEmpty())
        system += QStringLiteral("\n") + templ(instruction, n);
    s.inputs.setValue(QStringLiteral("system"), system); // the fixed text plain, the instruction a template
    QStringList query = selectorOf(d.value(QStringLiteral("query")));
    s.inputs.setValue(QStringLiteral("prompt"), query.size() >= 2 ? QStringLiteral("${%1}").arg(sel(query, n)) : templ(str(d.value(QStringLiteral("query"))), n));
    if (const QString name = str(asMap(d.value(QStringLiteral("model"))).value(QStringLiteral("name"))); !name.isEmpty())
        s.inputs.setValue(QStringLiteral("model"), name);
    s.inputs.setValue(QStringLiteral("json"), true);
    s.outputs << QStringLiteral("__is_success") << QStringLiteral("__reason");
    g.nodes << s;
    addMock(id, mock);
    report(n, id, Status::Mapped, QStringLiteral("builtin.llm in JSON mode, its keys the parameters"));
}

} // namespace capgraph::dify
