// Maps Dify nodes onto nodes of ours (docs/dify.md has the table this follows).

#include "dify/DifyImporter_p.h"

#include "io/YamlValue.h"
#include "model/NodeKind.h"
#include "yaml/GraphYamlWriter.h"

#include <QJsonDocument>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

namespace capgraph::dify {

namespace DE = DifyExpressions;
using Status = DifyNodeReport::Status;

QString identifier(const QString &text)
{
    QString s;
    for (const QChar c : text)
        s += (c.isLetterOrNumber() && c.unicode() < 128) || c == QLatin1Char('_') ? c : QLatin1Char('_');
    if (!s.isEmpty() && s.at(0).isDigit())
        s.prepend(QLatin1Char('n'));
    return s;
}

namespace {

QString str(const QVariant &v)
{
    return v.toString();
}

QVariantMap asMap(const QVariant &v)
{
    return v.toMap();
}

QStringList selectorOf(const QVariant &v)
{
    QStringList s;
    for (const QVariant &p : v.toList())
        s << p.toString();
    return s;
}

// A placeholder answer of a JSON-schema-ish type, for the mock file.
QVariant placeholder(const QString &type, const QString &what)
{
    if (type == QLatin1String("number") || type == QLatin1String("integer"))
        return 0;
    if (type == QLatin1String("boolean") || type == QLatin1String("bool"))
        return false;
    if (type.startsWith(QLatin1String("array")))
        return QVariantList{};
    if (type == QLatin1String("object"))
        return QVariantMap{};
    return what;
}

// Dify's `node.var` template escaped as text our templates do not read: `${` stays literal.
QString plainText(QString s)
{
    return s.replace(QStringLiteral("${"), QStringLiteral("$${"));
}

} // namespace

ScopeMapper::ScopeMapper(DifyImportResult *result, const QString &file, const QList<SourceNode> &all, const QList<SourceEdge> &edges,
                         const QHash<QString, int> &index)
    : m_result(result), m_file(file), m_all(all), m_edges(edges), m_index(index)
{
}

void ScopeMapper::error(int line, int column, const QString &code, const QString &message)
{
    m_result->diagnostics << Diagnostic::make(Severity::Error, code, TranslatableText::verbatim(message), m_file, line, column);
}

void ScopeMapper::warn(const SourceNode &n, const QString &message)
{
    m_result->diagnostics << Diagnostic::make(Severity::Warning, QStringLiteral("dify-mapping"), TranslatableText::verbatim(message), m_file,
                                              n.line, n.column);
}

void ScopeMapper::report(const SourceNode &n, const QString &nodeId, Status status, const QString &how)
{
    m_result->report << DifyNodeReport{n.id, nodeId, n.type.isEmpty() ? n.nodeType : n.type, n.title, status, how};
}

QString ScopeMapper::ourId(const QString &difyId, const QString &type)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    QString raw = difyId;
    raw.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_]")), QStringLiteral("_"));
    QString base = plain.match(difyId).hasMatch() ? difyId : type.isEmpty() ? identifier(difyId) : identifier(type) + QLatin1Char('_') + raw;
    if (base.startsWith(QLatin1Char('_')))
        base.prepend(QLatin1Char('n'));
    QString id = base;
    for (int i = 2; m_used.contains(id); ++i)
        id = base + QLatin1Char('_') + QString::number(i);
    m_used.insert(id);
    return id;
}

QString ScopeMapper::templ(const QString &text, const SourceNode &n, const QString &context)
{
    QStringList errors;
    const QString t = DE::templateText(text, m_scope, &errors, context);
    for (const QString &e : std::as_const(errors))
        warn(n, QStringLiteral("node '%1': %2").arg(n.id, e));
    return t;
}

QString ScopeMapper::sel(const QVariant &selector, const SourceNode &n)
{
    QString e;
    const QString x = DE::selector(selectorOf(selector), m_scope, &e);
    if (!e.isEmpty())
        warn(n, QStringLiteral("node '%1': %2").arg(n.id, e));
    return x;
}

void ScopeMapper::keep(Node &node, const SourceNode &n)
{
    QString error;
    if (!node.extra.setYaml(QStringLiteral("dify"), emitYamlNode(n.yaml), &error))
        this->error(n.line, n.column, QStringLiteral("internal"), QStringLiteral("node '%1' cannot be kept: %2").arg(n.id, error));
}

Node ScopeMapper::skill(const SourceNode &n, const QString &id, const QString &skillId)
{
    Node node;
    node.id = id;
    node.type = QStringLiteral("skill");
    node.kind = NodeKind::Skill;
    node.skillId = skillId;
    node.label = n.title;
    node.position = n.position + QPointF(n.size.width() / 2, n.size.height() / 2);
    // Findings about it point at the Dify node it came from.
    node.location.line = n.line;
    node.location.column = n.column;
    node.fieldLocations.insert(QStringLiteral("skill_id"), node.location);
    keep(node, n);
    return node;
}

