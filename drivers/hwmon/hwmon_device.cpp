#include "drivers/hwmon/hwmon_device.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <system_error>

#include "drivers/hwmon/chip_sensors.hpp"
#include "drivers/transport/sysfs_file.hpp"

namespace wattbench::drivers::hwmon {

using transport::read_file;

namespace fs = std::filesystem;

namespace {

std::string trimmed(std::string s) {
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ' || s.back() == '\r')) {
        s.pop_back();
    }
    return s;
}

std::map<std::string, std::string> read_attributes(const fs::path& dir) {
    std::map<std::string, std::string> files;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        const std::string name = e.path().filename().string();
        if (name.find('_') == std::string::npos || files.count(name)) {
            continue;
        }
        // Input files are read at each poll; reading them here only proves they exist.
        auto text = read_file(e.path().string());
        files[name] = std::holds_alternative<std::string>(text) ? std::get<std::string>(text) : "";
    }
    return files;
}

}  // namespace

std::optional<api::DeviceError> HwmonDevice::discover() {
    const fs::path base = fs::path(settings_.root) / "sys/class/hwmon";
    std::error_code ec;
    std::vector<fs::path> dirs;
    for (const auto& e : fs::directory_iterator(base, ec)) {
        dirs.push_back(e.path());
    }
    if (ec && dirs.empty()) {
        return api::DeviceError{
            api::ErrorKind::unreachable,
            "no hwmon sensors: cannot list " + base.string() + ": " + ec.message()};
    }
    // hwmonN numbering follows probe order; sort numerically so names are stable.
    std::sort(dirs.begin(), dirs.end(), [](const fs::path& a, const fs::path& b) {
        const std::string x = a.filename().string();
        const std::string y = b.filename().string();
        return x.size() != y.size() ? x.size() < y.size() : x < y;
    });
    std::set<std::string> used;
    for (const auto& dir : dirs) {
        auto name_text = read_file((dir / "name").string());
        const std::string chip = std::holds_alternative<std::string>(name_text)
                                     ? trimmed(std::get<std::string>(name_text))
                                     : dir.filename().string();
        if (!settings_.chips.empty() && std::find(settings_.chips.begin(), settings_.chips.end(),
                                                  chip) == settings_.chips.end()) {
            continue;
        }
        // Older drivers keep attributes in device/; newer ones may link device/ to a parent
        // with unrelated files, so it is only a fallback.
        fs::path at = dir;
        auto sensors = chip_sensors(chip, read_attributes(at));
        if (sensors.empty()) {
            at = dir / "device";
            sensors = chip_sensors(chip, read_attributes(at));
        }
        for (auto& s : sensors) {
            // Two chips of one kind (two NVMe drives) give the same names: number them.
            std::string name = s.channel.name;
            for (int n = 2; used.count(name); ++n) {
                name = s.channel.name + "_" + std::to_string(n);
            }
            used.insert(name);
            s.channel.name = name;
            channels_.push_back(s.channel);
            inputs_.push_back(Input{(at / s.input_file).string(), s.scale});
        }
    }
    if (channels_.empty()) {
        return api::DeviceError{api::ErrorKind::unreachable,
                                "no hwmon sensors under " + base.string() +
                                    (settings_.chips.empty() ? "" : " for the chips asked for")};
    }
    return std::nullopt;
}

std::optional<api::DeviceError> HwmonDevice::open() {
    if (auto e = discover_once([this] { return discover(); })) {
        inputs_.clear();
        return e;
    }
    identity_.vendor = "Linux";
    identity_.model = "hwmon";
    set_open();
    return std::nullopt;
}

api::PollResult HwmonDevice::read() {
    api::PollResult out;
    out.readings.reserve(inputs_.size());
    for (std::size_t i = 0; i < inputs_.size(); ++i) {
        api::Reading r;
        r.channel = i;
        auto text = read_file(inputs_[i].path);
        std::optional<long long> raw;
        if (auto* s = std::get_if<std::string>(&text)) {
            raw = parse_hwmon_integer(*s);
        }
        // A sensor that cannot be read right now (ENODATA, EIO) is unavailable, never 0.
        r.status = raw ? api::Status::ok : api::Status::unavailable;
        r.value = raw ? static_cast<double>(*raw) * inputs_[i].scale : 0.0;
        out.readings.push_back(std::move(r));
    }
    return out;
}

}  // namespace wattbench::drivers::hwmon
