#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "drivers/common/local_device.hpp"
#include "drivers/rapl/settings.hpp"

namespace wattbench::drivers::rapl {

// Package, core, DRAM… power from the powercap energy counters: the energy between two
// polls over the time between them.
class RaplDevice final : public common::LocalDevice {
public:
    using Now = std::function<std::chrono::steady_clock::time_point()>;

    explicit RaplDevice(Settings settings, Now now = &std::chrono::steady_clock::now)
        : settings_(std::move(settings)), now_(std::move(now)) {}

    std::optional<api::DeviceError> open() override;

private:
    struct Zone {
        std::string energy_path;
        std::uint64_t max_range = 0;
        std::optional<std::uint64_t> last;
    };

    api::PollResult read() override;
    std::optional<api::DeviceError> discover();

    Settings settings_;
    Now now_;
    std::vector<Zone> zones_;  // parallel to channels_
    std::chrono::steady_clock::time_point last_time_{};
};

}  // namespace wattbench::drivers::rapl
