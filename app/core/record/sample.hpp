#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "app/core/phases/stage.hpp"
#include "drivers/api/reading.hpp"

namespace wattbench::core::record {

// One row of samples.csv, as it travels from a sampler to the recorders. Devices, channels and
// phases are indices into the run's Catalog and phase list, so a sample stays small and cheap
// to copy through the queue.
struct Sample {
    std::chrono::system_clock::time_point utc;
    std::chrono::steady_clock::time_point mono;
    double elapsed_s = 0.0;  // since the run started, from the monotonic clock
    std::uint32_t device = 0;
    std::uint32_t channel = 0;
    std::int32_t phase = -1;  // -1: before the first phase or after the last
    phases::Stage stage = phases::Stage::between;
    drivers::api::Status status = drivers::api::Status::ok;
    double value = 0.0;
    std::string text;  // discrete channels: the state; otherwise empty
};

}  // namespace wattbench::core::record
