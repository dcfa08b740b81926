#include "drivers/manual/manual_device.hpp"

#include "drivers/manual/channel_table.hpp"

namespace wattbench::drivers::manual {

ManualDevice::ManualDevice(std::string id, Settings settings)
    : id_(std::move(id)), settings_(std::move(settings)), channels_(channel_table(settings_)) {}

api::PollResult ManualDevice::poll(std::chrono::steady_clock::time_point) {
    api::PollResult r;
    for (std::size_t i = 0; i < channels_.size(); ++i) {
        r.readings.push_back({i, 0.0, api::Status::unavailable, {}});
    }
    return r;
}

api::DeviceIdentity ManualDevice::identity() const {
    return {"", "manual readings", "", ""};
}

api::UserReadDevice::Question ManualDevice::question() const {
    Question q;
    q.channel = read_channel(settings_);
    q.unit = settings_.unit;
    q.text = settings_.reading == ReadingKind::energy
                 ? "Read the energy counter of '" + id_ + "' (" + settings_.unit + ")"
                 : "Read the power shown by '" + id_ + "' (W)";
    return q;
}

}  // namespace wattbench::drivers::manual