void ScopeMapper::addEnd(Graph &g, const QString &from, const QString &id)
{
    Node end;
    end.id = id;
    end.type = QStringLiteral("control.end");
    end.kind = NodeKind::End;
    if (const Node *f = g.node(from); f && f->position)
        end.position = *f->position + QPointF(200, 0);
    QString partOf = m_container;
    if (const Node *f = g.node(from)) {
        if (f->extra.contains(QStringLiteral("dify")))
            partOf = f->extra.value(QStringLiteral("dify")).toMap().value(QStringLiteral("id")).toString();
        else if (f->extra.contains(QStringLiteral("dify_part_of")))
            partOf = f->extra.value(QStringLiteral("dify_part_of")).toString();
    }
    end.extra.setValue(QStringLiteral("dify_part_of"), partOf);
    g.nodes << end;
    Edge e;
    e.from = from;
    e.to = id;
    g.edges << e;
}

void ScopeMapper::addMock(const QString &nodeId, const QVariantMap &outputs)
{
    QVariantMap nodes = m_result->mocks.value(QStringLiteral("nodes")).toMap();
    nodes.insert(nodeId, QVariantMap{{QStringLiteral("outputs"), outputs}});
    m_result->mocks.insert(QStringLiteral("nodes"), nodes);
}

Graph ScopeMapper::map(const QString &container, const DifyScope *outer, QSet<QString> *outerHeads, int depth)
{
    m_container = container;
    Graph g;
    QList<const SourceNode *> nodes;
    for (const SourceNode &n : m_all) {
        if (n.nodeType == QLatin1String("custom-note")) {
            if (container.isEmpty()) {
                // A sticky note: its text is the editor's rich text, kept whole in `dify`.
                Note note;
                note.id = ourId(n.id, QStringLiteral("note"));
                QStringList paragraphs;
                const QJsonDocument doc = QJsonDocument::fromJson(n.data.value(QStringLiteral("text")).toString().toUtf8());
                std::function<void(const QJsonValue &, QString *)> collect = [&](const QJsonValue &v, QString *into) {
                    const QJsonObject o = v.toObject();
                    if (o.contains(QStringLiteral("text")))
                        *into += o.value(QStringLiteral("text")).toString();
                    for (const QJsonValue &c : o.value(QStringLiteral("children")).toArray()) {
                        if (c.toObject().value(QStringLiteral("type")).toString() == QLatin1String("paragraph")) {
                            QString p;
                            collect(c, &p);
                            paragraphs << p;
                        } else {
                            collect(c, into);
                        }
                    }
                };
                QString rest;
                collect(doc.object().value(QStringLiteral("root")), &rest);
                if (!rest.isEmpty())
                    paragraphs << rest;
                note.text = doc.isNull() ? n.data.value(QStringLiteral("text")).toString() : paragraphs.join(QLatin1Char('\n'));
                note.position = n.position;
                const double w = n.data.value(QStringLiteral("width")).toDouble(), h = n.data.value(QStringLiteral("height")).toDouble();
                note.size = QSizeF(w > 0 ? w : 240, h > 0 ? h : 88);
                QString err;
                note.extra.setYaml(QStringLiteral("dify"), emitYamlNode(n.yaml), &err);
                g.notes << note;
                report(n, note.id, Status::Kept, QStringLiteral("a sticky note"));
            }
            continue;
        }
        if (n.parent == container) {
            nodes << &n;
            m_inScope.insert(n.id);
        }
    }
    m_scope.containerId = container;
    m_scope.outer = outer;
    m_scope.outerHeads = outerHeads;
    for (const SourceNode *n : std::as_const(nodes)) {
        const QString id = ourId(n->id, n->type);
        m_scope.ids.insert(n->id, id);
        m_exitOf.insert(n->id, id);
        m_entryOf.insert(n->id, id);
        if (container.isEmpty() && n->type == QLatin1String("start"))
            m_scope.startId = n->id;
        if (const QString strategy = n->data.value(QStringLiteral("error_strategy")).toString();
            strategy == QLatin1String("fail-branch") || strategy == QLatin1String("default-value"))
            m_scope.failing.insert(n->id);
    }
    if (!m_results.isEmpty())
        m_collector = ourId(QStringLiteral("results"), {});
    for (const SourceNode *n : std::as_const(nodes))
        mapNode(*n, g, depth);
    mapEdges(g);

    // Every way must reach an end: Dify ends a branch where its last node is.
    QSet<QString> leaving;
    for (const Edge &e : std::as_const(g.edges))
        leaving.insert(e.from);
    for (const Node &n : std::as_const(g.nodes))
        if (n.kind == NodeKind::Branch)
            leaving.insert(n.id);
    const QList<Node> snapshot = g.nodes;
    QString collector;
    if (!m_results.isEmpty()) {
        // A container's children: their last nodes lead to the one that gives the results back.
        Node out;
        out.id = collector = m_collector;
        out.type = QStringLiteral("skill");
        out.kind = NodeKind::Skill;
        out.skillId = QStringLiteral("builtin.set");
        for (const auto &[name, expr] : std::as_const(m_results)) {
            out.inputs.setValue(name, QStringLiteral("${%1}").arg(expr()));
            out.outputs << name;
        }
        out.extra.setValue(QStringLiteral("dify_part_of"), container);
        g.nodes << out;
        addEnd(g, out.id, ourId(QStringLiteral("results_end"), {}));
    }
    for (const Node &n : snapshot) {
        if (leaving.contains(n.id) || n.kind == NodeKind::End || n.extra.contains(QStringLiteral("dify_part_of")))
            continue;
        if (collector.isEmpty()) {
            addEnd(g, n.id, ourId(n.id + QStringLiteral("_end"), {}));
        } else {
            Edge e;
            e.from = n.id;
            e.to = collector;
            g.edges << e;
        }
    }
    return g;
}

