#pragma once

#include <QString>

namespace capgraph::editor {

class GraphScene;

// Renders the canvas (everything, or the selection's bounding box) as the studio draws it,
// without the grid and without selection highlights: SVG through Qt Svg's QSvgGenerator,
// PNG through QImage at `scale` (2 for high-DPI pictures). Writes atomically.
class SceneExporter
{
public:
    static bool exportTo(GraphScene *scene, const QString &path, bool selectionOnly, double scale, QString *error);
};

} // namespace capgraph::editor
