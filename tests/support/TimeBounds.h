#pragma once

// Time bounds in tests catch freezes and blow-ups (seconds where milliseconds are due), not
// speed targets: those are benchmarks (bench/). Code under AddressSanitizer and
// UndefinedBehaviorSanitizer runs several times slower, so a CPU-bound bound is scaled there.
#ifdef CAPGRAPH_SANITIZED
inline constexpr int kTimeBoundScale = 10;
#else
inline constexpr int kTimeBoundScale = 1;
#endif
