#include "drivers/rapl/energy_counter.hpp"

#include <cerrno>
#include <charconv>
#include <cstring>

namespace wattbench::drivers::rapl {

std::optional<std::uint64_t> parse_microjoules(std::string_view text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ' || text.back() == '\r')) {
        text.remove_suffix(1);
    }
    std::uint64_t v = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return v;
}

std::uint64_t energy_delta_uj(std::uint64_t before, std::uint64_t after, std::uint64_t max_range) {
    if (after >= before) {
        return after - before;
    }
    // The counter ran from `before` up to max_range, wrapped to 0 and climbed to `after`.
    // A `before` above the advertised range (firmware quirk) must not underflow.
    const std::uint64_t to_top = max_range >= before ? max_range - before : 0;
    return to_top + after;
}

std::optional<double> mean_power_w(std::uint64_t delta_uj, double seconds) {
    if (!(seconds > 0.0)) {
        return std::nullopt;
    }
    return static_cast<double>(delta_uj) * 1e-6 / seconds;
}

std::string zone_channel_name(std::string_view zone_name, unsigned socket, bool several_sockets) {
    std::string_view kind = zone_name;
    if (kind.substr(0, 8) == "package-") {
        kind = "package";
    }
    if (kind != "package" && kind != "core" && kind != "dram" && kind != "uncore" &&
        kind != "psys") {
        return {};
    }
    std::string name = "rapl_" + std::string(kind);
    if (several_sockets) {
        name += "_" + std::to_string(socket);
    }
    return name;
}

std::string unreadable_message(const std::string& path, int error_number) {
    std::string m = "cannot read " + path + ": " + std::strerror(error_number);
    if (error_number == EACCES || error_number == EPERM) {
        m += " (RAPL energy counters are readable only by root since Linux 5.10, a side-channel "
             "fix: run as root or grant read access to energy_uj, e.g. with a udev rule)";
    }
    return m;
}

}  // namespace wattbench::drivers::rapl
