// Cost of energy averaging and the L10/L90 histogram per sound reading, against the plain
// Welford statistics every other channel gets.
#include <benchmark/benchmark.h>

#include "app/core/stats/running_stats.hpp"
#include "app/core/stats/sound_level_stats.hpp"

namespace {

using wattbench::core::stats::RunningStats;
using wattbench::core::stats::SoundLevelStats;

void BM_RunningStatsAdd(benchmark::State& state) {
    RunningStats s;
    double level = 40.0;
    for (auto _ : state) {
        s.add(level);
        level = level < 90.0 ? level + 0.1 : 40.0;
    }
    benchmark::DoNotOptimize(s.mean());
}
BENCHMARK(BM_RunningStatsAdd);

void BM_SoundLevelAdd(benchmark::State& state) {
    SoundLevelStats s;
    double level = 40.0;
    for (auto _ : state) {
        s.add(level);
        level = level < 90.0 ? level + 0.1 : 40.0;
    }
    benchmark::DoNotOptimize(s.leq());
}
BENCHMARK(BM_SoundLevelAdd);

// Once per channel per closed window.
void BM_SoundLevelL10L90(benchmark::State& state) {
    SoundLevelStats s;
    for (int i = 0; i < 600; ++i) {
        s.add(40.0 + (i % 500) / 10.0);
    }
    for (auto _ : state) {
        benchmark::DoNotOptimize(s.l10());
        benchmark::DoNotOptimize(s.l90());
    }
}
BENCHMARK(BM_SoundLevelL10L90);

}  // namespace

BENCHMARK_MAIN();
