#include "dify/JinjaTemplate.h"

#include "expr/ExprValue.h"
#include "expr/Expression.h"
#include "expr/ExpressionContext.h"

#include <QJsonDocument>
#include <QJsonValue>
#include <QRegularExpression>

#include <algorithm>

namespace capgraph {

struct JinjaTemplate::Node
{
    enum class Kind { Block, Text, Output, If, For, Set } kind = Kind::Block;
    QString text;                                  // Text
    QString expression;                            // Output, Set (the value)
    QString name, name2;                           // For (loop variables), Set (the name)
    QList<std::pair<QString, std::shared_ptr<Node>>> branches; // If: (condition, body); For: (iterable, body)
    std::shared_ptr<Node> otherwise;               // If / For: else
    QList<std::shared_ptr<Node>> children;         // Block
};

namespace {

// Limits (docs/dify.md, "Limits"): how deep blocks nest, how much text one rendering makes,
// and how many loop rounds it runs in all.
constexpr int kMaxNesting = 100;
constexpr qsizetype kMaxOutput = 16 * 1024 * 1024;
constexpr qsizetype kMaxRounds = 1'000'000;

using NodePtr = std::shared_ptr<JinjaTemplate::Node>;
using Kind = JinjaTemplate::Node::Kind;

struct Tag
{
    enum Type { Text, Output, Statement } type;
    QString body;
};

// Splits `expr | f | g(x)` at its top-level pipes (not inside quotes, brackets or `||`).
QStringList splitFilters(const QString &s)
{
    QStringList parts;
    int depth = 0;
    QChar quote;
    qsizetype start = 0;
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s.at(i);
        if (!quote.isNull()) {
            if (c == QLatin1Char('\\'))
                ++i;
            else if (c == quote)
                quote = QChar();
        } else if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            quote = c;
        } else if (c == QLatin1Char('(') || c == QLatin1Char('[') || c == QLatin1Char('{')) {
            ++depth;
        } else if (c == QLatin1Char(')') || c == QLatin1Char(']') || c == QLatin1Char('}')) {
            --depth;
        } else if (c == QLatin1Char('|') && depth == 0) {
            if (i + 1 < s.size() && s.at(i + 1) == QLatin1Char('|')) {
                ++i;
                continue;
            }
            parts << s.mid(start, i - start).trimmed();
            start = i + 1;
        }
    }
    parts << s.mid(start).trimmed();
    return parts;
}

// Jinja spellings in our expression language.
QString ours(QString e)
{
    static const QRegularExpression none(QStringLiteral("\\bNone\\b"));
    static const QRegularExpression isNotDefined(QStringLiteral("([A-Za-z_][\\w.\\[\\]'\"]*)\\s+is\\s+not\\s+defined\\b"));
    static const QRegularExpression isDefined(QStringLiteral("([A-Za-z_][\\w.\\[\\]'\"]*)\\s+is\\s+defined\\b"));
    static const QRegularExpression isNotNone(QStringLiteral("\\s+is\\s+not\\s+(none|null)\\b"));
    static const QRegularExpression isNone(QStringLiteral("\\s+is\\s+(none|null)\\b"));
    static const QRegularExpression tilde(QStringLiteral("\\s*~\\s*"));
    e.replace(isNotDefined, QStringLiteral("NOT exists(\\1)"));
    e.replace(isDefined, QStringLiteral("exists(\\1)"));
    e.replace(none, QStringLiteral("null"));
    e.replace(isNotNone, QStringLiteral(" != null"));
    e.replace(isNone, QStringLiteral(" == null"));
    if (e.contains(QLatin1Char('~'))) {
        QStringList parts = e.split(tilde);
        for (QString &p : parts)
            p = QStringLiteral("str(%1)").arg(p);
        e = parts.join(QStringLiteral(" + "));
    }
    return e;
}

