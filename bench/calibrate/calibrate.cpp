// calibrate: a fixed reference workload that never changes with the project's code, so that
// bench/guard can tell how fast the machine it runs on is against the machine that recorded
// bench/baseline.tsv. It does a little of what the benchmarked code does: sorting, hashing,
// pointer-chasing allocations, copying memory and floating-point arithmetic. Prints
// `calibrate_ms=<ms>`, the fastest of 5 rounds.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <list>
#include <unordered_map>
#include <vector>

namespace {

uint64_t g_sink = 0; // what the work computed: kept so the compiler cannot drop it

uint32_t next(uint32_t &state)
{
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
}

void round()
{
    uint32_t state = 20261126;
    std::vector<uint32_t> v(400000);
    for (auto &x : v)
        x = next(state);
    std::sort(v.begin(), v.end());
    g_sink += v[v.size() / 2];

    std::unordered_map<uint32_t, uint32_t> map;
    for (int i = 0; i < 150000; ++i)
        map[next(state) % 100000] += uint32_t(i);
    for (int i = 0; i < 150000; ++i) {
        const auto it = map.find(next(state) % 100000);
        if (it != map.end())
            g_sink += it->second;
    }

    std::list<std::vector<int>> nodes;
    for (int i = 0; i < 60000; ++i)
        nodes.emplace_back(int(next(state) % 8 + 1), i);
    for (const auto &n : nodes)
        g_sink += uint64_t(n.size());

    std::vector<char> a(16 << 20, 1), b(16 << 20);
    for (int i = 0; i < 8; ++i) {
        std::memcpy(b.data(), a.data(), a.size());
        a[size_t(i)] = b[size_t(i) * 7];
    }
    g_sink += uint64_t(b[12345]);

    double acc = 0;
    for (int i = 1; i < 1500000; ++i)
        acc += std::sqrt(double(i)) * std::sin(double(i) * 1e-3);
    g_sink += uint64_t(std::abs(acc));
}

} // namespace

int main()
{
    double best = 1e300;
    for (int r = 0; r < 5; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        round();
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        best = std::min(best, ms);
    }
    std::printf("calibrate_ms=%.2f\n(checksum %llu)\n", best, static_cast<unsigned long long>(g_sink));
    return 0;
}
