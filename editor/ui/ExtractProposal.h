#pragma once

#include <QString>
#include <QStringList>

namespace capgraph::editor {

// What Extract to Sub-graph is about to do, shown for confirmation (ExtractDialog): the names
// the user may change, and what was inferred from the selection.
struct ExtractProposal
{
    QString capability;  // the composite capability's name (domain.verb_noun)
    QString node;        // the new skill node's id
    QString label;       // its label
    QString description; // the capability's description
    QStringList inputs;   // the sub-graph's inputs, each read from readFrom's
    QStringList readFrom; // "${search.results}"
    QStringList outputs;  // what the graph reads of it
    QString capabilityFolder; // where the definition and the graph go (flows/ under it)
};

} // namespace capgraph::editor
