#include "dify/DifyExporter.h"

#include "dify/DifyImporter.h"
#include "io/AtomicWrite.h"
#include "io/YamlValue.h"
#include "model/NodeKind.h"
#include "yaml/InlineSubgraphs.h"

#include <QHash>
#include <QSet>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

namespace capgraph {

namespace {

const QString kDify = QStringLiteral("dify");
const QString kPartOf = QStringLiteral("dify_part_of");

YAML::Node parse(const QString &yaml)
{
    return loadYaml(yaml.toStdString());
}

std::string s(const QString &q)
{
    return q.toStdString();
}

// The Dify id of each of our nodes, and the Dify node an auxiliary node of ours belongs to.
struct Ids
{
    QHash<QString, QString> dify; // our id -> Dify id
    QString startId;              // the Dify start node
};

// Dify's references read ids of at most 50 letters, digits and underscores.
QString plainId(QString id)
{
    id.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_]")), QStringLiteral("_"));
    return id.left(50);
}

QString difyIdOf(const Node &n)
{
    if (n.extra.contains(kDify))
        return n.extra.value(kDify).toMap().value(QStringLiteral("id")).toString();
    if (n.extra.contains(kPartOf))
        return n.extra.value(kPartOf).toString();
    return plainId(n.id);
}

class Writer
{
public:
    explicit Writer(const Graph &g, QStringList *problems) : m_graph(g), m_problems(problems) {}

    QByteArray write();

private:
    void collect(const Graph &g, const QString &parent);
    YAML::Node keptNode(const Node &n);
    YAML::Node noteNode(const Note &note);
    YAML::Node nativeNode(const Node &n, const Graph &g, const QString &parent);
    YAML::Node edge(const QString &source, const QString &handle, const QString &target, const QString &parent);
    QString handleFor(const Graph &g, const QString &from, const QString &to) const;
    QString reference(const QString &expression, const Node &n);
    QString text(const QString &templ, const Node &n);

    const Graph &m_graph;
    QStringList *m_problems;
    Ids m_ids;
    YAML::Node m_nodes{YAML::NodeType::Sequence};
    YAML::Node m_edges{YAML::NodeType::Sequence};
    QHash<QString, QString> m_typeOf; // Dify id -> data.type
    QSet<QString> m_taken;            // Dify ids given
    QString m_mode = QStringLiteral("workflow");
};

QString Writer::reference(const QString &expression, const Node &n)
{
    static const QRegularExpression path(QStringLiteral("^\\s*([A-Za-z_]\\w*)((?:\\.[A-Za-z_]\\w*)+)\\s*$"));
    const auto m = path.match(expression);
    if (!m.hasMatch()) {
        *m_problems << QStringLiteral("node '%1': '${%2}' is more than a reference, which Dify's {{#node.var#}} cannot say").arg(n.id, expression);
        return {};
    }
    QString head = m.captured(1);
    QString rest = m.captured(2);
    if (head == QLatin1String("input")) {
        if (m_mode == QLatin1String("advanced-chat") && (rest == QLatin1String(".query") || rest == QLatin1String(".files")))
            return QStringLiteral("{{#sys") + rest + QStringLiteral("#}}");
        head = m_ids.startId;
    } else if (m_ids.dify.contains(head)) {
        head = m_ids.dify.value(head);
    } else {
        *m_problems << QStringLiteral("node '%1': '${%2}' reads '%3', which is no node of the graph").arg(n.id, expression, m.captured(1));
        return {};
    }
    return QStringLiteral("{{#") + head + rest + QStringLiteral("#}}");
}

QString Writer::text(const QString &templ, const Node &n)
{
    static const QRegularExpression hole(QStringLiteral("(?<!\\$)\\$\\{([^}]*)\\}"));
    QString out;
    qsizetype last = 0;
    for (auto it = hole.globalMatch(templ); it.hasNext();) {
        const auto m = it.next();
        out += templ.mid(last, m.capturedStart() - last);
        out += reference(m.captured(1), n);
        last = m.capturedEnd();
    }
    out += templ.mid(last);
    return out.replace(QStringLiteral("$${"), QStringLiteral("${"));
}

YAML::Node Writer::keptNode(const Node &n)
{
    YAML::Node y = parse(n.extra.yaml(kDify));
    if (!n.label.isEmpty() && y["data"])
        y["data"]["title"] = s(n.label);
    if (n.position) {
        const double w = y["width"] ? y["width"].as<double>(244) : 244, h = y["height"] ? y["height"].as<double>(90) : 90;
        const QPointF topLeft = *n.position - QPointF(w / 2, h / 2);
        const bool moved = !y["position"] || std::abs(y["position"]["x"].as<double>(0) - topLeft.x()) > 1e-6
                           || std::abs(y["position"]["y"].as<double>(0) - topLeft.y()) > 1e-6;
        if (moved) {
            y["position"]["x"] = topLeft.x();
            y["position"]["y"] = topLeft.y();
            if (y["positionAbsolute"] && !y["parentId"]) {
                y["positionAbsolute"]["x"] = topLeft.x();
                y["positionAbsolute"]["y"] = topLeft.y();
            }
        }
    }
    return y;
}

// Dify's editor keeps a note's text as Lexical editor state: one paragraph per line.
QString lexical(const QString &text)
{
    QJsonArray paragraphs;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        QJsonArray children;
        if (!line.isEmpty())
            children.append(QJsonObject{{QStringLiteral("detail"), 0}, {QStringLiteral("format"), 0}, {QStringLiteral("mode"), QStringLiteral("normal")},
                                        {QStringLiteral("style"), QString()}, {QStringLiteral("text"), line}, {QStringLiteral("type"), QStringLiteral("text")},
                                        {QStringLiteral("version"), 1}});
        paragraphs.append(QJsonObject{{QStringLiteral("children"), children}, {QStringLiteral("direction"), QStringLiteral("ltr")},
                                      {QStringLiteral("format"), QString()}, {QStringLiteral("indent"), 0}, {QStringLiteral("type"), QStringLiteral("paragraph")},
                                      {QStringLiteral("version"), 1}});
    }
    const QJsonObject root{{QStringLiteral("root"), QJsonObject{{QStringLiteral("children"), paragraphs}, {QStringLiteral("direction"), QStringLiteral("ltr")},
                                                                {QStringLiteral("format"), QString()}, {QStringLiteral("indent"), 0},
                                                                {QStringLiteral("type"), QStringLiteral("root")}, {QStringLiteral("version"), 1}}}};
    return QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Compact));
}

