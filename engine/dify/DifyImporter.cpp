#include "dify/DifyImporter.h"
#include "dify/DifyImporter_p.h"

#include "io/YamlValue.h"
#include "yaml/InlineSubgraphs.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStringDecoder>
#include <QVersionNumber>

#include <functional>

namespace capgraph {

using namespace dify;

namespace {

QString scalar(const YAML::Node &n)
{
    return n && n.IsScalar() ? QString::fromStdString(n.Scalar()) : QString();
}

QString describe(const YAML::Node &n)
{
    if (!n || n.IsNull())
        return QStringLiteral("nothing");
    if (n.IsSequence())
        return QStringLiteral("a list");
    if (n.IsMap())
        return QStringLiteral("a mapping");
    return QStringLiteral("'%1'").arg(QString::fromStdString(n.Scalar()).left(40));
}

class FileReader
{
public:
    FileReader(DifyImportResult *r, QString file) : m_r(r), m_file(std::move(file)) {}

    void error(const YAML::Mark &m, const QString &code, const QString &message)
    {
        m_r->diagnostics << Diagnostic::make(Severity::Error, code, TranslatableText::verbatim(message), m_file, m.line + 1, column(m));
    }
    void error(const YAML::Node &n, const QString &code, const QString &message) { error(n.Mark(), code, message); }
    void warning(const YAML::Node &n, const QString &code, const QString &message)
    {
        m_r->diagnostics << Diagnostic::make(Severity::Warning, code, TranslatableText::verbatim(message), m_file, n.Mark().line + 1,
                                             column(n.Mark()));
    }
    // Characters, not bytes. Nodes come in file order, so counting goes on from the last place
    // asked on the same line: linear on a DSL written on one line, not quadratic.
    int column(const YAML::Mark &m) const
    {
        if (m.line < 0 || m.line >= m_lines.size() || m.column <= 0)
            return std::max(0, m.column) + 1;
        const QByteArray &line = m_lines.at(m.line);
        const qsizetype end = std::min<qsizetype>(m.column, line.size());
        if (m.line != m_columnLine || end < m_columnByte) {
            m_columnLine = m.line;
            m_columnByte = 0;
            m_columnChars = 0;
        }
        for (qsizetype i = m_columnByte; i < end; ++i)
            m_columnChars += (static_cast<unsigned char>(line.at(i)) & 0xC0) != 0x80;
        m_columnByte = std::max(m_columnByte, end);
        return int(m_columnChars) + 1;
    }

    void read(const QByteArray &data);

private:
    bool readNodes(const YAML::Node &nodes, QList<SourceNode> *out, QHash<QString, int> *index);
    // Every mapping's keys, as a graph file's: names given once, no merge keys, no lists,
    // mappings or nothing as keys (what the graph keeps of the file must read back the same).
    bool checkKeys(const YAML::Node &node);
    bool readEdges(const YAML::Node &edges, const QHash<QString, int> &index, QList<SourceEdge> *out);

