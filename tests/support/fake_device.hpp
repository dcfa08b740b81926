#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include "drivers/api/device.hpp"

namespace wattbench::tests {

// A scriptable device: each poll calls `on_poll`, which returns what the poll yields.
class FakeDevice final : public drivers::api::Device {
public:
    explicit FakeDevice(std::vector<drivers::api::ChannelSpec> channels)
        : channels_(std::move(channels)) {}

    const std::vector<drivers::api::ChannelSpec>& channels() const override { return channels_; }
    std::optional<drivers::api::DeviceError> open() override {
        ++opens;
        if (on_open) {
            return on_open();
        }
        return std::nullopt;
    }
    drivers::api::PollResult poll(std::chrono::steady_clock::time_point deadline) override {
        ++polls;
        if (on_poll) {
            return on_poll(deadline);
        }
        drivers::api::PollResult r;
        for (std::size_t i = 0; i < channels_.size(); ++i) {
            r.readings.push_back(
                {i, static_cast<double>(polls.load()), drivers::api::Status::ok, {}});
        }
        return r;
    }
    void close() override { ++closes; }
    drivers::api::DeviceIdentity identity() const override { return {"test", "fake", "0", "0"}; }

    std::function<std::optional<drivers::api::DeviceError>()> on_open;
    std::function<drivers::api::PollResult(std::chrono::steady_clock::time_point)> on_poll;
    std::atomic<int> opens{0};
    std::atomic<int> polls{0};
    std::atomic<int> closes{0};

private:
    std::vector<drivers::api::ChannelSpec> channels_;
};

inline drivers::api::ChannelSpec channel(std::string name, std::string unit = "W") {
    drivers::api::ChannelSpec c;
    c.name = std::move(name);
    c.unit = std::move(unit);
    c.quantity = drivers::api::Quantity::power;
    return c;
}

}  // namespace wattbench::tests
