#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/rapl/settings.hpp"

namespace wattbench::drivers::rapl {

// Package, core, DRAM… power from the powercap energy counters: the energy between two
// polls over the time between them.
class RaplDevice final : public api::Device {
public:
    using Now = std::function<std::chrono::steady_clock::time_point()>;

    explicit RaplDevice(Settings settings, Now now = &std::chrono::steady_clock::now)
        : settings_(std::move(settings)), now_(std::move(now)) {}

    const std::vector<api::ChannelSpec>& channels() const override { return channels_; }
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override { open_ = false; }
    api::DeviceIdentity identity() const override { return identity_; }

private:
    struct Zone {
        std::string energy_path;
        std::uint64_t max_range = 0;
        std::optional<std::uint64_t> last;
    };

    std::optional<api::DeviceError> discover();

    Settings settings_;
    Now now_;
    std::vector<api::ChannelSpec> channels_;
    std::vector<Zone> zones_;  // parallel to channels_
    std::chrono::steady_clock::time_point last_time_{};
    bool discovered_ = false;
    bool open_ = false;
    api::DeviceIdentity identity_;
};

}  // namespace wattbench::drivers::rapl
