#pragma once

#include "model/Graph.h"

#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

namespace capgraph {

// Find in graph (docs/studio.md, "Find in graph"): a query as the find bar takes it, parsed
// and matched against a graph's nodes and notes without any widget.
//
// A query is words and filters separated by spaces. Every word must occur (case-insensitive)
// in one of a node's texts: its id, label, type, capability (skill_id), prompt, branch
// conditions (names and expressions), the values of its inputs (templates included); or in a
// note's text. "Quoted words" are one word, and never a filter. Filters:
// `type:KIND` (skill, branch, control.branch, control — the type as written, its canonical
// name, the name without its category, or the category), `uses:SKILL_ID` (exactly),
// `is:invalid`, `is:stale`, `is:pinned`, `is:breakpoint`. A filter repeated with other
// values takes any of them for type: and uses:, and all of them for is:. A query with a
// filter finds nodes only.
struct SearchQuery
{
    enum class Problem {
        None,
        UnknownFilter, // `foo:bar`: `problemText` is "foo"
        UnknownState,  // `is:foo`: `problemText` is "foo"
        EmptyFilter,   // `type:` with nothing after it: `problemText` is "type"
    };

    QStringList words; // lower-cased
    QStringList types; // lower-cased
    QStringList uses;  // lower-cased
    QStringList states; // invalid, stale, pinned, breakpoint
    Problem problem = Problem::None;
    QString problemText;

    static SearchQuery parse(const QString &text);
    // The filters' names and is:'s states, as the parser knows them.
    static QStringList filterNames();
    static QStringList stateNames();
    bool isValid() const { return problem == Problem::None; }
    // Nothing to look for (no word, no filter): finds nothing.
    bool isEmpty() const { return words.isEmpty() && types.isEmpty() && uses.isEmpty() && states.isEmpty(); }
    bool hasFilters() const { return !types.isEmpty() || !uses.isEmpty() || !states.isEmpty(); }
};

// What a run (and lint) says about the nodes, for the is: filters: the studio passes its own.
struct SearchStates
{
    QSet<QString> invalid;     // nodes with lint findings
    QSet<QString> stale;
    QSet<QString> pinned;
    QSet<QString> breakpoints;
};

struct SearchHit
{
    enum class Kind { Node, Note };
    Kind kind = Kind::Node;
    QString id;

    bool operator==(const SearchHit &other) const { return kind == other.kind && id == other.id; }
};

namespace GraphSearch {

bool matches(const Node &node, const SearchQuery &query, const SearchStates &states = {});
bool matches(const Note &note, const SearchQuery &query);
// The nodes that match in the graph's order, then the notes; nothing for an empty or
// invalid query.
QList<SearchHit> find(const Graph &graph, const SearchQuery &query, const SearchStates &states = {});

} // namespace GraphSearch

} // namespace capgraph