QString pyRepr(const QVariant &v, bool top)
{
    switch (v.typeId()) {
    case QMetaType::Bool:
        return v.toBool() ? QStringLiteral("True") : QStringLiteral("False");
    case QMetaType::Double: {
        const double d = v.toDouble();
        if (d == std::floor(d) && std::abs(d) < 1e15)
            return QString::number(qint64(d)) + QStringLiteral(".0");
        return QString::number(d, 'g', 15);
    }
    case QMetaType::QVariantList:
    case QMetaType::QStringList: {
        QStringList items;
        for (const QVariant &x : v.toList())
            items << pyRepr(x, false);
        return QLatin1Char('[') + items.join(QStringLiteral(", ")) + QLatin1Char(']');
    }
    case QMetaType::QVariantMap: {
        QStringList items;
        const QVariantMap m = v.toMap();
        for (auto it = m.cbegin(); it != m.cend(); ++it)
            items << pyRepr(it.key(), false) + QStringLiteral(": ") + pyRepr(it.value(), false);
        return QLatin1Char('{') + items.join(QStringLiteral(", ")) + QLatin1Char('}');
    }
    case QMetaType::QString:
        if (top)
            return v.toString();
        return QLatin1Char('\'') + v.toString().replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('\''), QStringLiteral("\\'")) + QLatin1Char('\'');
    default:
        break;
    }
    if (!v.isValid() || v.isNull() || v.typeId() == QMetaType::Nullptr)
        return top ? QString() : QStringLiteral("None");
    return v.toString();
}

class Renderer
{
public:
    explicit Renderer(QVariantMap vars) : m_vars(std::move(vars)) {}
    QString error;

    bool eval(const QString &text, QVariant *value)
    {
        const QStringList parts = splitFilters(text);
        const Expression e = Expression::parse(ours(parts.first()));
        if (!e.isValid()) {
            error = QStringLiteral("'%1' is no expression: %2").arg(parts.first(), e.errorMessage());
            return false;
        }
        const EvalResult r = e.evaluate(VariantMapContext(m_vars));
        if (!r.ok() && !r.missing) {
            error = QStringLiteral("%1: %2").arg(parts.first(), r.error);
            return false;
        }
        *value = r.ok() ? r.value : QVariant(); // undefined: empty, as in Jinja
        for (qsizetype i = 1; i < parts.size(); ++i)
            if (!filter(parts.at(i), value))
                return false;
        return true;
    }

    bool render(const NodePtr &n, QString *out)
    {
        switch (n->kind) {
        case Kind::Block:
            for (const NodePtr &c : n->children)
                if (!render(c, out))
                    return false;
            return true;
        case Kind::Text:
            *out += n->text;
            return withinLimits(out);
        case Kind::Output: {
            QVariant v;
            if (!eval(n->expression, &v))
                return false;
            *out += pyRepr(v, true);
            return withinLimits(out);
        }
        case Kind::Set: {
            QVariant v;
            if (!eval(n->expression, &v))
                return false;
            m_vars.insert(n->name, v);
            return true;
        }
        case Kind::If:
            for (const auto &[cond, body] : n->branches) {
                QVariant v;
                if (!eval(cond, &v))
                    return false;
                if (ExprValue::truthy(v))
                    return render(body, out);
            }
            return n->otherwise ? render(n->otherwise, out) : true;
        case Kind::For: {
            QString iterable = n->branches.first().first;
            const bool items = iterable.endsWith(QLatin1String(".items()"));
            if (items)
                iterable.chop(8);
            QVariant v;
            if (!eval(iterable, &v))
                return false;
            QVariantList list;
            QVariantList keys;
            if (v.typeId() == QMetaType::QVariantMap) {
                const QVariantMap m = v.toMap();
                for (auto it = m.cbegin(); it != m.cend(); ++it) {
                    keys << it.key();
                    list << it.value();
                }
                if (!items)
                    list = keys;
            } else if (v.typeId() == QMetaType::QString) {
                for (const QChar c : v.toString())
                    list << QString(c);
            } else {
                list = v.toList();
            }
            if (list.isEmpty())
                return n->otherwise ? render(n->otherwise, out) : true;
            const QVariantMap saved = m_vars;
            for (qsizetype i = 0; i < list.size(); ++i) {
                if (++m_rounds > kMaxRounds) {
                    error = QStringLiteral("the template's loops run more than %1 rounds").arg(kMaxRounds);
                    return false;
                }
                if (items) {
                    m_vars.insert(n->name, keys.at(i));
                    m_vars.insert(n->name2, list.at(i));
                } else if (!n->name2.isEmpty()) {
                    const QVariantList pair = list.at(i).toList();
                    m_vars.insert(n->name, pair.value(0));
                    m_vars.insert(n->name2, pair.value(1));
                } else {
                    m_vars.insert(n->name, list.at(i));
                }
                m_vars.insert(QStringLiteral("loop"), QVariantMap{{QStringLiteral("index"), i + 1},
                                                                  {QStringLiteral("index0"), i},
                                                                  {QStringLiteral("first"), i == 0},
                                                                  {QStringLiteral("last"), i == list.size() - 1},
                                                                  {QStringLiteral("length"), list.size()}});
                if (!render(n->branches.first().second, out))
                    return false;
            }
            m_vars = saved;
            return true;
        }
        }
        return true;
    }

private:
    bool withinLimits(const QString *out)
    {
        if (out->size() <= kMaxOutput)
            return true;
        error = QStringLiteral("the template makes more than %1 MiB of text").arg(kMaxOutput / (1024 * 1024));
        return false;
    }

