#pragma once

// Checks a drawing (SceneExporter::drawing, `capgraph export --format json`): no edge path
// crosses a box or caption other than its own ends' boxes, no label lies on any box or
// caption. Returns one line per violation ("edge a -> b crosses c", "label x of a -> b on c").
#include "layout/EdgeRoute.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QPointF>
#include <QRectF>
#include <QStringList>

inline QRectF drawingRect(const QJsonValue &v)
{
    const QJsonObject o = v.toObject();
    return QRectF(o.value(QStringLiteral("x")).toDouble(), o.value(QStringLiteral("y")).toDouble(), o.value(QStringLiteral("width")).toDouble(),
                  o.value(QStringLiteral("height")).toDouble());
}

inline QStringList drawingViolations(const QJsonObject &drawing)
{
    using capgraph::layout::RouteGeometry::polylineCrossesRect;
    QStringList out;
    const QJsonArray nodes = drawing.value(QStringLiteral("nodes")).toArray();
    for (const QJsonValue &ev : drawing.value(QStringLiteral("edges")).toArray()) {
        const QJsonObject e = ev.toObject();
        const QString from = e.value(QStringLiteral("from")).toString(), to = e.value(QStringLiteral("to")).toString();
        QList<QPointF> path;
        for (const QJsonValue &p : e.value(QStringLiteral("path")).toArray())
            path.append(QPointF(p.toArray().at(0).toDouble(), p.toArray().at(1).toDouble()));
        const QRectF label = e.contains(QStringLiteral("label_box")) ? drawingRect(e.value(QStringLiteral("label_box"))) : QRectF();
        for (const QJsonValue &nv : nodes) {
            const QJsonObject n = nv.toObject();
            const QString id = n.value(QStringLiteral("id")).toString();
            const QRectF box = drawingRect(n.value(QStringLiteral("box")));
            const QRectF caption = n.contains(QStringLiteral("caption")) ? drawingRect(n.value(QStringLiteral("caption"))) : QRectF();
            const bool end = id == from || id == to;
            if ((!end && polylineCrossesRect(path, box)) || (!caption.isEmpty() && polylineCrossesRect(path, caption)))
                out << QStringLiteral("edge %1 -> %2 crosses %3").arg(from, to, id);
            if (!label.isEmpty() && (label.intersects(box) || (!caption.isEmpty() && label.intersects(caption))))
                out << QStringLiteral("label %1 of %2 -> %3 on %4").arg(e.value(QStringLiteral("label")).toString(), from, to, id);
        }
    }
    // No label on another edge's curve or label (a label says which edge it names by lying
    // on it alone).
    QList<QList<QPointF>> paths;
    QList<QRectF> labels;
    QStringList names;
    for (const QJsonValue &ev : drawing.value(QStringLiteral("edges")).toArray()) {
        const QJsonObject e = ev.toObject();
        QList<QPointF> path;
        for (const QJsonValue &p : e.value(QStringLiteral("path")).toArray())
            path.append(QPointF(p.toArray().at(0).toDouble(), p.toArray().at(1).toDouble()));
        paths.append(path);
        labels.append(e.contains(QStringLiteral("label_box")) ? drawingRect(e.value(QStringLiteral("label_box"))) : QRectF());
        names.append(e.value(QStringLiteral("from")).toString() + QStringLiteral(" -> ") + e.value(QStringLiteral("to")).toString());
    }
    for (qsizetype i = 0; i < labels.size(); ++i) {
        if (labels.at(i).isEmpty())
            continue;
        for (qsizetype j = 0; j < labels.size(); ++j)
            // (A curve grazing a label's rim, where curves fan out of one port, still reads.)
            if (j != i && (polylineCrossesRect(paths.at(j), labels.at(i).adjusted(4, 4, -4, -4)) || (!labels.at(j).isEmpty() && labels.at(j).intersects(labels.at(i)))))
                out << QStringLiteral("label of %1 on edge %2").arg(names.at(i), names.at(j));
    }
    return out;
}
