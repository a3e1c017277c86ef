#pragma once

#include <QString>
#include <QVariantMap>

#include <memory>

namespace capgraph {

// The part of Jinja2 that Dify's template-transform nodes use (docs/dify.md, "Templates"):
//   {{ expression | filter | filter(args) }}
//   {% if … %} {% elif … %} {% else %} {% endif %}
//   {% for x in list %} (also `for k, v in map.items()`, `loop.index`, `loop.index0`,
//   `loop.first`, `loop.last`, `loop.length`) {% else %} {% endfor %}
//   {% set name = expression %}, {# comments #}, and `-` trimming whitespace: {{- … -}}, {%- … -%}
// Expressions are our expression language (docs/graph-format.md) with Jinja's spellings:
// and/or/not, None/True/False, `x is defined`, `x is none`, `~` joining text. Filters: upper,
// lower, title, capitalize, trim, length (count), join, default (d), tojson, string, int, float,
// round, abs, replace, first, last, list, sort, reverse, unique, truncate, wordcount.
// An undefined name is empty text, as in Jinja. Values print as Python prints them
// (['a', 'b'], True, None), as Dify's Jinja does.
class JinjaTemplate
{
public:
    static JinjaTemplate parse(const QString &text);
    bool isValid() const { return m_error.isEmpty(); }
    QString errorMessage() const { return m_error; }
    // The text, or false with *error (a filter it does not know, a type error).
    bool render(const QVariantMap &variables, QString *out, QString *error) const;

    struct Node;

private:
    std::shared_ptr<const Node> m_root;
    QString m_error;
};

} // namespace capgraph
