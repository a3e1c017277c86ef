#pragma once

#include "model/Node.h"

#include <optional>

class QMimeData;

namespace capgraph {
struct Capability;
}

namespace capgraph::editor {

// A capability dragged from the Capabilities dock onto the canvas. The drag carries the skill
// node it becomes, so the canvas needs no catalog to drop it.
namespace CapabilityNodeMime {

inline constexpr const char *MimeType = "application/x-capgraph-capability-node";

// The skill node bound to a capability: skill_id = its name, one `${input.<property>}` input
// per required property of its input_schema, outputs = its output_schema's property names.
// Its id is a stem (the name's last part); the document makes it unique when it is added.
Node skillNodeFor(const Capability &capability);

QMimeData *toMimeData(const Capability &capability);
// The node a drop carries, or nothing when the data is not a capability drag.
std::optional<Node> nodeFrom(const QMimeData *data);

} // namespace CapabilityNodeMime

} // namespace capgraph::editor