YAML::Node Writer::noteNode(const Note &note)
{
    YAML::Node y;
    if (note.extra.contains(kDify)) {
        y = parse(note.extra.yaml(kDify));
        // The text as the import read it stays the editor's own state; a text changed here is written anew.
        const QVariant kept = note.extra.value(kDify).toMap().value(QStringLiteral("data")).toMap().value(QStringLiteral("text"));
        if (DifyImporter::noteText(kept.toString()) != note.text)
            y["data"]["text"] = s(lexical(note.text));
    } else {
        y["id"] = s(plainId(note.id));
        y["type"] = "custom-note";
        y["data"]["type"] = "";
        y["data"]["title"] = "";
        y["data"]["desc"] = "";
        y["data"]["text"] = s(lexical(note.text));
        y["data"]["theme"] = "yellow";
        y["data"]["author"] = "";
        y["data"]["showAuthor"] = false;
        y["data"]["width"] = note.size.width();
        y["data"]["height"] = note.size.height();
        y["width"] = note.size.width();
        y["height"] = note.size.height();
    }
    const bool moved = !y["position"] || std::abs(y["position"]["x"].as<double>(0) - note.position.x()) > 1e-6
                       || std::abs(y["position"]["y"].as<double>(0) - note.position.y()) > 1e-6;
    if (moved) {
        y["position"]["x"] = note.position.x();
        y["position"]["y"] = note.position.y();
    }
    return y;
}

YAML::Node Writer::edge(const QString &source, const QString &handle, const QString &target, const QString &parent)
{
    YAML::Node e(YAML::NodeType::Map);
    e["id"] = s(QStringLiteral("%1-%2-%3-target").arg(source, handle, target));
    e["type"] = "custom";
    e["source"] = s(source);
    e["sourceHandle"] = s(handle);
    e["target"] = s(target);
    e["targetHandle"] = "target";
    e["data"]["sourceType"] = s(m_typeOf.value(source));
    e["data"]["targetType"] = s(m_typeOf.value(target));
    e["data"]["isInIteration"] = !parent.isEmpty() && m_typeOf.value(parent) == QLatin1String("iteration");
    e["data"]["isInLoop"] = !parent.isEmpty() && m_typeOf.value(parent) == QLatin1String("loop");
    e["zIndex"] = parent.isEmpty() ? 0 : 1002;
    return e;
}

