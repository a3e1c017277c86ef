#include "analysis/GraphSearch.h"

#include "model/NodeKind.h"

#include <algorithm>

namespace capgraph {

namespace {

const QStringList &knownFilters()
{
    static const QStringList names{QStringLiteral("type"), QStringLiteral("uses"), QStringLiteral("is")};
    return names;
}

const QStringList &knownStates()
{
    static const QStringList names{QStringLiteral("invalid"), QStringLiteral("stale"), QStringLiteral("pinned"), QStringLiteral("breakpoint")};
    return names;
}

struct Token
{
    QString text;
    bool quoted = false;
};

// Words split at spaces; "quoted words" stay one token (an unclosed quote runs to the end).
QList<Token> tokens(const QString &text)
{
    QList<Token> out;
    qsizetype i = 0;
    while (i < text.size()) {
        if (text.at(i).isSpace()) {
            ++i;
            continue;
        }
        Token t;
        if (text.at(i) == QLatin1Char('"')) {
            const qsizetype end = text.indexOf(QLatin1Char('"'), i + 1);
            t.text = text.mid(i + 1, end < 0 ? -1 : end - i - 1);
            t.quoted = true;
            i = end < 0 ? text.size() : end + 1;
        } else {
            const qsizetype start = i;
            while (i < text.size() && !text.at(i).isSpace())
                ++i;
            t.text = text.mid(start, i - start);
        }
        if (!t.text.isEmpty())
            out.append(t);
    }
    return out;
}

// `key:` at a token's start: letters (and _) and a colon.
qsizetype filterKeyLength(const QString &token)
{
    const qsizetype colon = token.indexOf(QLatin1Char(':'));
    if (colon <= 0)
        return -1;
    for (qsizetype i = 0; i < colon; ++i)
        if (!token.at(i).isLetter() && token.at(i) != QLatin1Char('_'))
            return -1;
    return colon;
}

bool typeMatches(const Node &node, const QString &wanted)
{
    const QString canonical = canonicalTypeName(node.kind).toLower();
    if (node.type.toLower() == wanted || canonical == wanted)
        return true;
    const qsizetype dot = canonical.indexOf(QLatin1Char('.'));
    return dot > 0 && (canonical.mid(dot + 1) == wanted || canonical.left(dot) == wanted);
}

bool inState(const QString &id, const QString &state, const SearchStates &s)
{
    if (state == QLatin1String("invalid"))
        return s.invalid.contains(id);
    if (state == QLatin1String("stale"))
        return s.stale.contains(id);
    if (state == QLatin1String("pinned"))
        return s.pinned.contains(id);
    return state == QLatin1String("breakpoint") && s.breakpoints.contains(id);
}

QStringList textsOf(const Node &node)
{
    QStringList texts{node.id, node.label, node.type, canonicalTypeName(node.kind), node.skillId, node.prompt};
    for (const BranchCondition &c : node.conditions)
        texts << c.name << c.expression;
    for (const ExtraFields::Field &f : node.inputs.fields())
        texts << f.key << f.yaml;
    return texts;
}

bool allWordsIn(const QStringList &words, const QStringList &texts)
{
    for (const QString &word : words) {
        bool found = false;
        for (const QString &text : texts) {
            if (text.contains(word, Qt::CaseInsensitive)) {
                found = true;
                break;
            }
        }
        if (!found)
            return false;
    }
    return true;
}

} // namespace

QStringList SearchQuery::filterNames()
{
    return knownFilters();
}

QStringList SearchQuery::stateNames()
{
    return knownStates();
}

SearchQuery SearchQuery::parse(const QString &text)
{
    SearchQuery q;
    for (const Token &t : tokens(text)) {
        const qsizetype keyLength = t.quoted ? -1 : filterKeyLength(t.text);
        if (keyLength < 0) {
            q.words << t.text.toLower();
            continue;
        }
        const QString key = t.text.left(keyLength).toLower();
        QString value = t.text.mid(keyLength + 1).toLower();
        if (value.size() >= 2 && value.startsWith(QLatin1Char('"')) && value.endsWith(QLatin1Char('"')))
            value = value.mid(1, value.size() - 2);
        if (!knownFilters().contains(key)) {
            if (q.problem == Problem::None) {
                q.problem = Problem::UnknownFilter;
                q.problemText = t.text.left(keyLength);
            }
            continue;
        }
        if (value.isEmpty()) {
            if (q.problem == Problem::None) {
                q.problem = Problem::EmptyFilter;
                q.problemText = key;
            }
            continue;
        }
        if (key == QLatin1String("type")) {
            q.types << value;
        } else if (key == QLatin1String("uses")) {
            q.uses << value;
        } else if (knownStates().contains(value)) {
            q.states << value;
        } else if (q.problem == Problem::None) {
            q.problem = Problem::UnknownState;
            q.problemText = value;
        }
    }
    return q;
}

namespace GraphSearch {

bool matches(const Node &node, const SearchQuery &query, const SearchStates &states)
{
    if (!query.isValid() || query.isEmpty())
        return false;
    if (!query.types.isEmpty()
        && std::none_of(query.types.cbegin(), query.types.cend(), [&](const QString &t) { return typeMatches(node, t); }))
        return false;
    if (!query.uses.isEmpty()
        && std::none_of(query.uses.cbegin(), query.uses.cend(), [&](const QString &u) { return node.skillId.compare(u, Qt::CaseInsensitive) == 0; }))
        return false;
    for (const QString &state : query.states)
        if (!inState(node.id, state, states))
            return false;
    return query.words.isEmpty() || allWordsIn(query.words, textsOf(node));
}

bool matches(const Note &note, const SearchQuery &query)
{
    if (!query.isValid() || query.isEmpty() || query.hasFilters())
        return false;
    return allWordsIn(query.words, {note.text});
}

QList<SearchHit> find(const Graph &graph, const SearchQuery &query, const SearchStates &states)
{
    QList<SearchHit> hits;
    if (!query.isValid() || query.isEmpty())
        return hits;
    for (const Node &node : graph.nodes)
        if (matches(node, query, states))
            hits.append({SearchHit::Kind::Node, node.id});
    for (const Note &note : graph.notes)
        if (matches(note, query))
            hits.append({SearchHit::Kind::Note, note.id});
    return hits;
}

} // namespace GraphSearch

} // namespace capgraph
