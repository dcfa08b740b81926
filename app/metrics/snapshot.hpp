#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/core/phases/stage.hpp"
#include "app/core/record/catalog.hpp"
#include "drivers/api/reading.hpp"

namespace wattbench::metrics {

// The latest reading of one channel; `seen` is false until its first one.
struct Latest {
    bool seen = false;
    drivers::api::Status status = drivers::api::Status::ok;
    double value = 0.0;
    std::string text;  // discrete channels: the state
    std::int32_t phase = -1;
    core::phases::Stage stage = core::phases::Stage::between;
};

struct DeviceCounters {
    bool up = false;
    std::array<std::uint64_t, 4> readings{};  // by drivers::api::Status
};

struct WindowMean {
    std::uint32_t device = 0;
    std::uint32_t channel = 0;
    std::string phase;
    double mean = 0.0;  // in the channel's own unit
};

// Everything one scrape shows, copied out of the observer under its lock so that rendering
// holds no lock at all.
struct Snapshot {
    std::shared_ptr<const core::record::Catalog> catalog;  // null before the run starts
    bool phased = true;  // false under `monitor`: every stage label is `none`
    std::string run;
    std::int32_t phase = -1;                  // the phase the run is in or last was in
    std::vector<std::vector<Latest>> latest;  // [device][channel], sized like the catalog
    std::vector<DeviceCounters> devices;
    std::vector<WindowMean> window_means;
};

}  // namespace wattbench::metrics
