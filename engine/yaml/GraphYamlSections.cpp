// The graph file's sections (graph, nodes, edges, frames, notes) and their typed fields,
// each finding placed where it was written.
#include "yaml/GraphYamlReader_p.h"
#include "yaml/PricingReader.h"

#include "io/YamlScalar.h"

#include <QHash>
#include <QRegularExpression>

#include <cmath>
#include <climits>

namespace capgraph::graphyaml {

std::optional<QString> Reader::string(const YAML::Node &v, const QString &what)
{
    if (v.IsNull())
        return QString();
    if (!v.IsScalar()) {
        error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a string, found %2").arg(what, describeType(v)));
        return std::nullopt;
    }
    return QString::fromStdString(v.Scalar());
}

std::optional<int> Reader::integer(const YAML::Node &v, const QString &what)
{
    if (v.IsScalar() && v.Tag() != "!") {
        const QString text = QString::fromStdString(v.Scalar());
        const QVariant x = interpretPlainScalar(text);
        if (x.typeId() == QMetaType::LongLong && x.toLongLong() >= INT_MIN && x.toLongLong() <= INT_MAX)
            return static_cast<int>(x.toLongLong());
        if (x.typeId() == QMetaType::LongLong || (x.typeId() == QMetaType::Double && !text.contains(QLatin1Char('.'))
                                                  && !text.contains(QLatin1Char('e'), Qt::CaseInsensitive))) {
            error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: %2 is out of range for an integer").arg(what, text));
            return std::nullopt;
        }
    }
    if (v.IsScalar() && v.Tag() == "!" && interpretPlainScalar(QString::fromStdString(v.Scalar())).typeId() == QMetaType::LongLong) {
        error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected an integer, found the string %2 (remove the quotes)")
                                                   .arg(what, describeType(v)));
        return std::nullopt;
    }
    error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected an integer, found %2").arg(what, describeType(v)));
    return std::nullopt;
}

std::optional<double> Reader::number(const YAML::Node &v, const QString &what)
{
    if (v.IsScalar() && v.Tag() != "!") {
        const QVariant x = interpretPlainScalar(QString::fromStdString(v.Scalar()));
        if ((x.typeId() == QMetaType::LongLong || x.typeId() == QMetaType::Double) && std::isfinite(x.toDouble()))
            return x.toDouble();
        if (x.typeId() == QMetaType::Double) {
            error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a finite number, found %2").arg(what, describeType(v)));
            return std::nullopt;
        }
    }
    if (v.IsScalar() && v.Tag() == "!") {
        const QVariant x = interpretPlainScalar(QString::fromStdString(v.Scalar()));
        if (x.typeId() == QMetaType::LongLong || x.typeId() == QMetaType::Double) {
            error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a number, found the string %2 (remove the quotes)")
                                                       .arg(what, describeType(v)));
            return std::nullopt;
        }
    }
    error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a number, found %2").arg(what, describeType(v)));
    return std::nullopt;
}

std::optional<bool> Reader::boolean(const YAML::Node &v, const QString &what)
{
    if (v.IsScalar() && v.Tag() != "!") {
        const QVariant x = interpretPlainScalar(QString::fromStdString(v.Scalar()));
        if (x.typeId() == QMetaType::Bool)
            return x.toBool();
    }
    error(v, QStringLiteral("wrong-type"),
          CAPGRAPH_TR("capgraph::GraphFile", "%1: expected true or false, found %2").arg(what, describeType(v)));
    return std::nullopt;
}

