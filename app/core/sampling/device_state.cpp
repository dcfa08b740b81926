#include "app/core/sampling/device_state.hpp"

namespace wattbench::core::sampling {

std::string_view to_string(DeviceState s) {
    switch (s) {
        case DeviceState::connecting:
            return "connecting";
        case DeviceState::ok:
            return "ok";
        case DeviceState::reconnecting:
            return "reconnecting";
        case DeviceState::failed:
            return "failed";
    }
    return "failed";
}

}  // namespace wattbench::core::sampling
