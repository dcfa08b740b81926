// A binary of its own: it replaces the global operator new to count allocations, which must
// not leak into the other tests.

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "app/core/stats/window_accumulator.hpp"

namespace {
std::atomic<std::uint64_t> g_allocations{0};
}  // namespace

void* operator new(std::size_t size) {
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size == 0 ? 1 : size)) {
        return p;
    }
    throw std::bad_alloc();
}

// GCC cannot see that operator new above is the malloc it pairs with.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void operator delete(void* p) noexcept {
    std::free(p);
}

void operator delete(void* p, std::size_t) noexcept {
    std::free(p);
}
#pragma GCC diagnostic pop

namespace wattbench::core::stats {
namespace {

using drivers::api::ChannelSpec;
using drivers::api::Quantity;

TEST(WindowAccumulatorAllocations, MemoryDoesNotGrowWithTheWindow) {
    record::Catalog catalog;
    record::DeviceChannels d;
    d.device_id = "bmc";
    ChannelSpec power;
    power.name = "power";
    power.quantity = Quantity::power;
    power.unit = "W";
    ChannelSpec state;
    state.name = "cpu_temp";
    state.quantity = Quantity::state;
    state.unit = "state";
    ChannelSpec spl;
    spl.name = "spl";
    spl.quantity = Quantity::sound;
    spl.unit = "dBA";
    d.channels = {power, state, spl};
    catalog.devices = {d};
    catalog.phase_names = {"idle"};

    WindowAccumulator acc(catalog, 0);
    record::Sample numeric;
    numeric.phase = 0;
    numeric.stage = phases::Stage::window;
    numeric.value = 100.0;
    record::Sample discrete = numeric;
    discrete.channel = 1;
    discrete.text = "Low";
    record::Sample sound = numeric;
    sound.channel = 2;
    acc.open({}, numeric.mono);
    acc.add(discrete);  // a new state costs one map node, once
    discrete.text = "High";
    acc.add(discrete);

    const std::uint64_t before = g_allocations.load();
    for (int i = 0; i < 1'000'000; ++i) {
        numeric.mono += std::chrono::seconds(1);
        acc.add(numeric);
        discrete.text = i % 2 == 0 ? "Low" : "High";
        acc.add(discrete);
        // Levels all over the meter's scale: the L10/L90 histogram is allocated up front.
        sound.value = 30.0 + (i % 1000) / 10.0;
        acc.add(sound);
    }
    EXPECT_EQ(g_allocations.load() - before, 0u);
    const auto rows = acc.close({}, numeric.mono);
    EXPECT_EQ(rows[0].samples, 1'000'000u);
    EXPECT_EQ(rows[1].states.at("Low"), 500'001u);
    EXPECT_EQ(rows[2].samples, 1'000'000u);
    EXPECT_DOUBLE_EQ(rows[2].l90, 39.9);
    EXPECT_DOUBLE_EQ(rows[2].l10, 119.9);
}

}  // namespace
}  // namespace wattbench::core::stats