std::optional<QStringList> Reader::stringList(const YAML::Node &v, const QString &what)
{
    if (v.IsNull())
        return QStringList();
    if (!v.IsSequence()) {
        error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a list of strings, found %2").arg(what, describeType(v)));
        return std::nullopt;
    }
    QStringList out;
    bool ok = true;
    for (const auto &item : v) {
        if (!item.IsScalar()) {
            error(item, QStringLiteral("wrong-type"),
                  CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a string list entry, found %2").arg(what, describeType(item)));
            ok = false;
            continue;
        }
        out << QString::fromStdString(item.Scalar());
    }
    return ok ? std::optional<QStringList>(out) : std::nullopt;
}

std::optional<QPointF> Reader::point(const YAML::Node &v, const QString &what)
{
    YAML::Node x, y;
    if (v.IsMap() && v.size() == 2 && v["x"] && v["y"]) {
        x = v["x"];
        y = v["y"];
    } else if (v.IsSequence() && v.size() == 2) {
        x = v[0];
        y = v[1];
    } else {
        error(v, QStringLiteral("wrong-type"),
              CAPGRAPH_TR("capgraph::GraphFile", "%1: expected {x: number, y: number}, found %2").arg(what, describeType(v)));
        return std::nullopt;
    }
    const auto px = number(x, what + QStringLiteral(".x"));
    const auto py = number(y, what + QStringLiteral(".y"));
    if (!px || !py)
        return std::nullopt;
    return QPointF(*px, *py);
}

void Reader::readExtra(const YAML::Node &key, const YAML::Node &value, ExtraFields &into)
{
    ExtraFields::Field f;
    f.key = QString::fromStdString(key.Scalar());
    f.yaml = emitYamlNode(value);
    f.location = locationOf(key);
    into.append(std::move(f));
}

bool Reader::readCondition(const YAML::Node &c, const QString &where, BranchCondition &cond)
{
    cond.location = locationOf(c);
    if (!c.IsMap()) {
        error(c, QStringLiteral("wrong-type"),
              CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a mapping {name, expression, target}, found %2").arg(where, describeType(c)));
        return false;
    }
    bool ok = true;
    for (auto it = c.begin(); it != c.end(); ++it) {
        const std::string key = it->first.Scalar();
        const YAML::Node v = it->second;
        const QString what = where + QLatin1Char('.') + QString::fromStdString(key);
        if (key == "name") {
            if (auto s = string(v, what)) cond.name = *s; else ok = false;
        } else if (key == "expression") {
            if (auto s = string(v, what)) {
                cond.expression = *s;
                cond.expressionLocation = valueLocation(it->first, v);
            } else {
                ok = false;
            }
        } else if (key == "target") {
            if (auto s = string(v, what)) {
                cond.target = *s;
                cond.targetLocation = valueLocation(it->first, v);
            } else {
                ok = false;
            }
        } else {
            readExtra(it->first, v, cond.extra);
        }
    }
    return ok;
}

bool Reader::readNode(const YAML::Node &n, int index, Node &node)
{
    node.location = locationOf(n);
    const QString where = QStringLiteral("nodes[%1]").arg(index);
    if (!n.IsMap()) {
        error(n, QStringLiteral("wrong-type"),
              CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a node mapping (id, type, ...), found %2").arg(where, describeType(n)));
        return false;
    }
    bool ok = true;
    bool hasId = false, hasType = false;
    for (auto it = n.begin(); it != n.end(); ++it) {
        const std::string key = it->first.Scalar();
        const QString qkey = QString::fromStdString(key);
        const YAML::Node v = it->second;
        const QString what = where + QLatin1Char('.') + qkey;
        node.fieldLocations.insert(qkey, valueLocation(it->first, v));
        auto str = [&](QString &into) {
            if (auto s = string(v, what)) into = *s; else ok = false;
        };
        if (key == "id") {
            hasId = !v.IsNull(); // a wrong type is reported as such, not as missing
            str(node.id);
        } else if (key == "type") {
            hasType = !v.IsNull();
            str(node.type);
            node.kind = nodeKindFromTypeName(node.type);
        } else if (key == "label") {
            str(node.label);
        } else if (key == "skill_id") {
            str(node.skillId);
        } else if (key == "execution_mode") {
            str(node.executionMode);
        } else if (key == "max_iterations") {
            if (v.IsNull()) continue;
            if (auto i = integer(v, what)) node.maxIterations = *i; else ok = false;
        } else if (key == "timeout") {
            if (v.IsNull()) continue;
            if (auto d = number(v, what)) node.timeout = *d; else ok = false;
        } else if (key == "outputs") {
            if (auto l = stringList(v, what)) node.outputs = *l; else ok = false;
        } else if (key == "inputs") {
            if (v.IsNull()) continue;
            if (!v.IsMap()) {
                error(v, QStringLiteral("wrong-type"),
                      CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a mapping of input names to values, found %2").arg(what, describeType(v)));
                ok = false;
                continue;
            }
            for (auto in = v.begin(); in != v.end(); ++in)
                readExtra(in->first, in->second, node.inputs);
        } else if (key == "for_each") {
            str(node.forEach);
        } else if (key == "concurrency") {
            if (v.IsNull()) continue;
            if (auto i = integer(v, what)) node.concurrency = *i; else ok = false;
        } else if (key == "on_error") {
            str(node.onError);
        } else if (key == "retry") {
            if (v.IsNull()) continue;
            if (!v.IsMap()) {
                error(v, QStringLiteral("wrong-type"),
                      CAPGRAPH_TR("capgraph::GraphFile", "%1: expected {max_attempts, backoff, multiplier}, found %2").arg(what, describeType(v)));
                ok = false;
                continue;
            }
            for (auto r = v.begin(); r != v.end(); ++r) {
                const std::string rk = r->first.Scalar();
                const QString rwhat = what + QLatin1Char('.') + QString::fromStdString(rk);
                if (rk == "max_attempts") {
                    if (auto i = integer(r->second, rwhat)) node.retryAttempts = *i; else ok = false;
                } else if (rk == "backoff") {
                    if (auto d = number(r->second, rwhat)) node.retryBackoff = *d; else ok = false;
                } else if (rk == "multiplier") {
                    if (auto d = number(r->second, rwhat)) node.retryMultiplier = *d; else ok = false;
                } else {
                    error(r->first, QStringLiteral("unknown-key"),
                          CAPGRAPH_TR("capgraph::GraphFile", "%1: expected max_attempts, backoff or multiplier").arg(rwhat));
                    ok = false;
                }
            }
        } else if (key == "conditions") {
            if (v.IsNull()) continue;
            if (!v.IsSequence()) {
                error(v, QStringLiteral("wrong-type"),
                      CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a list of conditions, found %2").arg(what, describeType(v)));
                ok = false;
                continue;
            }
            int ci = 0;
            for (const auto &c : v) {
                BranchCondition cond;
                if (readCondition(c, QStringLiteral("%1[%2]").arg(what).arg(ci), cond))
                    node.conditions.append(cond);
                else
                    ok = false;
                ++ci;
            }
        } else if (key == "default") {
            str(node.defaultTarget);
        } else if (key == "select") {
            str(node.select);
            if (!node.select.isEmpty() && node.select != QLatin1String("optimal")) {
                error(v, QStringLiteral("bad-value"),
                      CAPGRAPH_TR("capgraph::GraphFile", "%1: expected 'optimal' (take the way on the cheapest path to an end), found '%2'")
                          .arg(what, node.select));
                ok = false;
            }
        } else if (key == "loop_start") {
            str(node.loopStart);
        } else if (key == "prompt") {
            str(node.prompt);
        } else if (key == "options_from") {
            str(node.optionsFrom);
        } else if (key == "options") {
            if (auto l = stringList(v, what)) node.options = *l; else ok = false;
        } else if (key == "multiple") {
            if (v.IsNull()) continue;
            if (auto b = boolean(v, what)) node.multiple = *b; else ok = false;
        } else if (key == "min") {
            if (v.IsNull()) continue;
            if (auto i = integer(v, what)) node.minChoices = *i; else ok = false;
        } else if (key == "max") {
            if (v.IsNull()) continue;
            if (auto i = integer(v, what)) node.maxChoices = *i; else ok = false;
        } else if (key == "position") {
            if (auto p = point(v, what)) node.position = *p; else ok = false;
        } else {
            node.fieldLocations.remove(qkey);
            readExtra(it->first, v, node.extra);
        }
    }
    if (!hasId) {
        error(n, QStringLiteral("missing-field"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected an 'id'").arg(where));
        ok = false;
    }
    if (!hasType) {
        error(n, QStringLiteral("missing-field"),
              CAPGRAPH_TR("capgraph::GraphFile", "%1 (%2): expected a 'type' (skill, control.start, interaction.select, ...)")
                  .arg(where, node.id.isEmpty() ? CAPGRAPH_TR("capgraph::GraphFile", "no id") : TranslatableText::verbatim(node.id)));
        ok = false;
    }
    return ok;
}

bool Reader::readEdge(const YAML::Node &e, int index, Edge &edge)
{
    edge.location = locationOf(e);
    const QString where = QStringLiteral("edges[%1]").arg(index);
    if (!e.IsMap()) {
        error(e, QStringLiteral("wrong-type"),
              CAPGRAPH_TR("capgraph::GraphFile", "%1: expected an edge mapping (from, to, type), found %2").arg(where, describeType(e)));
        return false;
    }
    bool ok = true;
    for (auto it = e.begin(); it != e.end(); ++it) {
        const std::string key = it->first.Scalar();
        const QString qkey = QString::fromStdString(key);
        const YAML::Node v = it->second;
        const QString what = where + QLatin1Char('.') + qkey;
        edge.fieldLocations.insert(qkey, valueLocation(it->first, v));
        auto str = [&](QString &into) {
            if (auto s = string(v, what)) into = *s; else ok = false;
        };
        if (key == "from") {
            str(edge.from);
        } else if (key == "to") {
            str(edge.to);
        } else if (key == "type") {
            str(edge.type);
            if (edge.type.isEmpty())
                edge.type = QStringLiteral("sequence");
            edge.kind = edgeKindFromTypeName(edge.type);
        } else if (key == "weight") {
            if (v.IsNull()) continue;
            if (auto d = number(v, what)) edge.weight = *d; else ok = false;
        } else if (key == "condition") {
            str(edge.condition);
        } else if (key == "max_count") {
            if (v.IsNull()) continue;
            if (auto i = integer(v, what)) edge.maxCount = *i; else ok = false;
        } else if (key == "exit_condition") {
            str(edge.exitCondition);
        } else if (key == "sync_required") {
            if (v.IsNull()) continue;
            if (auto b = boolean(v, what)) edge.syncRequired = *b; else ok = false;
        } else {
            edge.fieldLocations.remove(qkey);
            readExtra(it->first, v, edge.extra);
        }
    }
    if (edge.from.isEmpty()) {
        error(e, QStringLiteral("missing-field"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected 'from' (a node id)").arg(where));
        ok = false;
    }
    if (edge.to.isEmpty()) {
        error(e, QStringLiteral("missing-field"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected 'to' (a node id)").arg(where));
        ok = false;
    }
    return ok;
}

bool Reader::readFrame(const YAML::Node &f, int index, Frame &frame)
{
    const QString where = QStringLiteral("graph.frames[%1]").arg(index);
    frame.location = locationOf(f);
    if (!f.IsMap()) {
        error(f, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a mapping with id, title and nodes, found %2").arg(where, describeType(f)));
        return false;
    }
    bool ok = true;
    for (auto it = f.begin(); it != f.end(); ++it) {
        const std::string key = it->first.Scalar();
        const YAML::Node v = it->second;
        const QString what = where + QLatin1Char('.') + QString::fromStdString(key);
        if (key == "id") {
            if (auto s = string(v, what)) frame.id = *s; else ok = false;
        } else if (key == "title") {
            if (auto s = string(v, what)) frame.title = *s; else ok = false;
        } else if (key == "nodes") {
            if (auto l = stringList(v, what)) frame.nodes = *l; else ok = false;
        } else if (key == "color") {
            if (auto s = string(v, what)) frame.color = *s; else ok = false;
        } else {
            readExtra(it->first, v, frame.extra);
        }
    }
    if (frame.id.isEmpty()) {
        error(f, QStringLiteral("missing-field"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected an 'id'").arg(where));
        ok = false;
    }
    return ok;
}

bool Reader::readNote(const YAML::Node &n, int index, Note &note)
{
    const QString where = QStringLiteral("graph.notes[%1]").arg(index);
    note.location = locationOf(n);
    if (!n.IsMap()) {
        error(n, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a mapping with id, text and position, found %2").arg(where, describeType(n)));
        return false;
    }
    bool ok = true;
    for (auto it = n.begin(); it != n.end(); ++it) {
        const std::string key = it->first.Scalar();
        const YAML::Node v = it->second;
        const QString what = where + QLatin1Char('.') + QString::fromStdString(key);
        if (key == "id") {
            if (auto s = string(v, what)) note.id = *s; else ok = false;
        } else if (key == "text") {
            if (auto s = string(v, what)) note.text = *s; else ok = false;
        } else if (key == "position") {
            if (auto p = point(v, what)) note.position = *p; else ok = false;
        } else if (key == "size") {
            YAML::Node w, h;
            if (v.IsMap() && v["width"] && v["height"]) {
                w = v["width"];
                h = v["height"];
            } else if (v.IsSequence() && v.size() == 2) {
                w = v[0];
                h = v[1];
            } else {
                error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected {width: number, height: number}, found %2").arg(what, describeType(v)));
                ok = false;
                continue;
            }
            const std::optional<double> pw = number(w, what + QStringLiteral(".width"));
            const std::optional<double> ph = number(h, what + QStringLiteral(".height"));
            if (!pw || !ph) {
                ok = false;
            } else if (!(*pw > 0) || !(*ph > 0)) {
                error(v, QStringLiteral("wrong-value"), CAPGRAPH_TR("capgraph::GraphFile", "%1: width and height must be positive").arg(what));
                ok = false;
            } else {
                note.size = QSizeF(*pw, *ph);
            }
        } else {
            readExtra(it->first, v, note.extra);
        }
    }
    if (note.id.isEmpty()) {
        error(n, QStringLiteral("missing-field"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected an 'id'").arg(where));
        ok = false;
    }
    return ok;
}

void Reader::readExecutionContext(const YAML::Node &v, const QString &what, Graph &graph)
{
    if (v.IsNull())
        return;
    if (!v.IsMap()) {
        error(v, QStringLiteral("wrong-type"),
              CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a mapping such as {preferred_depth: quick, available_time: 30}, found %2")
                  .arg(what, describeType(v)));
        return;
    }
    for (auto it = v.begin(); it != v.end(); ++it) {
        const std::string key = it->first.Scalar();
        const QString kwhat = what + QLatin1Char('.') + QString::fromStdString(key);
        if (key == "preferred_depth") {
            const std::optional<QString> s = string(it->second, kwhat);
            if (!s)
                continue;
            if (*s != QLatin1String("quick") && *s != QLatin1String("thorough")) {
                error(it->second, QStringLiteral("bad-value"),
                      CAPGRAPH_TR("capgraph::GraphFile", "%1: expected quick or thorough, found '%2'").arg(kwhat, *s));
                continue;
            }
            graph.preferredDepth = *s;
        } else if (key == "available_time") {
            const std::optional<double> d = number(it->second, kwhat);
            if (!d)
                continue;
            if (*d < 0) {
                error(it->second, QStringLiteral("bad-value"),
                      CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a time budget of 0 or more (in the graph's cost units), found %2")
                          .arg(kwhat, QString::number(*d)));
                continue;
            }
            graph.availableTime = *d;
        } else {
            error(it->first, QStringLiteral("unknown-key"),
                  CAPGRAPH_TR("capgraph::GraphFile", "%1: unknown key '%2' (preferred_depth, available_time)")
                      .arg(what, QString::fromStdString(key)));
        }
    }
}

void Reader::readGraph(const YAML::Node &g, const YAML::Node &gKey, Graph &graph)
{
    graph.location = locationOf(gKey);
    if (!g.IsMap()) {
        error(g.IsNull() ? gKey : g, QStringLiteral("wrong-type"),
              CAPGRAPH_TR("capgraph::GraphFile", "graph: expected a mapping with id, nodes and edges, found %1").arg(describeType(g)));
        return;
    }
    bool hasNodes = false;
    for (auto it = g.begin(); it != g.end(); ++it) {
        const std::string key = it->first.Scalar();
        const YAML::Node v = it->second;
        const QString what = QStringLiteral("graph.") + QString::fromStdString(key);
        if (key == "id") {
            if (auto s = string(v, what)) graph.id = *s;
        } else if (key == "version") {
            if (auto s = string(v, what)) graph.version = *s;
        } else if (key == "name") {
            if (auto s = string(v, what)) graph.name = *s;
        } else if (key == "description") {
            if (auto s = string(v, what)) graph.description = *s;
        } else if (key == "inputs") {
            if (v.IsNull())
                continue;
            if (!v.IsMap()) {
                error(v, QStringLiteral("wrong-type"),
                      CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a mapping of input names to values (the run's input when none is given), found %2").arg(what, describeType(v)));
                continue;
            }
            for (auto m = v.begin(); m != v.end(); ++m)
                readExtra(m->first, m->second, graph.inputs);
        } else if (key == "pricing") {
            // The price of the tokens of skill nodes whose capability declares none.
            graph.pricing = PricingReader::read(v, [this](const YAML::Node &at, const TranslatableText &message) {
                error(at, QStringLiteral("bad-pricing"), message);
            });
        } else if (key == "execution_context") {
            readExecutionContext(v, what, graph);
        } else if (key == "nodes") {
            hasNodes = true;
            if (v.IsNull())
                continue;
            if (!v.IsSequence()) {
                error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a list of nodes, found %2").arg(what, describeType(v)));
                continue;
            }
            int i = 0;
            for (const auto &n : v) {
                Node node;
                if (readNode(n, i, node))
                    graph.nodes.append(std::move(node));
                ++i;
            }
        } else if (key == "edges") {
            if (v.IsNull())
                continue;
            if (!v.IsSequence()) {
                error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a list of edges, found %2").arg(what, describeType(v)));
                continue;
            }
            int i = 0;
            for (const auto &e : v) {
                Edge edge;
                if (readEdge(e, i, edge))
                    graph.edges.append(std::move(edge));
                ++i;
            }
        } else if (key == "frames" || key == "notes") {
            if (v.IsNull())
                continue;
            if (!v.IsSequence()) {
                error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a list, found %2").arg(what, describeType(v)));
                continue;
            }
            int i = 0;
            for (const auto &item : v) {
                if (key == "frames") {
                    Frame frame;
                    if (readFrame(item, i, frame))
                        graph.frames.append(std::move(frame));
                } else {
                    Note note;
                    if (readNote(item, i, note))
                        graph.notes.append(std::move(note));
                }
                ++i;
            }
        } else if (key == "metadata") {
            if (v.IsNull())
                continue;
            if (!v.IsMap()) {
                error(v, QStringLiteral("wrong-type"), CAPGRAPH_TR("capgraph::GraphFile", "%1: expected a mapping, found %2").arg(what, describeType(v)));
                continue;
            }
            for (auto m = v.begin(); m != v.end(); ++m)
                readExtra(m->first, m->second, graph.metadata);
        } else {
            readExtra(it->first, v, graph.extra);
        }
    }
    if (graph.id.isEmpty())
        error(gKey, QStringLiteral("missing-field"), CAPGRAPH_TR("capgraph::GraphFile", "graph: expected an 'id'"));
    if (!hasNodes)
        error(gKey, QStringLiteral("missing-field"), CAPGRAPH_TR("capgraph::GraphFile", "graph: expected a 'nodes' list"));
}

} // namespace capgraph::graphyaml
