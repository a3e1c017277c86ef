#pragma once

#include <QIcon>

namespace capgraph::editor {

// CapGraph Studio's icon (resources/icons/capgraph-studio.svg, compiled in), for every window.
inline QIcon appIcon()
{
    return QIcon(QStringLiteral(":/icons/capgraph-studio.svg"));
}

} // namespace capgraph::editor