void ScopeMapper::mapNode(const SourceNode &n, Graph &g, int depth)
{
    const QString id = m_scope.ids.value(n.id);
    const QString &t = n.type;
    const QVariantMap &d = n.data;
    if (t == QLatin1String("start")) {
        mapStart(n, g);
    } else if (t == QLatin1String("iteration-start") || t == QLatin1String("loop-start")) {
        Node s;
        s.id = id;
        s.type = QStringLiteral("control.start");
        s.kind = NodeKind::Start;
        s.label = n.title;
        s.position = n.position + QPointF(n.size.width() / 2, n.size.height() / 2);
        keep(s, n);
        g.nodes << s;
        report(n, id, Status::Mapped, QStringLiteral("the start of its container's sub-graph"));
    } else if (t == QLatin1String("end")) {
        Node s = skill(n, id, QStringLiteral("builtin.set"));
        for (const QVariant &o : d.value(QStringLiteral("outputs")).toList()) {
            const QVariantMap om = o.toMap();
            const QString name = str(om.value(QStringLiteral("variable")));
            if (name.isEmpty())
                continue;
            s.inputs.setValue(name, QStringLiteral("${%1}").arg(sel(om.value(QStringLiteral("value_selector")), n)));
            s.outputs << name;
        }
        g.nodes << s;
        addEnd(g, id, ourId(id + QStringLiteral("_end"), {}));
        report(n, id, Status::Mapped, QStringLiteral("builtin.set of its outputs (%1), then control.end").arg(s.outputs.join(QStringLiteral(", "))));
    } else if (t == QLatin1String("answer")) {
        Node s = skill(n, id, QStringLiteral("builtin.set"));
        s.inputs.setValue(QStringLiteral("answer"), templ(str(d.value(QStringLiteral("answer"))), n));
        s.outputs << QStringLiteral("answer");
        g.nodes << s;
        report(n, id, Status::Mapped, QStringLiteral("builtin.set of the answer text (its template rendered)"));
    } else if (t == QLatin1String("loop-end")) {
        Node s = skill(n, id, QStringLiteral("builtin.set"));
        s.inputs.setValue(QStringLiteral("__break"), true);
        s.outputs << QStringLiteral("__break");
        g.nodes << s;
        report(n, id, Status::Mapped, QStringLiteral("builtin.set of __break: the loop ends after this round"));
    } else if (t == QLatin1String("llm")) {
        mapLlm(n, g);
    } else if (t == QLatin1String("if-else")) {
        mapIfElse(n, g);
    } else if (t == QLatin1String("question-classifier")) {
        mapClassifier(n, g);
    } else if (t == QLatin1String("iteration") || t == QLatin1String("loop")) {
        mapContainer(n, g, depth);
    } else if (t == QLatin1String("code")) {
        Node s = skill(n, id, QStringLiteral("builtin.code"));
        const QString language = str(d.value(QStringLiteral("code_language")));
        s.inputs.setValue(QStringLiteral("language"), language);
        s.inputs.setValue(QStringLiteral("code"), plainText(str(d.value(QStringLiteral("code")))));
        for (const QVariant &v : d.value(QStringLiteral("variables")).toList()) {
            const QVariantMap vm = v.toMap();
            const QString name = str(vm.value(QStringLiteral("variable")));
            if (name == QLatin1String("language") || name == QLatin1String("code"))
                warn(n, QStringLiteral("node '%1': the code's argument '%2' has the name of the handler's own input; it is not passed").arg(n.id, name));
            else if (!name.isEmpty())
                s.inputs.setValue(name, QStringLiteral("${%1}").arg(sel(vm.value(QStringLiteral("value_selector")), n)));
        }
        s.outputs = asMap(d.value(QStringLiteral("outputs"))).keys();
        g.nodes << s;
        const bool known = language == QLatin1String("python3") || language == QLatin1String("javascript");
        report(n, id, known ? Status::Mapped : Status::Approximated,
               known ? QStringLiteral("builtin.code: %1 runs main() in a child process, under the trust gate").arg(language == QLatin1String("python3") ? QStringLiteral("python3") : QStringLiteral("node"))
                     : QStringLiteral("builtin.code with language '%1', which it cannot run").arg(language));
    } else if (t == QLatin1String("template-transform")) {
        Node s = skill(n, id, QStringLiteral("builtin.jinja"));
        s.inputs.setValue(QStringLiteral("template"), plainText(str(d.value(QStringLiteral("template")))));
        for (const QVariant &v : d.value(QStringLiteral("variables")).toList()) {
            const QVariantMap vm = v.toMap();
            if (const QString name = str(vm.value(QStringLiteral("variable"))); !name.isEmpty() && name != QLatin1String("template"))
                s.inputs.setValue(name, QStringLiteral("${%1}").arg(sel(vm.value(QStringLiteral("value_selector")), n)));
        }
        s.outputs << QStringLiteral("output");
        g.nodes << s;
        report(n, id, Status::Mapped, QStringLiteral("builtin.jinja (the Jinja subset in docs/dify.md)"));
    } else if (t == QLatin1String("http-request")) {
        mapHttp(n, g);
    } else if (t == QLatin1String("variable-aggregator") || t == QLatin1String("variable-assigner")) {
        Node s = skill(n, id, QStringLiteral("builtin.coalesce"));
        const QVariantMap adv = asMap(d.value(QStringLiteral("advanced_settings")));
        if (adv.value(QStringLiteral("group_enabled")).toBool()) {
            s.inputs.setValue(QStringLiteral("groups"), true);
            for (const QVariant &gr : adv.value(QStringLiteral("groups")).toList()) {
                const QVariantMap gm = gr.toMap();
                const QString name = identifier(str(gm.value(QStringLiteral("group_name"))));
                int i = 0;
                for (const QVariant &v : gm.value(QStringLiteral("variables")).toList())
                    s.inputs.setValue(QStringLiteral("%1__%2").arg(name).arg(++i), QStringLiteral("${default(%1, null)}").arg(sel(v, n)));
                s.outputs << name;
            }
        } else {
            int i = 0;
            for (const QVariant &v : d.value(QStringLiteral("variables")).toList())
                s.inputs.setValue(QStringLiteral("output__%1").arg(++i), QStringLiteral("${default(%1, null)}").arg(sel(v, n)));
            s.outputs << QStringLiteral("output");
        }
        g.nodes << s;
        report(n, id, Status::Mapped, QStringLiteral("builtin.coalesce: the first of its variables that has a value"));
    } else if (t == QLatin1String("assigner")) {
        Node s = skill(n, id, QStringLiteral("builtin.set"));
        QVariantList items = d.value(QStringLiteral("items")).toList();
        if (items.isEmpty() && d.contains(QStringLiteral("assigned_variable_selector")))
            items << QVariantMap{{QStringLiteral("variable_selector"), d.value(QStringLiteral("assigned_variable_selector"))},
                                 {QStringLiteral("operation"), d.value(QStringLiteral("write_mode"))},
                                 {QStringLiteral("input_type"), QStringLiteral("variable")},
                                 {QStringLiteral("value"), d.value(QStringLiteral("input_variable_selector"))}};
        for (const QVariant &it : std::as_const(items)) {
            const QVariantMap im = it.toMap();
            const QStringList target = selectorOf(im.value(QStringLiteral("variable_selector")));
            if (target.size() < 2)
                continue;
            const QString op = str(im.value(QStringLiteral("operation")));
            const QString value = str(im.value(QStringLiteral("input_type"))) == QLatin1String("constant")
                ? DE::literal(im.value(QStringLiteral("value")))
                : sel(im.value(QStringLiteral("value")), n);
            const QString current = DE::selector(target, m_scope);
            QString e = value;
            if (op == QLatin1String("clear"))
                e = QStringLiteral("null");
            else if (op == QLatin1String("append"))
                e = QStringLiteral("default(%1, []) + [%2]").arg(current, value);
            else if (op == QLatin1String("extend"))
                e = QStringLiteral("default(%1, []) + %2").arg(current, value);
            else if (op == QLatin1String("+=") || op == QLatin1String("-=") || op == QLatin1String("*=") || op == QLatin1String("/="))
                e = QStringLiteral("%1 %2 %3").arg(current, op.left(1), value);
            s.inputs.setValue(target.last(), QStringLiteral("${%1}").arg(e));
            s.outputs << target.last();
        }
        g.nodes << s;
        report(n, id, Status::Approximated,
               QStringLiteral("builtin.set of the new values (%1): later nodes read them as this node's outputs, while references to the variable itself still read the run's input")
                   .arg(s.outputs.join(QStringLiteral(", "))));
    } else if (t == QLatin1String("list-operator")) {
        Node s = skill(n, id, QStringLiteral("builtin.list"));
        s.inputs.setValue(QStringLiteral("list"), QStringLiteral("${%1}").arg(sel(d.value(QStringLiteral("variable")), n)));
        for (const char *k : {"filter_by", "order_by", "limit", "extract_by"})
            if (d.contains(QLatin1String(k)))
                s.inputs.setValue(QLatin1String(k), d.value(QLatin1String(k)));
        s.outputs << QStringLiteral("result") << QStringLiteral("first_record") << QStringLiteral("last_record");
        g.nodes << s;
        report(n, id, Status::Mapped, QStringLiteral("builtin.list: filter, order, limit and extract as Dify's list operator"));
    } else if (t == QLatin1String("parameter-extractor")) {
        mapExtractor(n, g);
    } else {
        mapStandIn(n, g);
    }
    // Failure handling: Dify's fail-branch, default values and retries.
    Node *mine = g.node(id);
    if (!mine || mine->kind != NodeKind::Skill)
        return;
    const QVariantMap retry = asMap(d.value(QStringLiteral("retry_config")));
    if (retry.value(QStringLiteral("retry_enabled")).toBool() && retry.value(QStringLiteral("max_retries")).toInt() > 0) {
        mine->retryAttempts = retry.value(QStringLiteral("max_retries")).toInt() + 1;
        mine->retryBackoff = retry.value(QStringLiteral("retry_interval")).toDouble() / 1000.0;
        mine->retryMultiplier = 1;
    }
    const QString strategy = str(d.value(QStringLiteral("error_strategy")));
    if (strategy == QLatin1String("fail-branch") || strategy == QLatin1String("default-value")) {
        mine->onError = QStringLiteral("continue");
        mine->outputs << QStringLiteral("error");
    }
    if (strategy == QLatin1String("default-value") && !m_result->report.isEmpty() && m_result->report.last().difyId == n.id) {
        DifyNodeReport &r = m_result->report.last();
        r.status = Status::Approximated;
        r.how += QStringLiteral("; on failure it goes on with `error` set, without Dify's default values");
    }
    if (strategy == QLatin1String("fail-branch")) {
        Node route;
        route.id = ourId(id + QStringLiteral("_failed"), {});
        route.type = QStringLiteral("control.branch");
        route.kind = NodeKind::Branch;
        route.position = mine->position ? std::optional<QPointF>(*mine->position + QPointF(0, 90)) : std::nullopt;
        route.extra.setValue(QStringLiteral("dify_part_of"), n.id);
        m_exitOf.insert(n.id, route.id);
        m_branchOf.insert(n.id, route.id);
        for (const SourceEdge &e : m_edges) {
            if (e.source != n.id || !m_inScope.contains(e.target))
                continue;
            const QString to = m_entryOf.value(e.target, m_scope.ids.value(e.target));
            if (e.handle == QLatin1String("fail-branch")) {
                if (route.conditions.isEmpty())
                    route.conditions << BranchCondition{QStringLiteral("fail-branch"), QStringLiteral("default(%1.error, null) != null").arg(id), to, {}, {}, {}, {}};
            } else if (route.defaultTarget.isEmpty()) {
                route.defaultTarget = to;
            }
        }
        g.nodes << route;
        Edge toRoute;
        toRoute.from = id;
        toRoute.to = route.id;
        toRoute.extra.setValue(QStringLiteral("dify_part_of"), n.id);
        g.edges << toRoute;
    }
}

