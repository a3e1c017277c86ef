#pragma once

#include "model/ExtraFields.h"
#include "model/SourceLocation.h"

#include <QPointF>
#include <QSizeF>
#include <QString>
#include <QStringList>

namespace capgraph {

// What the studio adds to a graph for its readers, saved in the YAML beside nodes and edges
// (`frames:` and `notes:` under `graph:`) and ignored by execution:
// - a frame: a titled box around a group of nodes; its geometry follows its members
//   (their boxes plus a margin), so it has no position of its own;
// - a note: a sticky note with free text at a place on the canvas.
struct Frame
{
    QString id;
    QString title;
    QStringList nodes;
    QString color; // "#rrggbb", optional
    ExtraFields extra;
    SourceLocation location;

    bool operator==(const Frame &o) const { return id == o.id && title == o.title && nodes == o.nodes && color == o.color && extra == o.extra; }
    bool operator!=(const Frame &o) const { return !(*this == o); }
};

struct Note
{
    QString id;
    QString text;
    QPointF position;          // top-left corner
    QSizeF size{180, 110};
    ExtraFields extra;
    SourceLocation location;

    bool operator==(const Note &o) const { return id == o.id && text == o.text && position == o.position && size == o.size && extra == o.extra; }
    bool operator!=(const Note &o) const { return !(*this == o); }
};

} // namespace capgraph
