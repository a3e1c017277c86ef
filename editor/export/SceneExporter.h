#pragma once

#include <QColor>
#include <QRectF>
#include <QString>

class QGraphicsScene;

namespace capgraph::editor {

class GraphScene;

// Renders the canvas (everything, or the selection's bounding box) as the studio draws it,
// without the grid and without selection highlights: SVG through Qt Svg's QSvgGenerator,
// PNG through QImage at `scale` (2 for high-DPI pictures). Writes atomically.
class SceneExporter
{
public:
    static bool exportTo(GraphScene *scene, const QString &path, bool selectionOnly, double scale, QString *error);
    // The writing part, for any scene (the plan viewer's too): `source` of `scene` on
    // `background`, as .svg or .png (by the path's extension), atomically.
    static bool render(QGraphicsScene *scene, const QRectF &source, const QColor &background, const QString &path, double scale,
                       QString *error);
};

} // namespace capgraph::editor
