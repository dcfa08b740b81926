#include "drivers/hwmon/chip_sensors.hpp"

#include <charconv>
#include <optional>

#include "drivers/hwmon/channel_name.hpp"
#include "drivers/hwmon/sensor_type.hpp"

namespace wattbench::drivers::hwmon {

namespace {

std::string_view trim(std::string_view s) {
    const std::size_t a = s.find_first_not_of(" \t\r\n");
    if (a == std::string_view::npos) {
        return {};
    }
    return s.substr(a, s.find_last_not_of(" \t\r\n") - a + 1);
}

// Which limit attribute feeds which IPMI-style threshold. `*_max` is where a chip starts to
// warn and `*_crit` where it acts, so they map to UNC and UC.
std::optional<double> api::Thresholds::*threshold_for(std::string_view attribute) {
    if (attribute == "min") {
        return &api::Thresholds::lower_non_critical;
    }
    if (attribute == "lcrit") {
        return &api::Thresholds::lower_critical;
    }
    if (attribute == "max") {
        return &api::Thresholds::upper_non_critical;
    }
    if (attribute == "crit") {
        return &api::Thresholds::upper_critical;
    }
    if (attribute == "emergency") {
        return &api::Thresholds::upper_non_recoverable;
    }
    return nullptr;
}

struct Pending {
    const SensorType* type = nullptr;
    unsigned index = 0;
    bool has_input = false;
    std::string label;
    api::Thresholds thresholds;
};

}  // namespace

std::optional<long long> parse_hwmon_integer(std::string_view text) {
    text = trim(text);
    long long v = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return v;
}

std::vector<Sensor> chip_sensors(const std::string& chip,
                                 const std::map<std::string, std::string>& files) {
    // Keyed by (prefix, index) so the result is ordered by type, then by number.
    std::map<std::pair<std::string_view, unsigned>, Pending> pending;
    for (const auto& [file, text] : files) {
        auto a = parse_attribute_name(file);
        if (!a) {
            continue;
        }
        auto& p = pending[{a->type->prefix, a->index}];
        p.type = a->type;
        p.index = a->index;
        if (a->attribute == a->type->input) {
            p.has_input = true;
        } else if (a->attribute == "label") {
            p.label = std::string(trim(text));
        } else if (auto member = threshold_for(a->attribute)) {
            if (auto v = parse_hwmon_integer(text)) {
                p.thresholds.*member = static_cast<double>(*v) * a->type->scale;
            }
        }
    }
    std::vector<Sensor> out;
    for (auto& [key, p] : pending) {
        if (!p.has_input) {
            continue;
        }
        const std::string file_stem = std::string(p.type->prefix) + std::to_string(p.index);
        std::string label = channel_name(p.label);
        if (label.empty()) {
            label = file_stem;
        }
        Sensor s;
        s.channel.name = channel_name(chip + "_" + label);
        s.channel.quantity = p.type->quantity;
        s.channel.unit = std::string(p.type->unit);
        s.channel.thresholds = p.thresholds;
        s.input_file = file_stem + "_" + std::string(p.type->input);
        s.scale = p.type->scale;
        out.push_back(std::move(s));
    }
    return out;
}

}  // namespace wattbench::drivers::hwmon
