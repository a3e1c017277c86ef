#pragma once

#include <QString>

namespace capgraph::editor::StudioPaths {

// Where the examples are: beside the installed binary (../share/capgraph-studio/examples), else the
// source tree's resources/examples. Empty when neither exists.
QString examplesDir();
// Where the documentation is: beside the installed binary (../share/doc/capgraph-studio), else
// the source tree's docs/. Empty when neither exists.
QString docsDir();

} // namespace capgraph::editor::StudioPaths