QString Writer::handleFor(const Graph &g, const QString &from, const QString &to) const
{
    const Node *f = g.node(from);
    if (!f || f->kind != NodeKind::Branch)
        return QStringLiteral("source");
    for (const BranchCondition &c : f->conditions)
        if (c.target == to)
            return c.name;
    return f->extra.contains(kPartOf) && f->id.endsWith(QLatin1String("_failed")) ? QStringLiteral("source") : QStringLiteral("false");
}

YAML::Node Writer::nativeNode(const Node &n, const Graph &g, const QString &parent)
{
    Q_UNUSED(g);
    const QString id = m_ids.dify.value(n.id);
    YAML::Node y(YAML::NodeType::Map);
    y["id"] = s(id);
    y["type"] = "custom";
    YAML::Node data(YAML::NodeType::Map);
    data["title"] = s(n.caption());
    data["desc"] = "";
    auto inputText = [&](const QString &key) { return text(n.inputs.value(key).toString(), n); };
    if (n.kind == NodeKind::Start) {
        data["type"] = "start";
        data["variables"] = YAML::Node(YAML::NodeType::Sequence);
        const QVariantMap props = m_graph.extra.value(QStringLiteral("input_schema")).toMap().value(QStringLiteral("properties")).toMap();
        const QStringList required = m_graph.extra.value(QStringLiteral("input_schema")).toMap().value(QStringLiteral("required")).toStringList();
        for (auto it = props.cbegin(); it != props.cend(); ++it) {
            YAML::Node v(YAML::NodeType::Map);
            const QVariantMap p = it.value().toMap();
            v["variable"] = s(it.key());
            v["label"] = s(p.value(QStringLiteral("title"), it.key()).toString());
            const QString type = p.value(QStringLiteral("type")).toString();
            v["type"] = type == QLatin1String("number") ? "number" : p.contains(QStringLiteral("enum")) ? "select" : "text-input";
            v["required"] = required.contains(it.key());
            data["variables"].push_back(v);
        }
    } else if (n.kind == NodeKind::End) {
        data["type"] = "end";
        data["outputs"] = YAML::Node(YAML::NodeType::Sequence);
    } else if (n.kind == NodeKind::Branch) {
        data["type"] = "if-else";
        data["cases"] = YAML::Node(YAML::NodeType::Sequence);
        static const QRegularExpression simple(QStringLiteral("^\\s*([A-Za-z_][\\w.]*)\\s*(==|!=|>=|<=|>|<)\\s*('(?:[^'\\\\]|\\\\.)*'|-?[0-9.]+|true|false)\\s*$"),
                                               QRegularExpression::CaseInsensitiveOption);
        static const QHash<QString, QString> ops{{QStringLiteral("=="), QStringLiteral("is")}, {QStringLiteral("!="), QStringLiteral("is not")},
                                                 {QStringLiteral(">="), QStringLiteral("≥")},  {QStringLiteral("<="), QStringLiteral("≤")},
                                                 {QStringLiteral(">"), QStringLiteral(">")},   {QStringLiteral("<"), QStringLiteral("<")}};
        for (const BranchCondition &c : n.conditions) {
            YAML::Node cs(YAML::NodeType::Map);
            cs["case_id"] = s(c.name);
            const bool any = c.expression.contains(QRegularExpression(QStringLiteral("\\bOR\\b"), QRegularExpression::CaseInsensitiveOption));
            if (any && c.expression.contains(QRegularExpression(QStringLiteral("\\bAND\\b"), QRegularExpression::CaseInsensitiveOption))) {
                *m_problems << QStringLiteral("branch '%1', condition '%2': '%3' mixes AND and OR, and a Dify case joins its comparisons with one of them")
                                   .arg(n.id, c.name, c.expression);
                continue;
            }
            cs["logical_operator"] = any ? "or" : "and";
            cs["conditions"] = YAML::Node(YAML::NodeType::Sequence);
            for (const QString &part : c.expression.split(QRegularExpression(QStringLiteral("\\b(AND|OR)\\b"), QRegularExpression::CaseInsensitiveOption))) {
                const auto m = simple.match(part);
                const QString ref = m.hasMatch() ? reference(m.captured(1), n) : QString();
                if (!m.hasMatch() || ref.isEmpty()) {
                    *m_problems << QStringLiteral("branch '%1', condition '%2': '%3' is no comparison Dify's if-else has (a reference compared with a value)")
                                       .arg(n.id, c.name, c.expression);
                    break;
                }
                QString value = m.captured(3);
                const bool number = !value.startsWith(QLatin1Char('\''));
                if (!number)
                    value = value.mid(1, value.size() - 2).replace(QStringLiteral("\\'"), QStringLiteral("'"));
                QString op = ops.value(m.captured(2));
                if (number && (op == QLatin1String("is") || op == QLatin1String("is not")))
                    op = op == QLatin1String("is") ? QStringLiteral("=") : QStringLiteral("≠");
                YAML::Node cond(YAML::NodeType::Map);
                const QStringList sel = ref.mid(3, ref.size() - 6).split(QLatin1Char('.'));
                for (const QString &p : sel)
                    cond["variable_selector"].push_back(s(p));
                cond["comparison_operator"] = s(op);
                cond["value"] = s(value);
                cs["conditions"].push_back(cond);
            }
            data["cases"].push_back(cs);
        }
    } else if (n.kind == NodeKind::Skill && n.skillId == QLatin1String("builtin.llm")) {
        data["type"] = "llm";
        data["model"]["provider"] = "langgenius/openai/openai";
        data["model"]["name"] = s(n.inputs.value(QStringLiteral("model")).toString().isEmpty() ? QStringLiteral("gpt-4o-mini") : n.inputs.value(QStringLiteral("model")).toString());
        data["model"]["mode"] = "chat";
        data["model"]["completion_params"] = YAML::Node(YAML::NodeType::Map);
        if (n.inputs.contains(QStringLiteral("temperature")))
            data["model"]["completion_params"]["temperature"] = n.inputs.value(QStringLiteral("temperature")).toDouble();
        data["prompt_template"] = YAML::Node(YAML::NodeType::Sequence);
        for (const char *role : {"system", "prompt"}) {
            if (!n.inputs.contains(QLatin1String(role)))
                continue;
            YAML::Node m(YAML::NodeType::Map);
            m["role"] = qstrcmp(role, "system") == 0 ? "system" : "user";
            m["text"] = s(inputText(QLatin1String(role)));
            data["prompt_template"].push_back(m);
        }
        data["context"]["enabled"] = false;
        data["context"]["variable_selector"] = YAML::Node(YAML::NodeType::Sequence);
        data["vision"]["enabled"] = false;
        data["variables"] = YAML::Node(YAML::NodeType::Sequence);
    } else if (n.kind == NodeKind::Skill && (n.skillId == QLatin1String("builtin.code") || n.skillId == QLatin1String("builtin.jinja")
                                             || n.skillId == QLatin1String("builtin.template"))) {
        const bool code = n.skillId == QLatin1String("builtin.code");
        data["type"] = code ? "code" : "template-transform";
        data["variables"] = YAML::Node(YAML::NodeType::Sequence);
        QString body = n.inputs.value(code ? QStringLiteral("code") : QStringLiteral("template")).toString();
        for (const QString &key : n.inputs.keys()) {
            if (key == QLatin1String("code") || key == QLatin1String("language") || key == QLatin1String("template"))
                continue;
            const QString v = n.inputs.value(key).toString();
            static const QRegularExpression one(QStringLiteral("^\\$\\{([^}]*)\\}$"));
            const auto m = one.match(v);
            const QString ref = m.hasMatch() ? reference(m.captured(1), n) : QString();
            if (ref.isEmpty()) {
                if (!m.hasMatch())
                    *m_problems << QStringLiteral("node '%1': its input '%2' is no single reference, which a Dify variable must be").arg(n.id, key);
                continue;
            }
            YAML::Node var(YAML::NodeType::Map);
            var["variable"] = s(key);
            for (const QString &p : ref.mid(3, ref.size() - 6).split(QLatin1Char('.')))
                var["value_selector"].push_back(s(p));
            data["variables"].push_back(var);
        }
        if (code) {
            data["code_language"] = s(n.inputs.value(QStringLiteral("language")).toString());
            data["code"] = s(body.replace(QStringLiteral("$${"), QStringLiteral("${")));
            for (const QString &o : n.outputs)
                data["outputs"][s(o)]["type"] = "string";
        } else if (n.skillId == QLatin1String("builtin.template")) {
            // Our ${a.b} holes as Jinja variables of the same references.
            static const QRegularExpression hole(QStringLiteral("(?<!\\$)\\$\\{([^}]*)\\}"));
            QString out;
            qsizetype last = 0;
            int i = 0;
            for (auto it = hole.globalMatch(body); it.hasNext();) {
                const auto m = it.next();
                const QString ref = reference(m.captured(1), n);
                const QString name = QStringLiteral("arg%1").arg(++i);
                out += body.mid(last, m.capturedStart() - last) + QStringLiteral("{{ ") + name + QStringLiteral(" }}");
                last = m.capturedEnd();
                YAML::Node var(YAML::NodeType::Map);
                var["variable"] = s(name);
                for (const QString &p : ref.mid(3, ref.size() - 6).split(QLatin1Char('.')))
                    var["value_selector"].push_back(s(p));
                data["variables"].push_back(var);
            }
            data["template"] = s(out + body.mid(last));
        } else {
            data["template"] = s(body.replace(QStringLiteral("$${"), QStringLiteral("${")));
        }
    } else {
        *m_problems << QStringLiteral("node '%1' (%2) has no Dify counterpart: Dify's DSL has start, end, llm, code, template-transform and if-else for what this graph holds")
                           .arg(n.id, n.kind == NodeKind::Skill ? n.skillId : n.type);
        return {};
    }
    y["data"] = data;
    const QPointF c = n.position.value_or(QPointF(0, 0));
    y["position"]["x"] = c.x() - 122;
    y["position"]["y"] = c.y() - 45;
    y["width"] = 244;
    y["height"] = 90;
    y["sourcePosition"] = "right";
    y["targetPosition"] = "left";
    if (!parent.isEmpty())
        y["parentId"] = s(parent);
    m_typeOf.insert(id, QString::fromStdString(data["type"].as<std::string>()));
    return y;
}

