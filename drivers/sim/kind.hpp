#pragma once

#include <optional>
#include <string_view>

namespace wattbench::drivers::sim {

enum class Kind { wattmeter, bmc, sound };

// "sim://wattmeter", "sim://bmc" or "sim://sound"; nullopt for anything else.
std::optional<Kind> kind_from_connection(std::string_view connection);

// The accepted connection strings, for error messages and documentation.
inline constexpr std::string_view kAcceptedConnections =
    "sim://wattmeter, sim://bmc or sim://sound";

}  // namespace wattbench::drivers::sim
