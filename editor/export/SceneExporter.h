#pragma once

#include <QColor>
#include <QRectF>
#include <QString>

class QGraphicsScene;
class QJsonObject;

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

    // What the canvas draws, as data (`capgraph export --format json`): each node's box (and
    // the caption under small shapes), each edge's path as points (curves flattened), its
    // label's box and how it was routed. `only` (node ids) keeps those nodes and the edges
    // among them; empty: everything. Scene coordinates, y down.
    static QJsonObject drawing(const GraphScene *scene, const QStringList &only = {});
    // drawing() as indented JSON, written atomically.
    static bool exportJson(const GraphScene *scene, const QString &path, const QStringList &only, QString *error);
};

} // namespace capgraph::editor