void Writer::collect(const Graph &g, const QString &parent)
{
    for (const Node &n : g.nodes) {
        QString id = difyIdOf(n);
        if (!n.extra.contains(kDify) && !n.extra.contains(kPartOf)) { // ours: an id no other node has in Dify's form
            const QString base = id;
            for (int k = 2; m_taken.contains(id); ++k)
                id = base.left(45) + QLatin1Char('_') + QString::number(k);
        }
        m_taken.insert(id);
        m_ids.dify.insert(n.id, id);
    }
    for (const Node &n : g.nodes) {
        if (n.extra.contains(kDify)) {
            const YAML::Node y = keptNode(n);
            m_typeOf.insert(m_ids.dify.value(n.id), QString::fromStdString(y["data"]["type"].as<std::string>("")));
            if (y["data"]["type"].as<std::string>("") == "start")
                m_ids.startId = m_ids.dify.value(n.id);
        } else if (n.kind == NodeKind::Start && parent.isEmpty() && !n.extra.contains(kPartOf)) {
            m_ids.startId = m_ids.dify.value(n.id);
            m_typeOf.insert(m_ids.startId, QStringLiteral("start"));
        }
    }
    for (const Node &n : g.nodes) {
        if (n.extra.contains(kPartOf))
            continue;
        if (n.extra.contains(kDify)) {
            m_nodes.push_back(keptNode(n));
            continue;
        }
        const YAML::Node y = nativeNode(n, g, parent);
        if (y)
            m_nodes.push_back(y);
    }
    if (parent.isEmpty())
        for (const Note &note : m_graph.notes)
            m_nodes.push_back(noteNode(note));
    // Edges: those read from Dify as they were, with their ends as they are now; new ones made.
    QSet<QString> done;
    auto add = [&](const QString &from, const QString &to, const ExtraFields *extra) {
        const Node *f = g.node(from);
        const Node *t = g.node(to);
        // Into a node of ours alone (an end where a Dify branch stops, a container's results),
        // nothing goes in Dify; into a join, the edge goes to the node it stands before.
        if (!f || !t || (t->extra.contains(kPartOf) && !t->extra.contains(kDify) && t->kind != NodeKind::ParallelJoin))
            return;
        const QString source = m_ids.dify.value(from), target = m_ids.dify.value(to);
        if (source == target)
            return; // inside one Dify node (a classifier and its branch)
        YAML::Node e;
        const bool kept = extra && extra->contains(kDify);
        if (!kept && f->extra.contains(kPartOf) && !f->extra.contains(kDify) && f->kind != NodeKind::Branch)
            return; // out of a node of ours alone (a container's start, a split): Dify's edges say it
        if (kept && QString::fromStdString(parse(extra->yaml(kDify))["source"].as<std::string>("")) == source) {
            e = parse(extra->yaml(kDify));
            e["target"] = s(target);
        } else { // drawn here, or its start moved to another node: its handle is the way it leaves by now
            e = edge(source, handleFor(g, from, to), target, parent);
        }
        const QString key = QString::fromStdString(e["source"].as<std::string>("")) + QLatin1Char('|') + QString::fromStdString(e["sourceHandle"].as<std::string>("source"))
                            + QLatin1Char('|') + target;
        if (done.contains(key))
            return;
        done.insert(key);
        m_edges.push_back(e);
    };
    for (const Edge &e : g.edges)
        add(e.from, e.to, &e.extra);
    for (const Node &n : g.nodes) {
        if (n.kind != NodeKind::Branch)
            continue;
        for (const BranchCondition &c : n.conditions)
            add(n.id, c.target, nullptr);
        if (!n.defaultTarget.isEmpty())
            add(n.id, n.defaultTarget, nullptr);
    }
}

