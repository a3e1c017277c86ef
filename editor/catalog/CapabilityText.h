#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace capgraph {
struct Capability;
}

namespace capgraph::editor {

// How the studio shows a capability (the Capabilities dock's details, the properties dock's
// bound-capability section): the same words and the same schema rendering in both places.
namespace CapabilityText {

// What the handler calls, in one line: "GET https://api.example.com/stocks/{symbol}",
// "python3 quote.py", "gpt-4o-mini", the sub-graph's path; empty when there is nothing to say.
QString handlerTarget(const Capability &capability);

// A schema's properties as HTML (for a QLabel or QTextBrowser): one short block per property
// that wraps in a narrow dock — name, type, "required", description, default.
QString schemaHtml(const QJsonObject &schema);

} // namespace CapabilityText

} // namespace capgraph::editor
