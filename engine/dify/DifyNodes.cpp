// Maps Dify nodes onto nodes of ours (docs/dify.md has the table this follows).

#include "dify/DifyImporter_p.h"

#include "io/YamlValue.h"
#include "model/NodeKind.h"
#include "yaml/GraphYamlWriter.h"

#include <QJsonDocument>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

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


ScopeMapper::ScopeMapper(DifyImportResult *result, const QString &file, const QList<SourceNode> &all, const QList<SourceEdge> &edges,
                         const QHash<QString, int> &index)
    : m_result(result), m_file(file), m_all(all), m_edges(edges), m_index(index), m_shared(std::make_shared<Shared>())
{
    for (int i = 0; i < int(all.size()); ++i)
        m_shared->childrenOf[all.at(i).parent].append(i);
    for (int i = 0; i < int(edges.size()); ++i)
        m_shared->edgesFrom[edges.at(i).source].append(i);
}

ScopeMapper::ScopeMapper(const ScopeMapper *parent)
    : m_result(parent->m_result), m_file(parent->m_file), m_all(parent->m_all), m_edges(parent->m_edges), m_index(parent->m_index),
      m_shared(parent->m_shared)
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
    // Names our expressions read before node ids, and their keywords, are not ids people can refer to.
    static const QSet<QString> reserved{QStringLiteral("input"), QStringLiteral("run"), QStringLiteral("iteration"), QStringLiteral("item"),
                                        QStringLiteral("index"), QStringLiteral("and"), QStringLiteral("or"), QStringLiteral("not"),
                                        QStringLiteral("in"), QStringLiteral("true"), QStringLiteral("false"), QStringLiteral("null")};
    const bool usable = plain.match(difyId).hasMatch() && !reserved.contains(difyId.toLower());
    QString base = usable ? difyId : type.isEmpty() ? identifier(difyId) : identifier(type) + QLatin1Char('_') + raw;
    if (base.startsWith(QLatin1Char('_')))
        base.prepend(QLatin1Char('n'));
    QString id = base;
    if (m_shared->used.contains(id)) {
        int &k = m_shared->nextSuffix[base];
        k = std::max(k, 2);
        do
            id = base + QLatin1Char('_') + QString::number(k++);
        while (m_shared->used.contains(id));
    }
    m_shared->used.insert(id);
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

std::optional<QPointF> ScopeMapper::centreOf(const SourceNode &n) const
{
    // Dify keeps a box's top-left corner, we keep its centre.
    if (!n.placed)
        return std::nullopt;
    return n.position + QPointF(n.size.width() / 2, n.size.height() / 2);
}

Node ScopeMapper::ours(const SourceNode &n, const QString &id, NodeKind kind)
{
    Node node;
    node.id = id;
    node.type = canonicalTypeName(kind);
    node.kind = kind;
    node.label = n.title;
    node.position = centreOf(n);
    // Findings about it point at the Dify node it came from.
    node.location.line = n.line;
    node.location.column = n.column;
    keep(node, n);
    return node;
}

Node ScopeMapper::skill(const SourceNode &n, const QString &id, const QString &skillId)
{
    Node node = ours(n, id, NodeKind::Skill);
    node.skillId = skillId;
    node.fieldLocations.insert(QStringLiteral("skill_id"), node.location);
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
    for (const int i : m_shared->childrenOf.value(container)) {
        const SourceNode &n = m_all.at(i);
        if (n.nodeType == QLatin1String("custom-note")) {
            if (container.isEmpty()) {
                // A sticky note: its text is the editor's rich text, kept whole in `dify`.
                Note note;
                note.id = ourId(n.id, QStringLiteral("note"));
                note.text = DifyImporter::noteText(n.data.value(QStringLiteral("text")).toString());
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
        if (n->type == QLatin1String("iteration") && n->data.value(QStringLiteral("flatten_output"), true).toBool())
            m_scope.flattening.insert(n->id);
    }
    if (!m_results.isEmpty())
        m_collector = ourId(QStringLiteral("results"), {});
    planParallel(g);
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
        g.nodes << ours(n, id, NodeKind::Start);
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
                    s.inputs.setValue(QStringLiteral("%1__%2").arg(name).arg(++i), QStringLiteral("${%1}").arg(DE::orDefault(sel(v, n), QStringLiteral("null"))));
                s.outputs << name;
            }
        } else {
            int i = 0;
            for (const QVariant &v : d.value(QStringLiteral("variables")).toList())
                s.inputs.setValue(QStringLiteral("output__%1").arg(++i), QStringLiteral("${%1}").arg(DE::orDefault(sel(v, n), QStringLiteral("null"))));
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
                e = QStringLiteral("%1 + [%2]").arg(DE::orDefault(current, QStringLiteral("[]")), value);
            else if (op == QLatin1String("extend"))
                e = QStringLiteral("%1 + %2").arg(DE::orDefault(current, QStringLiteral("[]")), value);
            else if (op == QLatin1String("+=") || op == QLatin1String("-=") || op == QLatin1String("*=") || op == QLatin1String("/="))
                e = QStringLiteral("%1 %2 %3").arg(current, op.left(1), value);
            // A loop's variable is given back by the round under a name of its own, so that no
            // other node's output of the same name stands in for it.
            const bool loopVariable = !m_container.isEmpty() && target.first() == m_container
                                      && m_all.at(m_index.value(m_container)).type == QLatin1String("loop");
            const QString name = loopVariable ? identifier(QStringLiteral("__loop_") + target.last()) : target.last();
            s.inputs.setValue(name, QStringLiteral("${%1}").arg(e));
            s.outputs << name;
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
        mine->retryAttempts = std::clamp(retry.value(QStringLiteral("max_retries")).toInt(), 0, 10) + 1; // Dify allows up to 10
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
        // Each way may lead to several nodes, or to none (then the branch stops there).
        QString failed = handleTarget(g, n, QStringLiteral("fail-branch"), route.id);
        if (failed.isEmpty())
            failed = stopTarget(g, n.id, route.id + QStringLiteral("_end"));
        route.conditions << BranchCondition{QStringLiteral("fail-branch"), QStringLiteral("default(%1.error, null) != null").arg(id), failed, {}, {}, {}, {}};
        route.defaultTarget = handleTarget(g, n, QStringLiteral("source"), route.id);
        if (route.defaultTarget.isEmpty())
            route.defaultTarget = stopTarget(g, n.id, route.id + QStringLiteral("_ok_end"));
        addRoute(g, id, n.id, std::move(route));
    }
}