    qsizetype m_rounds = 0;

    bool filter(const QString &spec, QVariant *v)
    {
        const qsizetype paren = spec.indexOf(QLatin1Char('('));
        const QString name = (paren < 0 ? spec : spec.left(paren)).trimmed();
        QVariantList args;
        if (paren >= 0) {
            const QString inner = spec.mid(paren + 1, spec.lastIndexOf(QLatin1Char(')')) - paren - 1);
            const Expression e = Expression::parse(QLatin1Char('[') + ours(inner) + QLatin1Char(']'));
            const EvalResult r = e.isValid() ? e.evaluate(VariantMapContext(m_vars)) : EvalResult{};
            if (!e.isValid() || !r.ok()) {
                error = QStringLiteral("the arguments of the filter '%1' cannot be read: %2").arg(name, e.isValid() ? r.error : e.errorMessage());
                return false;
            }
            args = r.value.toList();
        }
        const QString s = v->typeId() == QMetaType::QString ? v->toString() : pyRepr(*v, true);
        if (name == QLatin1String("upper"))
            *v = s.toUpper();
        else if (name == QLatin1String("lower"))
            *v = s.toLower();
        else if (name == QLatin1String("trim") || name == QLatin1String("strip"))
            *v = s.trimmed();
        else if (name == QLatin1String("capitalize"))
            *v = s.isEmpty() ? s : s.left(1).toUpper() + s.mid(1).toLower();
        else if (name == QLatin1String("title")) {
            QString t = s.toLower();
            for (qsizetype i = 0; i < t.size(); ++i)
                if (t.at(i).isLetter() && (i == 0 || !t.at(i - 1).isLetterOrNumber()))
                    t[i] = t.at(i).toUpper();
            *v = t;
        } else if (name == QLatin1String("length") || name == QLatin1String("count"))
            *v = v->typeId() == QMetaType::QVariantList ? v->toList().size() : v->typeId() == QMetaType::QVariantMap ? v->toMap().size() : s.size();
        else if (name == QLatin1String("wordcount"))
            *v = s.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts).size();
        else if (name == QLatin1String("join")) {
            QStringList parts;
            for (const QVariant &x : v->toList())
                parts << pyRepr(x, true);
            *v = parts.join(args.value(0).toString());
        } else if (name == QLatin1String("default") || name == QLatin1String("d")) {
            if (!v->isValid() || v->isNull() || (args.value(1).toBool() && !ExprValue::truthy(*v)))
                *v = args.value(0);
        } else if (name == QLatin1String("tojson"))
            *v = QString::fromUtf8(QJsonDocument::fromVariant(QVariantList{*v}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
        else if (name == QLatin1String("string"))
            *v = s;
        else if (name == QLatin1String("int"))
            *v = qint64(s.toDouble());
        else if (name == QLatin1String("float"))
            *v = s.toDouble();
        else if (name == QLatin1String("abs"))
            *v = std::abs(v->toDouble());
        else if (name == QLatin1String("round")) {
            const double scale = std::pow(10.0, args.value(0, 0).toInt());
            *v = std::round(v->toDouble() * scale) / scale;
        } else if (name == QLatin1String("replace"))
            *v = QString(s).replace(args.value(0).toString(), args.value(1).toString());
        else if (name == QLatin1String("truncate")) {
            const int n = args.value(0, 255).toInt();
            *v = s.size() <= n ? s : s.left(std::max(0, n - 3)) + QStringLiteral("...");
        } else if (name == QLatin1String("first") || name == QLatin1String("last")) {
            const QVariantList l = v->typeId() == QMetaType::QString ? QVariantList{} : v->toList();
            if (v->typeId() == QMetaType::QString)
                *v = s.isEmpty() ? QString() : QString(name == QLatin1String("first") ? s.front() : s.back());
            else
                *v = l.isEmpty() ? QVariant() : (name == QLatin1String("first") ? l.first() : l.last());
        } else if (name == QLatin1String("list"))
            *v = v->toList();
        else if (name == QLatin1String("reverse")) {
            if (v->typeId() == QMetaType::QString) {
                QString r = s;
                std::reverse(r.begin(), r.end());
                *v = r;
            } else {
                QVariantList l = v->toList();
                std::reverse(l.begin(), l.end());
                *v = l;
            }
        } else if (name == QLatin1String("sort")) {
            QVariantList l = v->toList();
            std::stable_sort(l.begin(), l.end(), [](const QVariant &a, const QVariant &b) { return QVariant::compare(a, b) == QPartialOrdering::Less; });
            *v = l;
        } else if (name == QLatin1String("unique")) {
            QVariantList out;
            for (const QVariant &x : v->toList())
                if (!out.contains(x))
                    out << x;
            *v = out;
        } else {
            error = QStringLiteral("the filter '%1' is not in the Jinja subset this template language has").arg(name);
            return false;
        }
        return true;
    }

    QVariantMap m_vars;
};

} // namespace

