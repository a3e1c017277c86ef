#pragma once

#include <QString>

namespace capgraph::editor::StudioPaths {

// Where the examples are: beside the installed binary (../share/capgraph-studio/examples), else the
// source tree's resources/examples. Empty when neither exists.
QString examplesDir();

} // namespace capgraph::editor::StudioPaths
