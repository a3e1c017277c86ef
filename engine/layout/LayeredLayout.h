#pragma once

#include <QList>
#include <QPointF>
#include <QRectF>
#include <QString>

namespace capgraph::layout {

enum class LayoutDirection { LeftToRight, TopToBottom };

struct LayoutNode
{
    QString id;
    double width = 160;
    double height = 60;
    QString group; // nodes with the same group stay adjacent within a layer (e.g. an assignee)
};

struct LayoutEdge
{
    QString from;
    QString to;
    bool backEdge = false; // a known loop back edge (iteration edge): reversed for layering
    // Room its label needs along the flow (its width for left-to-right): the gap after the
    // layer it leaves from is made at least this wide, so the label sits between the layers.
    double labelLength = 0;
};

struct LayoutOptions
{
    LayoutDirection direction = LayoutDirection::LeftToRight;
    double nodeSep = 20;   // gap between boxes in a layer
    double layerSep = 60;  // gap between layers
    bool keepGroupsTogether = true;
    // Lanes: one band across the flow per group (a horizontal band for left-to-right), in the
    // order the groups first appear among the nodes, ungrouped nodes in a last band. Every
    // node stays inside its group's band in every layer; a long edge runs in its source's
    // band and turns into the target's band in the last gap.
    bool lanes = false;
    double laneSep = 40;   // gap between neighbouring bands' boxes
};

struct LayoutLane
{
    QString key;  // the group ("" for ungrouped nodes)
    QRectF band;  // the band, over the whole drawing along the flow
};

struct LayoutResult
{
    bool ok = false;
    QString error;
    QList<QPointF> centers;           // per input node
    QList<QList<QPointF>> edgePoints; // per input edge: the polyline from its source box to its target box
    QList<bool> reversed;             // per input edge: drawn against the flow (a back edge)
    int layerCount = 0;
    long long crossings = 0;          // between layers, as the crossing minimiser counted them
    double width = 0;
    double height = 0;
    QList<LayoutLane> lanes;          // with LayoutOptions::lanes, in band order
};

// The layered (Sugiyama) layout: cycle breaking (back edges reversed, drawn as back edges),
// network-simplex layering, dummy nodes for long edges, crossing minimisation, Brandes-Koepf
// coordinates, and polyline routing whose bends lie in the gaps between layers (so no edge
// runs through a box). Deterministic: the same input gives the same drawing. See
// docs/layout.md.
class LayeredLayout
{
public:
    static LayoutResult run(const QList<LayoutNode> &nodes, const QList<LayoutEdge> &edges, const LayoutOptions &options = {});
};

} // namespace capgraph::layout