JinjaTemplate JinjaTemplate::parse(const QString &text)
{
    JinjaTemplate t;
    // Tags, with `-` trimming the whitespace beside them.
    QList<Tag> tags;
    qsizetype i = 0;
    bool trimNext = false;
    while (i <= text.size()) {
        const qsizetype open = text.indexOf(QLatin1Char('{'), i);
        qsizetype at = open;
        while (at >= 0 && at + 1 < text.size() && text.at(at + 1) != QLatin1Char('{') && text.at(at + 1) != QLatin1Char('%')
               && text.at(at + 1) != QLatin1Char('#'))
            at = text.indexOf(QLatin1Char('{'), at + 1);
        if (at < 0 || at + 1 >= text.size()) {
            QString rest = text.mid(i);
            if (trimNext)
                rest = rest.remove(QRegularExpression(QStringLiteral("^\\s+")));
            tags << Tag{Tag::Text, rest};
            break;
        }
        QString before = text.mid(i, at - i);
        if (trimNext)
            before.remove(QRegularExpression(QStringLiteral("^\\s+")));
        const QChar kind = text.at(at + 1);
        const QString close = kind == QLatin1Char('{') ? QStringLiteral("}}") : kind == QLatin1Char('%') ? QStringLiteral("%}") : QStringLiteral("#}");
        const qsizetype end = text.indexOf(close, at + 2);
        if (end < 0) {
            t.m_error = QStringLiteral("a '%1' at character %2 is never closed with '%3'").arg(text.mid(at, 2)).arg(at + 1).arg(close);
            return t;
        }
        QString body = text.mid(at + 2, end - at - 2);
        if (body.startsWith(QLatin1Char('-'))) {
            before.remove(QRegularExpression(QStringLiteral("\\s+$")));
            body.remove(0, 1);
        }
        trimNext = body.endsWith(QLatin1Char('-'));
        if (trimNext)
            body.chop(1);
        tags << Tag{Tag::Text, before};
        if (kind == QLatin1Char('{'))
            tags << Tag{Tag::Output, body.trimmed()};
        else if (kind == QLatin1Char('%'))
            tags << Tag{Tag::Statement, body.trimmed()};
        i = end + 2;
    }
    // The tree: blocks nest through if / for.
    struct Open
    {
        NodePtr node;
        NodePtr body; // where children go now
        QString word;
    };
    auto root = std::make_shared<Node>();
    QList<Open> stack{{root, root, {}}};
    static const QRegularExpression forRe(QStringLiteral("^for\\s+([A-Za-z_]\\w*)(?:\\s*,\\s*([A-Za-z_]\\w*))?\\s+in\\s+(.+)$"));
    static const QRegularExpression setRe(QStringLiteral("^set\\s+([A-Za-z_]\\w*)\\s*=\\s*(.+)$"));
    for (const Tag &tag : std::as_const(tags)) {
        auto &body = stack.last().body->children;
        if (tag.type == Tag::Text) {
            if (!tag.body.isEmpty()) {
                auto n = std::make_shared<Node>();
                n->kind = Kind::Text;
                n->text = tag.body;
                body << n;
            }
            continue;
        }
        if (tag.type == Tag::Output) {
            auto n = std::make_shared<Node>();
            n->kind = Kind::Output;
            n->expression = tag.body;
            body << n;
            continue;
        }
        const QString word = tag.body.section(QLatin1Char(' '), 0, 0);
        if ((word == QLatin1String("if") || word == QLatin1String("for")) && stack.size() > kMaxNesting) {
            t.m_error = QStringLiteral("blocks nest more than %1 deep").arg(kMaxNesting);
            return t;
        }
        if (word == QLatin1String("if")) {
            auto n = std::make_shared<Node>();
            n->kind = Kind::If;
            auto b = std::make_shared<Node>();
            n->branches << std::pair{tag.body.mid(2).trimmed(), b};
            body << n;
            stack << Open{n, b, QStringLiteral("if")};
        } else if (word == QLatin1String("elif") && stack.last().word == QLatin1String("if")) {
            auto b = std::make_shared<Node>();
            stack.last().node->branches << std::pair{tag.body.mid(4).trimmed(), b};
            stack.last().body = b;
        } else if (word == QLatin1String("else") && stack.size() > 1) {
            auto b = std::make_shared<Node>();
            stack.last().node->otherwise = b;
            stack.last().body = b;
        } else if (word == QLatin1String("for")) {
            const auto m = forRe.match(tag.body);
            if (!m.hasMatch()) {
                t.m_error = QStringLiteral("'{%% %1 %%}' should read 'for x in list'").arg(tag.body);
                return t;
            }
            auto n = std::make_shared<Node>();
            n->kind = Kind::For;
            n->name = m.captured(1);
            n->name2 = m.captured(2);
            auto b = std::make_shared<Node>();
            n->branches << std::pair{m.captured(3).trimmed(), b};
            body << n;
            stack << Open{n, b, QStringLiteral("for")};
        } else if ((word == QLatin1String("endif") && stack.last().word == QLatin1String("if"))
                   || (word == QLatin1String("endfor") && stack.last().word == QLatin1String("for"))) {
            stack.removeLast();
        } else if (word == QLatin1String("set")) {
            const auto m = setRe.match(tag.body);
            if (!m.hasMatch()) {
                t.m_error = QStringLiteral("'{%% %1 %%}' should read 'set name = value'").arg(tag.body);
                return t;
            }
            auto n = std::make_shared<Node>();
            n->kind = Kind::Set;
            n->name = m.captured(1);
            n->expression = m.captured(2);
            body << n;
        } else {
            t.m_error = QStringLiteral("'{%% %1 %%}' is not in the Jinja subset this template language has (if, elif, else, endif, for, endfor, set)")
                            .arg(tag.body);
            return t;
        }
    }
    if (stack.size() > 1) {
        t.m_error = QStringLiteral("a '{%% %1 %%}' is never closed with '{%% end%1 %%}'").arg(stack.last().word);
        return t;
    }
    t.m_root = root;
    return t;
}

bool JinjaTemplate::render(const QVariantMap &variables, QString *out, QString *error) const
{
    if (!isValid()) {
        *error = m_error;
        return false;
    }
    Renderer r(variables);
    QString text;
    if (!r.render(std::const_pointer_cast<Node>(m_root), &text)) {
        *error = r.error;
        return false;
    }
    *out = text;
    return true;
}

} // namespace capgraph
