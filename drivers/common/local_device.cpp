#include "drivers/common/local_device.hpp"

namespace wattbench::drivers::common {

api::PollResult LocalDevice::poll(std::chrono::steady_clock::time_point /*deadline*/) {
    if (!open_) {
        api::PollResult out;
        out.error = api::DeviceError{api::ErrorKind::link_lost, "poll on a closed device"};
        return out;
    }
    return read();
}

std::optional<api::DeviceError> LocalDevice::discover_once(
    const std::function<std::optional<api::DeviceError>()>& discover) {
    if (discovered_) {
        return std::nullopt;
    }
    if (auto e = discover()) {
        channels_.clear();
        return e;
    }
    discovered_ = true;
    return std::nullopt;
}

}  // namespace wattbench::drivers::common
