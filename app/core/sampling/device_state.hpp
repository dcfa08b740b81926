#pragma once

#include <string_view>

namespace wattbench::core::sampling {

enum class DeviceState { connecting, ok, reconnecting, failed };

std::string_view to_string(DeviceState s);

}  // namespace wattbench::core::sampling