void ScopeMapper::mapStart(const SourceNode &n, Graph &g)
{
    const QString id = m_scope.ids.value(n.id);
    Node s;
    s.id = id;
    s.type = QStringLiteral("control.start");
    s.kind = NodeKind::Start;
    s.label = n.title;
    s.position = n.position + QPointF(n.size.width() / 2, n.size.height() / 2);
    keep(s, n);
    g.nodes << s;
    // The start form's variables: what a run's input holds, described for the Run Input form
    // (a JSON Schema, its properties in the form's order).
    YAML::Node properties(YAML::NodeType::Map);
    YAML::Node required(YAML::NodeType::Sequence);
    QVariantMap defaults;
    QStringList names;
    auto text = [](const QString &q) { return q.toStdString(); };
    for (const QVariant &v : n.data.value(QStringLiteral("variables")).toList()) {
        const QVariantMap vm = v.toMap();
        const QString name = str(vm.value(QStringLiteral("variable")));
        if (name.isEmpty())
            continue;
        const QString type = str(vm.value(QStringLiteral("type")));
        YAML::Node p(YAML::NodeType::Map);
        QString jsonType = QStringLiteral("string");
        if (type == QLatin1String("number"))
            jsonType = QStringLiteral("number");
        else if (type == QLatin1String("checkbox"))
            jsonType = QStringLiteral("boolean");
        else if (type == QLatin1String("json_object"))
            jsonType = QStringLiteral("object");
        else if (type == QLatin1String("file-list"))
            jsonType = QStringLiteral("array");
        else if (type == QLatin1String("file"))
            jsonType.clear(); // a file: whatever the run is given
        if (!jsonType.isEmpty())
            p["type"] = text(jsonType);
        if (const QString label = str(vm.value(QStringLiteral("label"))); !label.isEmpty())
            p["title"] = text(label);
        if (const QString desc = str(vm.value(QStringLiteral("description"))); !desc.isEmpty())
            p["description"] = text(desc);
        const QVariantList options = vm.value(QStringLiteral("options")).toList();
        if (type == QLatin1String("select") && !options.isEmpty())
            for (const QVariant &o : options)
                p["enum"].push_back(text(o.toString()));
        if (const int max = vm.value(QStringLiteral("max_length")).toInt(); max > 0 && jsonType == QLatin1String("string"))
            p["maxLength"] = max;
        if (vm.contains(QStringLiteral("default")) && !vm.value(QStringLiteral("default")).isNull() && str(vm.value(QStringLiteral("default"))) != QString()) {
            p["default"] = YAML::Load(variantToYamlText(vm.value(QStringLiteral("default"))).toStdString());
            defaults.insert(name, vm.value(QStringLiteral("default")));
        }
        if (vm.value(QStringLiteral("required")).toBool())
            required.push_back(text(name));
        else if (!defaults.contains(name)) // Dify reads an optional variable not given as empty
            defaults.insert(name, jsonType == QLatin1String("string") ? QVariant(QString()) : QVariant::fromValue(nullptr));
        properties[text(name)] = p;
        names << name;
    }
    if (m_result->mode == QLatin1String("advanced-chat")) {
        YAML::Node q(YAML::NodeType::Map);
        q["type"] = "string";
        q["title"] = "sys.query";
        q["description"] = "the user's message";
        properties["query"] = q;
        required.push_back("query");
        names << QStringLiteral("query");
    }
    YAML::Node schema(YAML::NodeType::Map);
    schema["type"] = "object";
    schema["properties"] = properties;
    if (required.size() > 0)
        schema["required"] = required;
    QString schemaError;
    if (!g.extra.setYaml(QStringLiteral("input_schema"), emitYamlNode(schema), &schemaError))
        error(n.line, n.column, QStringLiteral("internal"), QStringLiteral("the start node's variables cannot be kept: %1").arg(schemaError));
    for (const QString &name : std::as_const(names))
        if (defaults.contains(name))
            g.inputs.setValue(name, defaults.value(name));
    // What the system variables hold in a run of ours.
    g.inputs.setValue(QStringLiteral("files"), QVariantList{});
    g.inputs.setValue(QStringLiteral("sys"), QVariantMap{{QStringLiteral("user_id"), QStringLiteral("capgraph")},
                                                         {QStringLiteral("conversation_id"), QString()},
                                                         {QStringLiteral("dialogue_count"), 0},
                                                         {QStringLiteral("app_id"), QString()},
                                                         {QStringLiteral("workflow_id"), QString()},
                                                         {QStringLiteral("workflow_run_id"), QString()}});
    report(n, id, Status::Mapped, QStringLiteral("control.start; the run's input holds its variables (%1, graph.input_schema)").arg(names.join(QStringLiteral(", "))));
}

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

