#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace wattbench::drivers::rapl {

// Pure: an energy_uj / max_energy_range_uj file ("123456789\n") in; nullopt for anything else.
std::optional<std::uint64_t> parse_microjoules(std::string_view text);

// Energy between two readings of a counter that wraps to 0 after max_range (inclusive):
// a smaller second reading means exactly one wrap, since polls are far shorter than the
// minutes a wrap takes even at full load.
std::uint64_t energy_delta_uj(std::uint64_t before, std::uint64_t after, std::uint64_t max_range);

// Mean power in W over `seconds`; nullopt when no time passed.
std::optional<double> mean_power_w(std::uint64_t delta_uj, double seconds);

// Pure: the powercap zone "name" file ("package-0", "core", "dram", "uncore", "psys") and
// its socket → channel name, `rapl_package`, `rapl_core`… with `_<socket>` appended on
// machines with several packages. Empty for names this driver does not know.
std::string zone_channel_name(std::string_view zone_name, unsigned socket, bool several_sockets);

// The refusal when a counter cannot be read, naming the file and what to do.
std::string unreadable_message(const std::string& path, int error_number);

}  // namespace wattbench::drivers::rapl