void ScopeMapper::addRoute(Graph &g, const QString &from, const QString &difyId, Node route)
{
    Edge toRoute;
    toRoute.from = from;
    toRoute.to = route.id;
    toRoute.extra.setValue(QStringLiteral("dify_part_of"), difyId);
    g.nodes << std::move(route);
    g.edges << toRoute;
}

QString ScopeMapper::stopTarget(Graph &g, const QString &owner, const QString &idBase)
{
    if (!m_collector.isEmpty())
        return m_collector; // in a container, the round ends with what it has
    Node end;
    end.id = ourId(idBase, {});
    end.type = QStringLiteral("control.end");
    end.kind = NodeKind::End;
    end.extra.setValue(QStringLiteral("dify_part_of"), owner);
    g.nodes << end;
    return end.id;
}

QString ScopeMapper::handleTarget(Graph &g, const SourceNode &n, const QString &handle, const QString &branchId)
{
    QStringList targets;
    for (const int ei : m_shared->edgesFrom.value(n.id))
        if (const SourceEdge &e = m_edges.at(ei); e.handle == handle && m_inScope.contains(e.target))
            if (const QString t = m_entryOf.value(e.target, m_scope.ids.value(e.target)); !targets.contains(t))
                targets << t;
    if (targets.size() <= 1)
        return targets.value(0);
    // One way out to several nodes: Dify runs them all at once.
    Node split;
    split.id = ourId(branchId + QStringLiteral("_") + identifier(handle) + QStringLiteral("_split"), {});
    split.type = QStringLiteral("control.parallel_split");
    split.kind = NodeKind::ParallelSplit;
    split.extra.setValue(QStringLiteral("dify_part_of"), n.id);
    g.nodes << split;
    for (const QString &t : std::as_const(targets)) {
        Edge e;
        e.from = split.id;
        e.to = t;
        e.extra.setValue(QStringLiteral("dify_part_of"), n.id);
        g.edges << e;
    }
    return split.id;
}

void ScopeMapper::mapStart(const SourceNode &n, Graph &g)
{
    const QString id = m_scope.ids.value(n.id);
    g.nodes << ours(n, id, NodeKind::Start);
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

void ScopeMapper::mapIfElse(const SourceNode &n, Graph &g)
{
    const QString id = m_scope.ids.value(n.id);
    const QVariantMap &d = n.data;
    Node b = ours(n, id, NodeKind::Branch);
    QVariantList cases = d.value(QStringLiteral("cases")).toList();
    if (cases.isEmpty() && d.contains(QStringLiteral("conditions"))) // before cases: one case, id "true"
        cases << QVariantMap{{QStringLiteral("case_id"), QStringLiteral("true")},
                             {QStringLiteral("logical_operator"), d.value(QStringLiteral("logical_operator"), QStringLiteral("and"))},
                             {QStringLiteral("conditions"), d.value(QStringLiteral("conditions"))}};
    for (const QVariant &c : std::as_const(cases)) {
        const QVariantMap cm = c.toMap();
        const QString caseId = str(cm.value(QStringLiteral("case_id")));
        QStringList errors;
        const QString expr = DE::conditions(cm.value(QStringLiteral("conditions")).toList(), str(cm.value(QStringLiteral("logical_operator"))), m_scope, &errors);
        for (const QString &e : std::as_const(errors))
            warn(n, QStringLiteral("node '%1', case '%2': %3").arg(n.id, caseId, e));
        QString target = handleTarget(g, n, caseId, id);
        if (target.isEmpty()) // a case that leads nowhere ends its branch (or a container's round), as in Dify
            target = stopTarget(g, n.id, id + QStringLiteral("_") + identifier(caseId) + QStringLiteral("_end"));
        b.conditions << BranchCondition{caseId, expr, target, {}, {}, {}, {}};
    }
    b.defaultTarget = handleTarget(g, n, QStringLiteral("false"), id);
    if (b.defaultTarget.isEmpty())
        b.defaultTarget = stopTarget(g, n.id, id + QStringLiteral("_else_end"));
    m_branchOf.insert(n.id, id);
    g.nodes << b;
    report(n, id, Status::Mapped, QStringLiteral("control.branch with %1 conditions, ELSE as its default").arg(b.conditions.size()));
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
        else if (type == QLatin1String("basic")) // user:password is sent base64-encoded, as Dify does
            line = QStringLiteral("Authorization:Basic ") + (key.contains(QLatin1Char(':')) ? QString::fromLatin1(key.toUtf8().toBase64()) : key);
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

} // namespace capgraph::dify
