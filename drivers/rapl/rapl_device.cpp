#include "drivers/rapl/rapl_device.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <map>
#include <set>
#include <system_error>
#include <tuple>

#include "drivers/rapl/energy_counter.hpp"
#include "drivers/transport/sysfs_file.hpp"

namespace wattbench::drivers::rapl {

using transport::read_file;

namespace fs = std::filesystem;

namespace {

struct Found {
    unsigned socket = 0;
    std::string zone_name;
    fs::path dir;
};

// "intel-rapl:0" → {0}, "intel-rapl:0:1" → {0, 1}; the MMIO twin of a package
// ("intel-rapl-mmio:0") counts the same energy and is skipped.
std::optional<std::vector<unsigned>> zone_address(const std::string& dir_name) {
    const std::string prefix = "intel-rapl:";
    if (dir_name.compare(0, prefix.size(), prefix) != 0) {
        return std::nullopt;
    }
    std::vector<unsigned> parts;
    std::size_t pos = prefix.size();
    while (pos <= dir_name.size()) {
        const std::size_t colon = std::min(dir_name.find(':', pos), dir_name.size());
        unsigned v = 0;
        auto [end, ec] = std::from_chars(dir_name.data() + pos, dir_name.data() + colon, v);
        if (ec != std::errc{} || end != dir_name.data() + colon) {
            return std::nullopt;
        }
        parts.push_back(v);
        pos = colon + 1;
    }
    return parts;
}

std::string trimmed(std::string s) {
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) {
        s.pop_back();
    }
    return s;
}

}  // namespace

std::optional<api::DeviceError> RaplDevice::discover() {
    const fs::path base = fs::path(settings_.root) / "sys/class/powercap";
    std::error_code ec;
    std::vector<Found> found;
    for (const auto& e : fs::directory_iterator(base, ec)) {
        auto addr = zone_address(e.path().filename().string());
        if (!addr || addr->size() > 2) {
            continue;
        }
        auto name = read_file((e.path() / "name").string());
        if (!std::holds_alternative<std::string>(name)) {
            continue;
        }
        found.push_back(Found{addr->front(), trimmed(std::get<std::string>(name)), e.path()});
    }
    if (found.empty()) {
        return api::DeviceError{api::ErrorKind::unreachable,
                                "no RAPL energy counters under " + base.string() +
                                    " (no RAPL on this CPU, a virtual machine, or the "
                                    "intel_rapl_common module not loaded)"};
    }
    std::set<unsigned> sockets;
    for (const auto& f : found) {
        sockets.insert(f.socket);
    }
    std::sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
        return std::tie(a.socket, a.zone_name) < std::tie(b.socket, b.zone_name);
    });
    for (const auto& f : found) {
        const std::string name = zone_channel_name(f.zone_name, f.socket, sockets.size() > 1);
        if (name.empty()) {
            continue;
        }
        Zone z;
        z.energy_path = (f.dir / "energy_uj").string();
        const std::string range_path = (f.dir / "max_energy_range_uj").string();
        auto range = read_file(range_path);
        auto max = std::holds_alternative<std::string>(range)
                       ? parse_microjoules(std::get<std::string>(range))
                       : std::nullopt;
        if (!max) {
            if (auto* err = std::get_if<int>(&range)) {
                return api::DeviceError{api::ErrorKind::auth, unreadable_message(range_path, *err)};
            }
            return api::DeviceError{api::ErrorKind::protocol,
                                    range_path + ": not a number of microjoules"};
        }
        z.max_range = *max;
        api::ChannelSpec c;
        c.name = name;
        c.quantity = api::Quantity::power;
        c.unit = "W";
        c.display_min = 0.0;
        channels_.push_back(std::move(c));
        zones_.push_back(std::move(z));
    }
    if (channels_.empty()) {
        return api::DeviceError{api::ErrorKind::unreachable,
                                "no package, core or DRAM zone under " + base.string()};
    }
    return std::nullopt;
}

std::optional<api::DeviceError> RaplDevice::open() {
    if (auto e = discover_once([this] { return discover(); })) {
        zones_.clear();
        return e;
    }
    identity_.vendor = "Linux";
    identity_.model = "powercap RAPL";
    // Counters root-only since 5.10 are the usual failure: refuse now with the reason rather
    // than record a run of unavailable rows.
    for (auto& z : zones_) {
        auto text = read_file(z.energy_path);
        if (auto* err = std::get_if<int>(&text)) {
            return api::DeviceError{api::ErrorKind::auth, unreadable_message(z.energy_path, *err)};
        }
        z.last = parse_microjoules(std::get<std::string>(text));
    }
    last_time_ = now_();
    set_open();
    return std::nullopt;
}

api::PollResult RaplDevice::read() {
    api::PollResult out;
    const auto now = now_();
    const double seconds = std::chrono::duration<double>(now - last_time_).count();
    last_time_ = now;
    for (std::size_t i = 0; i < zones_.size(); ++i) {
        auto& z = zones_[i];
        api::Reading r;
        r.channel = i;
        r.status = api::Status::unavailable;
        auto text = read_file(z.energy_path);
        std::optional<std::uint64_t> energy;
        if (auto* s = std::get_if<std::string>(&text)) {
            energy = parse_microjoules(*s);
        }
        if (energy && z.last) {
            if (auto w = mean_power_w(energy_delta_uj(*z.last, *energy, z.max_range), seconds)) {
                r.value = *w;
                r.status = api::Status::ok;
            }
        }
        z.last = energy;
        out.readings.push_back(std::move(r));
    }
    return out;
}

}  // namespace wattbench::drivers::rapl