QByteArray Writer::write()
{
    YAML::Node root;
    if (m_graph.extra.contains(kDify)) {
        root = parse(m_graph.extra.yaml(kDify));
        m_mode = QString::fromStdString(root["app"]["mode"].as<std::string>("workflow"));
    } else {
        root["app"]["name"] = s(m_graph.name.isEmpty() ? m_graph.id : m_graph.name);
        root["app"]["mode"] = "workflow";
        root["app"]["icon"] = "🤖";
        root["app"]["icon_type"] = "emoji";
        root["app"]["icon_background"] = "#FFEAD5";
        root["app"]["description"] = s(m_graph.description);
        root["app"]["use_icon_as_answer_icon"] = false;
        root["dependencies"] = YAML::Node(YAML::NodeType::Sequence);
        root["kind"] = "app";
        root["version"] = s(DifyExporter::version());
        root["workflow"]["conversation_variables"] = YAML::Node(YAML::NodeType::Sequence);
        root["workflow"]["environment_variables"] = YAML::Node(YAML::NodeType::Sequence);
        root["workflow"]["features"] = YAML::Node(YAML::NodeType::Map);
        root["workflow"]["graph"]["viewport"]["x"] = 0;
        root["workflow"]["graph"]["viewport"]["y"] = 0;
        root["workflow"]["graph"]["viewport"]["zoom"] = 1;
    }
    collect(m_graph, {});
    for (const auto &[name, sub] : InlineSubgraphs::readAll(m_graph)) {
        if (!sub.ok()) {
            *m_problems << sub.errorText();
            continue;
        }
        const Node *container = m_graph.node(name);
        collect(*sub.graph, container ? difyIdOf(*container) : name);
    }
    if (!m_problems->isEmpty())
        return {};
    root["workflow"]["graph"]["nodes"] = m_nodes;
    root["workflow"]["graph"]["edges"] = m_edges;
    return emitYamlNode(root).toUtf8();
}

} // namespace

QByteArray DifyExporter::toDsl(const Graph &graph, QStringList *problems)
{
    QStringList local;
    QStringList *p = problems ? problems : &local;
    try {
        return Writer(graph, p).write();
    } catch (const YAML::Exception &e) {
        *p << QStringLiteral("the Dify data kept in the graph cannot be read: %1").arg(QString::fromStdString(e.msg));
        return {};
    }
}

bool DifyExporter::writeFile(const Graph &graph, const QString &path, QStringList *problems)
{
    const QByteArray dsl = toDsl(graph, problems);
    if (dsl.isEmpty())
        return false;
    QString error;
    if (!writeFileAtomically(path, dsl, &error)) {
        *problems << error;
        return false;
    }
    return true;
}

QString DifyExporter::version()
{
    return DifyImporter::newestKnownVersion();
}

} // namespace capgraph