    DifyImportResult *m_r;
    QString m_file;
    QList<QByteArray> m_lines;
    mutable int m_columnLine = -1;
    mutable qsizetype m_columnByte = 0;
    mutable qsizetype m_columnChars = 0;
};

QPointF point(const YAML::Node &n)
{
    if (!n || !n.IsMap())
        return {};
    bool okx = false, oky = false;
    const double x = scalar(n["x"]).toDouble(&okx), y = scalar(n["y"]).toDouble(&oky);
    return okx && oky ? QPointF(x, y) : QPointF();
}

bool FileReader::readNodes(const YAML::Node &nodes, QList<SourceNode> *out, QHash<QString, int> *index)
{
    if (nodes.size() > std::size_t(DifyImporter::kMaxNodes)) {
        error(nodes, QStringLiteral("too-large"),
              QStringLiteral("the app has %1 nodes; at most %2 are read").arg(nodes.size()).arg(DifyImporter::kMaxNodes));
        return false;
    }
    bool ok = true;
    for (const YAML::Node &y : nodes) {
        if (!y.IsMap()) {
            error(y, QStringLiteral("wrong-type"), QStringLiteral("expected a node (a mapping with id, type and data), found %1").arg(describe(y)));
            ok = false;
            continue;
        }
        SourceNode n;
        n.yaml = y;
        n.line = y.Mark().line + 1;
        n.column = column(y.Mark());
        const YAML::Node id = y["id"];
        if (!id || !id.IsScalar() || id.Scalar().empty()) {
            error(id ? id : y, QStringLiteral("missing-field"), QStringLiteral("a node needs an 'id' (a non-empty string), found %1").arg(describe(id)));
            ok = false;
            continue;
        }
        n.id = scalar(id);
        n.nodeType = scalar(y["type"]);
        const YAML::Node data = y["data"];
        if (!data || !data.IsMap()) {
            error(data ? data : y, QStringLiteral("missing-field"), QStringLiteral("node '%1' needs 'data' (a mapping with its type), found %2").arg(n.id, describe(data)));
            ok = false;
            continue;
        }
        const YAML::Node type = data["type"];
        if (type && !type.IsScalar()) {
            error(type, QStringLiteral("wrong-type"), QStringLiteral("node '%1': data.type should be a node type, found %2").arg(n.id, describe(type)));
            ok = false;
            continue;
        }
        n.type = scalar(type);
        if (n.type.isEmpty() && n.nodeType != QLatin1String("custom-note")) {
            error(type ? type : data, QStringLiteral("missing-field"), QStringLiteral("node '%1' has no data.type").arg(n.id));
            ok = false;
            continue;
        }
        n.data = yamlNodeToVariant(data).toMap();
        n.title = n.data.value(QStringLiteral("title")).toString();
        n.parent = scalar(y["parentId"]);
        if (n.parent.isEmpty())
            n.parent = n.data.value(QStringLiteral("iteration_id")).toString();
        if (n.parent.isEmpty())
            n.parent = n.data.value(QStringLiteral("loop_id")).toString();
        if (n.nodeType == QLatin1String("custom-note"))
            n.parent.clear(); // notes are drawn, never run
        n.position = point(y["position"]);
        n.placed = y["position"] && y["position"].IsMap() && y["position"]["x"] && y["position"]["y"];
        bool okw = false, okh = false;
        const double w = scalar(y["width"]).toDouble(&okw), h = scalar(y["height"]).toDouble(&okh);
        n.size = QSizeF(okw && w > 0 ? w : 244, okh && h > 0 ? h : 90);
        if (index->contains(n.id)) {
            error(id, QStringLiteral("duplicate-id"),
                  QStringLiteral("node id '%1' is used twice (first at line %2)").arg(n.id).arg(out->at(index->value(n.id)).line));
            ok = false;
            continue;
        }
        index->insert(n.id, int(out->size()));
        out->append(n);
    }
    if (!ok)
        return false;
    // Containers: each parent must be an iteration or loop of the app, with no cycle and no
    // deeper nesting than the limit.
    for (const SourceNode &n : std::as_const(*out)) {
        if (n.parent.isEmpty())
            continue;
        if (!index->contains(n.parent)) {
            error(n.yaml, QStringLiteral("dangling-parent"), QStringLiteral("node '%1' sits in '%2', which is no node of the app").arg(n.id, n.parent));
            ok = false;
            continue;
        }
        const SourceNode &p = out->at(index->value(n.parent));
        if (p.type != QLatin1String("iteration") && p.type != QLatin1String("loop")) {
            error(n.yaml, QStringLiteral("bad-parent"),
                  QStringLiteral("node '%1' sits in '%2', a %3 node; only iteration and loop nodes hold others").arg(n.id, n.parent, p.type));
            ok = false;
            continue;
        }
        QStringList chain{n.id};
        QString at = n.parent;
        while (!at.isEmpty()) {
            if (chain.contains(at)) {
                chain << at;
                error(n.yaml, QStringLiteral("parent-cycle"), QStringLiteral("nodes contain each other: %1").arg(chain.join(QStringLiteral(" → "))));
                ok = false;
                break;
            }
            chain << at;
            if (chain.size() > DifyImporter::kMaxNesting + 1) {
                error(n.yaml, QStringLiteral("too-deep"),
                      QStringLiteral("node '%1' is nested more than %2 containers deep").arg(n.id).arg(DifyImporter::kMaxNesting));
                ok = false;
                break;
            }
            const int i = index->value(at, -1);
            at = i < 0 ? QString() : out->at(i).parent;
        }
    }
    return ok;
}

bool FileReader::checkKeys(const YAML::Node &node)
{
    if (node.IsMap()) {
        bool ok = GraphYamlReader::checkMappingKeys(node, [this](const YAML::Node &key, const QString &code, const TranslatableText &why) {
            m_r->diagnostics << Diagnostic::make(Severity::Error, code, why, m_file, key.Mark().line + 1, column(key.Mark()));
        });
        for (const auto &entry : node)
            ok = checkKeys(entry.second) && ok;
        return ok;
    }
    if (node.IsSequence()) {
        bool ok = true;
        for (const YAML::Node &child : node)
            ok = checkKeys(child) && ok;
        return ok;
    }
    return true;
}

bool FileReader::readEdges(const YAML::Node &edges, const QHash<QString, int> &index, QList<SourceEdge> *out)
{
    bool ok = true;
    QSet<QString> ids;
    for (const YAML::Node &y : edges) {
        if (!y.IsMap()) {
            error(y, QStringLiteral("wrong-type"), QStringLiteral("expected an edge (a mapping with source and target), found %1").arg(describe(y)));
            ok = false;
            continue;
        }
        SourceEdge e;
        e.yaml = y;
        e.line = y.Mark().line + 1;
        e.column = column(y.Mark());
        e.id = scalar(y["id"]);
        e.source = scalar(y["source"]);
        e.target = scalar(y["target"]);
        e.handle = scalar(y["sourceHandle"]);
        if (e.handle.isEmpty())
            e.handle = QStringLiteral("source");
        for (const char *end : {"source", "target"}) {
            const YAML::Node v = y[end];
            const QString id = scalar(v);
            if (id.isEmpty()) {
                error(v ? v : y, QStringLiteral("missing-field"), QStringLiteral("an edge needs a '%1' (a node id), found %2").arg(QLatin1String(end), describe(v)));
                ok = false;
            } else if (!index.contains(id)) {
                error(v, QStringLiteral("dangling-edge"), QStringLiteral("edge '%1': its %2 '%3' is no node of the app").arg(e.id, QLatin1String(end), id));
                ok = false;
            }
        }
        if (!e.id.isEmpty() && ids.contains(e.id))
            warning(y["id"], QStringLiteral("duplicate-id"), QStringLiteral("edge id '%1' is used twice").arg(e.id));
        ids.insert(e.id);
        out->append(e);
    }
    return ok;
}

void FileReader::read(const QByteArray &data)
{
    if (data.contains('\0')) {
        m_r->diagnostics << Diagnostic::make(Severity::Error, QStringLiteral("binary-data"),
                                             TranslatableText::verbatim(QStringLiteral("the file holds binary data (a NUL byte), not YAML")), m_file, 1, 1);
        return;
    }
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = utf8.decode(data);
    if (utf8.hasError()) {
        m_r->diagnostics << Diagnostic::make(Severity::Error, QStringLiteral("encoding"),
                                             TranslatableText::verbatim(QStringLiteral("the file is not UTF-8 text")), m_file, 1, 1);
        return;
    }
    Q_UNUSED(text);
    m_lines = data.split('\n');
    YAML::Node root;
    try {
        const YamlFirstDocument doc = loadYamlFirstDocument(data.toStdString());
        root = doc.node;
    } catch (const YAML::Exception &e) {
        error(e.mark, QStringLiteral("yaml-syntax"), QString::fromStdString(e.msg));
        return;
    }
    if (root && !checkKeys(root))
        return;
    if (!root || !root.IsMap()) {
        m_r->diagnostics << Diagnostic::make(Severity::Error, QStringLiteral("missing-field"),
                                             TranslatableText::verbatim(QStringLiteral("expected a Dify app DSL: a mapping with app, kind, version and workflow")),
                                             m_file, 1, 1);
        return;
    }
    try {
        // Version (Dify: missing means 0.1.0; it must be a string of three numbers).
        const YAML::Node version = root["version"];
        if (version && !version.IsScalar()) {
            error(version, QStringLiteral("wrong-type"), QStringLiteral("'version' should be a DSL version such as \"0.6.0\", found %1").arg(describe(version)));
            return;
        }
        m_r->version = version ? scalar(version) : QStringLiteral("0.1.0");
        static const QRegularExpression semver(QStringLiteral("^\\d+\\.\\d+\\.\\d+$"));
        if (!semver.match(m_r->version).hasMatch()) {
            error(version, QStringLiteral("bad-version"),
                  QStringLiteral("'version' should be a DSL version of three numbers such as \"0.6.0\", found '%1'").arg(m_r->version));
            return;
        }
        if (QVersionNumber::fromString(m_r->version) > QVersionNumber::fromString(DifyImporter::newestKnownVersion()))
            warning(version, QStringLiteral("newer-version"),
                    QStringLiteral("DSL version %1 is newer than %2, the newest this import knows: fields it does not know are kept as they are")
                        .arg(m_r->version, DifyImporter::newestKnownVersion()));
        const YAML::Node kind = root["kind"];
        if (kind && scalar(kind) != QLatin1String("app"))
            warning(kind, QStringLiteral("not-an-app"), QStringLiteral("'kind' is '%1'; it is read as an app, as Dify does").arg(scalar(kind)));
        const YAML::Node app = root["app"];
        if (!app || !app.IsMap()) {
            error(app ? app : root, QStringLiteral("missing-field"), QStringLiteral("expected 'app' (a mapping with the app's name and mode), found %1").arg(describe(app)));
            return;
        }
        const YAML::Node mode = app["mode"];
        m_r->mode = scalar(mode);
        if (m_r->mode.isEmpty()) {
            error(mode ? mode : app, QStringLiteral("missing-field"), QStringLiteral("'app.mode' is missing: workflow or advanced-chat"));
            return;
        }
        if (m_r->mode == QLatin1String("chat") || m_r->mode == QLatin1String("agent-chat") || m_r->mode == QLatin1String("completion")) {
            error(mode, QStringLiteral("no-workflow"),
                  QStringLiteral("'%1' is a %2 app: Dify keeps its prompt in model_config and it has no workflow graph to open. "
                                 "Open it in Dify and convert it to a workflow (or export a workflow or chatflow app) first")
                      .arg(scalar(app["name"]), m_r->mode));
            return;
        }
        if (m_r->mode != QLatin1String("workflow") && m_r->mode != QLatin1String("advanced-chat")) {
            error(mode, QStringLiteral("bad-mode"), QStringLiteral("app.mode '%1' is no Dify app with a workflow (workflow or advanced-chat)").arg(m_r->mode));
            return;
        }
        const YAML::Node workflow = root["workflow"];
        if (!workflow || !workflow.IsMap()) {
            error(workflow ? workflow : root, QStringLiteral("missing-field"),
                  QStringLiteral("a %1 app needs 'workflow' (a mapping with its graph), found %2").arg(m_r->mode, describe(workflow)));
            return;
        }
        const YAML::Node graph = workflow["graph"];
        if (!graph || !graph.IsMap()) {
            error(graph ? graph : workflow, QStringLiteral("missing-field"), QStringLiteral("expected 'workflow.graph' (a mapping with nodes and edges), found %1").arg(describe(graph)));
            return;
        }
        const YAML::Node nodes = graph["nodes"], edges = graph["edges"];
        for (const auto &[yaml, name] : {std::pair{nodes, "nodes"}, std::pair{edges, "edges"}})
            if (yaml && !yaml.IsNull() && !yaml.IsSequence()) {
                error(yaml, QStringLiteral("wrong-type"), QStringLiteral("'workflow.graph.%1' should be a list, found %2").arg(QLatin1String(name), describe(yaml)));
                return;
            }
        QList<SourceNode> all;
        QHash<QString, int> index;
        QList<SourceEdge> allEdges;
        if (!readNodes(nodes ? nodes : YAML::Node(YAML::NodeType::Sequence), &all, &index))
            return;
        if (!readEdges(edges ? edges : YAML::Node(YAML::NodeType::Sequence), index, &allEdges))
            return;
        int starts = 0;
        for (const SourceNode &n : std::as_const(all))
            starts += n.parent.isEmpty() && n.type == QLatin1String("start");
        if (starts != 1) {
            error(nodes ? nodes : graph, starts ? QStringLiteral("multiple-starts") : QStringLiteral("missing-start"),
                  QStringLiteral("a %1 app needs exactly one start node, found %2").arg(m_r->mode).arg(starts));
            return;
        }

        ScopeMapper mapper(m_r, m_file, all, allEdges, index);
        Graph g = mapper.map({}, nullptr, nullptr, 0);
        if (hasErrors(m_r->diagnostics))
            return;
        QString subError;
        if (!InlineSubgraphs::store(g, mapper.subgraphs(), &subError)) {
            error(graph, QStringLiteral("internal"), QStringLiteral("cannot keep the containers' children: %1").arg(subError));
            return;
        }
        // An id people can type: the app's name, else the file's, when either has letters of its own.
        static const QRegularExpression word(QStringLiteral("[A-Za-z]"));
        for (const QString &candidate : {scalar(app["name"]), QFileInfo(m_file).completeBaseName()}) {
            g.id = identifier(candidate.toLower());
            if (word.match(g.id).hasMatch())
                break;
            g.id = QStringLiteral("dify_app");
        }
        g.name = scalar(app["name"]);
        g.description = scalar(app["description"]);
        // Environment and conversation variables: values the run reads as `input.env.NAME`
        // and `input.conversation.NAME`.
        for (const auto &[key, name] : {std::pair{"environment_variables", "env"}, std::pair{"conversation_variables", "conversation"}}) {
            const YAML::Node vars = workflow[key];
            if (!vars || !vars.IsSequence() || vars.size() == 0)
                continue;
            QVariantMap values;
            for (const YAML::Node &v : vars) {
                if (!v.IsMap() || scalar(v["name"]).isEmpty()) {
                    error(v, QStringLiteral("missing-field"), QStringLiteral("each of workflow.%1 needs a 'name'").arg(QLatin1String(key)));
                    return;
                }
                values.insert(scalar(v["name"]), v["value"] ? yamlNodeToVariant(v["value"]) : QVariant::fromValue(nullptr));
            }
            g.inputs.setValue(QLatin1String(name), values);
        }
        // Everything else of the file, kept for the way back.
        YAML::Node kept = YAML::Clone(root);
        kept["workflow"]["graph"].remove("nodes");
        kept["workflow"]["graph"].remove("edges");
        QString keepError;
        if (!g.extra.setYaml(QStringLiteral("dify"), emitYamlNode(kept), &keepError))
            error(root, QStringLiteral("internal"), QStringLiteral("cannot keep the app's settings: %1").arg(keepError));
        m_r->graph = std::move(g);
    } catch (const YAML::Exception &e) {
        error(e.mark, QStringLiteral("yaml-syntax"), QString::fromStdString(e.msg));
    }
}

} // namespace

QString DifyNodeReport::statusName(Status s)
{
    switch (s) {
    case Status::Mapped:
        return QStringLiteral("mapped");
    case Status::Approximated:
        return QStringLiteral("approximated");
    case Status::StandIn:
        return QStringLiteral("stand-in");
    case Status::Kept:
        return QStringLiteral("kept");
    }
    return {};
}

QString DifyImportResult::errorText() const
{
    QStringList lines;
    for (const Diagnostic &d : diagnostics)
        lines << d.format();
    return lines.join(QLatin1Char('\n'));
}

QString DifyImportResult::reportText() const
{
    QStringList lines;
    int counts[4] = {0, 0, 0, 0};
    for (const DifyNodeReport &r : report) {
        ++counts[int(r.status)];
        lines << QStringLiteral("%1  %2 (%3, \"%4\") -> %5: %6")
                     .arg(DifyNodeReport::statusName(r.status).leftJustified(12), r.difyId, r.type, r.title, r.nodeId, r.how);
    }
    lines << QStringLiteral("%1 nodes: %2 mapped, %3 approximated, %4 stand-ins, %5 kept as notes")
                 .arg(report.size())
                 .arg(counts[0])
                 .arg(counts[1])
                 .arg(counts[2])
                 .arg(counts[3]);
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QByteArray DifyImportResult::mocksYaml() const
{
    QByteArray out = "# Mocks for the calls of a Dify app that need a model or a service: one placeholder per\n"
                     "# call site. Edit the outputs, then: capgraph run GRAPH --mock THIS_FILE\n";
    QByteArray text = variantToYamlText(mocks).toUtf8();
    if (!text.endsWith('\n'))
        text += '\n';
    return out + text;
}

bool DifyImporter::looksLikeDify(const QByteArray &data)
{
    // Top-level keys only, without parsing the whole file: `app:` with `kind:`, `version:` or
    // `workflow:` beside it, and no `graph:`.
    bool app = false, other = false;
    for (const QByteArray &line : data.left(4 * 1024 * 1024).split('\n')) {
        if (line.isEmpty() || line.at(0) == ' ' || line.at(0) == '#' || line.at(0) == '-' || line.at(0) == '\t')
            continue;
        const QByteArray key = line.left(line.indexOf(':')).trimmed();
        if (key == "graph")
            return false;
        app = app || key == "app";
        other = other || key == "kind" || key == "workflow" || key == "version" || key == "dependencies";
    }
    return app && other;
}

DifyImportResult DifyImporter::readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        DifyImportResult r;
        r.diagnostics << unreadableFile(path, f.errorString());
        return r;
    }
    if (f.size() > kMaxYamlBytes) {
        DifyImportResult r;
        r.diagnostics << Diagnostic::make(Severity::Error, QStringLiteral("too-large"),
                                          TranslatableText::verbatim(QStringLiteral("the file is larger than %1 MB").arg(kMaxYamlBytes / (1024 * 1024))), path, 1, 1);
        return r;
    }
    return readBytes(f.readAll(), path);
}

DifyImportResult DifyImporter::readBytes(const QByteArray &data, const QString &fileName)
{
    DifyImportResult r;
    FileReader(&r, fileName).read(data);
    if (hasErrors(r.diagnostics))
        r.graph.reset();
    return r;
}

GraphLoadResult DifyImporter::readGraph(const QByteArray &data, const QString &fileName)
{
    if (!looksLikeDify(data))
        return GraphYamlReader::readBytes(data, fileName);
    DifyImportResult r = readBytes(data, fileName);
    GraphLoadResult g;
    g.graph = std::move(r.graph);
    g.diagnostics = std::move(r.diagnostics);
    return g;
}

QString DifyImporter::noteText(const QString &editorState)
{
    const QJsonDocument doc = QJsonDocument::fromJson(editorState.toUtf8());
    if (doc.isNull())
        return editorState;
    QStringList paragraphs;
    // Text nodes anywhere below a paragraph (links, lists, formatting) make its line.
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
    return paragraphs.join(QLatin1Char('\n'));
}

QString DifyImporter::newestKnownVersion()
{
    return QStringLiteral("0.6.0");
}

} // namespace capgraph