void ScopeMapper::mapIfElse(const SourceNode &n, Graph &g)
{
    const QString id = m_scope.ids.value(n.id);
    const QVariantMap &d = n.data;
    Node b;
    b.id = id;
    b.type = QStringLiteral("control.branch");
    b.kind = NodeKind::Branch;
    b.label = n.title;
    b.position = n.position + QPointF(n.size.width() / 2, n.size.height() / 2);
    keep(b, n);
    QVariantList cases = d.value(QStringLiteral("cases")).toList();
    if (cases.isEmpty() && d.contains(QStringLiteral("conditions"))) // before cases: one case, id "true"
        cases << QVariantMap{{QStringLiteral("case_id"), QStringLiteral("true")},
                             {QStringLiteral("logical_operator"), d.value(QStringLiteral("logical_operator"), QStringLiteral("and"))},
                             {QStringLiteral("conditions"), d.value(QStringLiteral("conditions"))}};
    auto targetOf = [&](const QString &handle) {
        for (const SourceEdge &e : m_edges)
            if (e.source == n.id && e.handle == handle && m_inScope.contains(e.target))
                return m_entryOf.value(e.target, m_scope.ids.value(e.target));
        return QString();
    };
    for (const QVariant &c : std::as_const(cases)) {
        const QVariantMap cm = c.toMap();
        const QString caseId = str(cm.value(QStringLiteral("case_id")));
        QStringList errors;
        const QString expr = DE::conditions(cm.value(QStringLiteral("conditions")).toList(), str(cm.value(QStringLiteral("logical_operator"))), m_scope, &errors);
        for (const QString &e : std::as_const(errors))
            warn(n, QStringLiteral("node '%1', case '%2': %3").arg(n.id, caseId, e));
        QString target = targetOf(caseId);
        if (target.isEmpty())
            target = m_collector; // in a container, the round ends with what it has
        if (target.isEmpty()) { // a case that leads nowhere ends its branch, as in Dify
            target = ourId(id + QStringLiteral("_") + identifier(caseId) + QStringLiteral("_end"), {});
            Node end;
            end.id = target;
            end.type = QStringLiteral("control.end");
            end.kind = NodeKind::End;
            end.extra.setValue(QStringLiteral("dify_part_of"), n.id);
            g.nodes << end;
        }
        b.conditions << BranchCondition{caseId, expr, target, {}, {}, {}, {}};
    }
    b.defaultTarget = targetOf(QStringLiteral("false"));
    if (b.defaultTarget.isEmpty())
        b.defaultTarget = m_collector;
    if (b.defaultTarget.isEmpty()) {
        b.defaultTarget = ourId(id + QStringLiteral("_else_end"), {});
        Node end;
        end.id = b.defaultTarget;
        end.type = QStringLiteral("control.end");
        end.kind = NodeKind::End;
        end.extra.setValue(QStringLiteral("dify_part_of"), n.id);
        g.nodes << end;
    }
    m_branchOf.insert(n.id, id);
    g.nodes << b;
    report(n, id, Status::Mapped, QStringLiteral("control.branch with %1 conditions, ELSE as its default").arg(b.conditions.size()));
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
    QString system = QStringLiteral("Classify the user's text into exactly one of these classes (id: description):\n%1\n"
                                    "Answer with a JSON object {\"class_id\": \"...\", \"class_name\": \"...\"}.")
                         .arg(classes.join(QLatin1Char('\n')));
    if (const QString instruction = str(d.value(QStringLiteral("instruction"))); !instruction.isEmpty())
        system += QStringLiteral("\n") + templ(instruction, n);
    s.inputs.setValue(QStringLiteral("system"), plainText(system));
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
        for (const SourceEdge &e : m_edges)
            if (e.source == n.id && e.handle == classId && m_inScope.contains(e.target)) {
                route.conditions << BranchCondition{classId, QStringLiteral("%1.class_id == %2").arg(id, DE::literal(classId)),
                                                    m_entryOf.value(e.target, m_scope.ids.value(e.target)), {}, {}, {}, {}};
                break;
            }
    }
    if (!route.conditions.isEmpty())
        route.defaultTarget = route.conditions.first().target; // Dify takes the first class when the answer names none
    g.nodes << route;
    Edge toRoute;
    toRoute.from = id;
    toRoute.to = route.id;
    toRoute.extra.setValue(QStringLiteral("dify_part_of"), n.id);
    g.edges << toRoute;
    m_exitOf.insert(n.id, route.id);
    m_branchOf.insert(n.id, route.id);
    report(n, id, Status::Mapped, QStringLiteral("builtin.llm answering a class id (JSON), then control.branch %1 on it").arg(route.id));
}

