#include "app/core/sampling/device_state.hpp"

#include "drivers/api/enum_text.hpp"

namespace wattbench::core::sampling {

namespace {
constexpr drivers::api::EnumTexts<DeviceState, 4> kTexts{{
    {DeviceState::connecting, "connecting"},
    {DeviceState::ok, "ok"},
    {DeviceState::reconnecting, "reconnecting"},
    {DeviceState::failed, "failed"},
}};
}  // namespace

std::string_view to_string(DeviceState s) {
    return drivers::api::text_of(kTexts, s, "failed");
}

}  // namespace wattbench::core::sampling
