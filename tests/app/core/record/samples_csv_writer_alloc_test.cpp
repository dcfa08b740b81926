// A binary of its own: it replaces the global operator new to count allocations, which must
// not leak into the other tests.

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "app/core/record/samples_csv_writer.hpp"
#include "tests/app/core/record/temp_dir.hpp"

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

namespace wattbench::core::record {
namespace {

using drivers::api::ChannelSpec;
using drivers::api::Quantity;

TEST(SamplesCsvWriterAllocations, NonePerRowInTheSteadyState) {
    Catalog catalog;
    DeviceChannels d;
    d.device_id = "wattmeter";
    ChannelSpec power;
    power.name = "power";
    power.quantity = Quantity::power;
    power.unit = "W";
    ChannelSpec state;
    state.name = "cpu_temp";
    state.quantity = Quantity::state;
    state.unit = "state";
    state.states = {"Low", "High"};
    d.channels = {power, state};
    catalog.devices = {d};
    catalog.phase_names = {"idle"};

    testing::TempDir dir;
    SamplesCsvWriter w(dir.file("samples.csv"), catalog);
    Sample numeric;
    numeric.phase = 0;
    numeric.stage = phases::Stage::window;
    numeric.value = 123.456789;
    Sample discrete = numeric;
    discrete.channel = 1;
    discrete.text = "High";
    w.write(numeric);  // the first row may warm up lazily initialised state
    w.flush();

    const std::uint64_t before = g_allocations.load();
    for (int i = 0; i < 100'000; ++i) {  // several automatic flushes
        numeric.utc += std::chrono::milliseconds(7);
        numeric.elapsed_s += 0.007;
        w.write(i % 5 == 0 ? discrete : numeric);
    }
    w.flush();
    EXPECT_EQ(g_allocations.load() - before, 0u);
}

}  // namespace
}  // namespace wattbench::core::record