void ScopeMapper::mapHttp(const SourceNode &n, Graph &g)
{
    const QString id = m_scope.ids.value(n.id);
    const QVariantMap &d = n.data;
    Node s = skill(n, id, QStringLiteral("builtin.http"));
    s.inputs.setValue(QStringLiteral("method"), str(d.value(QStringLiteral("method"), QStringLiteral("get"))).toUpper());
    s.inputs.setValue(QStringLiteral("url"), templ(str(d.value(QStringLiteral("url"))), n));
    QString headers = str(d.value(QStringLiteral("headers")));
    const QVariantMap auth = asMap(d.value(QStringLiteral("authorization")));
    QStringList approximations;
    if (str(auth.value(QStringLiteral("type"))) == QLatin1String("api-key")) {
        const QVariantMap cfg = asMap(auth.value(QStringLiteral("config")));
        const QString type = str(cfg.value(QStringLiteral("type")));
        const QString key = str(cfg.value(QStringLiteral("api_key")));
        QString line;
        if (type == QLatin1String("bearer"))
            line = QStringLiteral("Authorization:Bearer ") + key;
        else if (type == QLatin1String("basic"))
            line = QStringLiteral("Authorization:Basic ") + key;
        else
            line = str(cfg.value(QStringLiteral("header"), QStringLiteral("Authorization"))) + QLatin1Char(':') + key;
        headers = headers.isEmpty() ? line : headers + QLatin1Char('\n') + line;
    }
    if (!headers.isEmpty())
        s.inputs.setValue(QStringLiteral("headers"), templ(headers, n));
    if (const QString params = str(d.value(QStringLiteral("params"))); !params.isEmpty())
        s.inputs.setValue(QStringLiteral("params"), templ(params, n));
    const QVariantMap body = asMap(d.value(QStringLiteral("body")));
    const QString bodyType = str(body.value(QStringLiteral("type"), QStringLiteral("none")));
    if (bodyType != QLatin1String("none") && !bodyType.isEmpty()) {
        s.inputs.setValue(QStringLiteral("body_type"), bodyType);
        const QVariant data = body.value(QStringLiteral("data"));
        if (bodyType == QLatin1String("json") || bodyType == QLatin1String("raw-text")) {
            const QString text = data.typeId() == QMetaType::QString ? data.toString() : str(data.toList().value(0).toMap().value(QStringLiteral("value")));
            s.inputs.setValue(QStringLiteral("body"), templ(text, n));
        } else if (bodyType == QLatin1String("form-data") || bodyType == QLatin1String("x-www-form-urlencoded")) {
            QStringList lines;
            for (const QVariant &item : data.toList()) {
                const QVariantMap im = item.toMap();
                if (str(im.value(QStringLiteral("type"))) == QLatin1String("file"))
                    approximations << QStringLiteral("file fields are not sent");
                else
                    lines << str(im.value(QStringLiteral("key"))) + QLatin1Char(':') + str(im.value(QStringLiteral("value")));
            }
            s.inputs.setValue(QStringLiteral("body"), templ(lines.join(QLatin1Char('\n')), n));
        } else {
            approximations << QStringLiteral("a %1 body is not sent").arg(bodyType);
        }
    }
    const QVariantMap timeout = asMap(d.value(QStringLiteral("timeout")));
    if (const int read = timeout.value(QStringLiteral("read")).toInt(); read > 0)
        s.inputs.setValue(QStringLiteral("timeout"), read);
    if (d.contains(QStringLiteral("ssl_verify")) && !d.value(QStringLiteral("ssl_verify")).toBool())
        approximations << QStringLiteral("certificates are always verified");
    s.outputs << QStringLiteral("body") << QStringLiteral("status_code") << QStringLiteral("headers");
    g.nodes << s;
    report(n, id, approximations.isEmpty() ? Status::Mapped : Status::Approximated,
           QStringLiteral("builtin.http, under the trust gate%1").arg(approximations.isEmpty() ? QString() : QStringLiteral(": ") + approximations.join(QStringLiteral("; "))));
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
    QString system = QStringLiteral("Extract these parameters from the user's text:\n%1\nAnswer with one JSON object whose keys are the parameters' names, "
                                    "plus \"__is_success\": 1 and \"__reason\": \"\" (or 0 and the reason when they cannot be extracted).")
                         .arg(lines.join(QLatin1Char('\n')));
    if (const QString instruction = str(d.value(QStringLiteral("instruction"))); !instruction.isEmpty())
        system += QStringLiteral("\n") + templ(instruction, n);
    s.inputs.setValue(QStringLiteral("system"), plainText(system));
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

void ScopeMapper::mapEdges(Graph &g)
{
    for (const SourceEdge &e : m_edges) {
        if (!m_inScope.contains(e.source) || !m_inScope.contains(e.target))
            continue;
        Edge edge;
        edge.from = m_exitOf.value(e.source);
        edge.to = m_entryOf.value(e.target);
        QString err;
        edge.extra.setYaml(QStringLiteral("dify"), emitYamlNode(e.yaml), &err);
        g.edges << edge;
    }
}

} // namespace capgraph::dify
