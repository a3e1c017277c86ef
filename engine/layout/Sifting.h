#pragma once

#include "layout/LayeredGraph.h"

namespace capgraph::layout {

// Sifting (Matuszewski, Schoenfeld, Molitor 1999) as a final pass after the median sweeps:
// each node in turn is taken out of its layer and put back at the position with the fewest
// crossings with both neighbouring layers, found with pairwise crossing counts. A move never
// increases the crossings. Layers holding grouped nodes (group >= 0) are left as they are,
// so groups stay contiguous. Deterministic. Returns the crossings removed.
long long siftLayers(LayeredGraph &g, int passes = 2);

} // namespace capgraph::layout
