#include "app/core/profile/warmup_reader.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <map>
#include <memory>
#include <set>
#include <string_view>
#include <variant>

#include <fmt/format.h>

#include "app/core/profile/duration.hpp"
#include "app/core/profile/load_failure.hpp"
#include "app/core/profile/printable.hpp"
#include "app/core/profile/toml_value_text.hpp"

namespace wattbench::core::profile {

namespace {

constexpr std::array<std::string_view, 5> warmup_keys{"min", "max", "until_stable", "tolerance",
                                                      "stable_for"};

struct Tolerance {
    double value = 0.01;
    bool relative = true;
};

std::optional<double> parse_percent(std::string text) {
    while (!text.empty() && text.front() == ' ') {
        text.erase(text.begin());
    }
    while (!text.empty() && text.back() == ' ') {
        text.pop_back();
    }
    if (text.empty() || text.back() != '%') {
        return std::nullopt;
    }
    text.pop_back();
    while (!text.empty() && text.back() == ' ') {
        text.pop_back();
    }
    double percent = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), percent);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return percent;
}

// A number is in the channel's own unit; "N%" is relative to the channel's mean.
Tolerance read_tolerance(const TomlTable& table, const std::string& key, const toml::value& v) {
    const std::string usage =
        "use a number in the channel's unit (0.5 for half a degree) or a percentage of its mean "
        "such as \"1%\"";
    if (v.is_integer() || v.is_floating()) {
        const double t = v.is_integer() ? static_cast<double>(v.as_integer()) : v.as_floating();
        if (!(t > 0.0) || !std::isfinite(t)) {
            table.fail_at(key, v, fmt::format("must be more than 0, got {}", t));
        }
        return {t, false};
    }
    if (v.is_string()) {
        const auto percent = parse_percent(v.as_string().str);
        if (!percent) {
            table.fail_at(
                key, v,
                fmt::format("'{}' is not a tolerance; {}", printable(v.as_string().str), usage));
        }
        if (!(*percent > 0.0 && *percent <= 100.0)) {
            table.fail_at(
                key, v, fmt::format("must be more than 0 % and at most 100 %, got {} %", *percent));
        }
        return {*percent / 100.0, true};
    }
    table.fail_at(key, v,
                  fmt::format("expected a tolerance, got {}; {}", describe_value(v), usage));
}

std::vector<StableChannel> read_channels(const TomlTable& w) {
    const toml::value* list = w.find("until_stable");
    if (!list) {
        w.fail_table(
            "missing required key 'until_stable' (the channels to wait for, such as "
            "[\"wattmeter/power\", \"bmc/system_temp\"]; a fixed warm-up is written "
            "warmup = \"5m\")");
    }
    if (!list->is_array()) {
        w.fail("until_stable",
               "expected a list of \"device/channel\" names, got " + describe_value(*list));
    }
    std::vector<StableChannel> out;
    std::set<std::string> seen;
    for (const auto& item : list->as_array()) {
        if (!item.is_string()) {
            w.fail_at("until_stable", item,
                      "expected a \"device/channel\" name, got " + describe_value(item));
        }
        const std::string& name = item.as_string().str;
        const auto slash = name.find('/');
        if (slash == std::string::npos || slash == 0 || slash + 1 == name.size() ||
            name.find('/', slash + 1) != std::string::npos) {
            w.fail_at("until_stable", item,
                      fmt::format("'{}' is not a channel name; write \"device/channel\", such as "
                                  "\"wattmeter/power\"",
                                  printable(name)));
        }
        if (!seen.insert(name).second) {
            w.fail_at("until_stable", item, fmt::format("lists '{}' twice", printable(name)));
        }
        StableChannel c;
        c.device = name.substr(0, slash);
        c.channel = name.substr(slash + 1);
        c.location = w.location_of(item);
        c.key = w.key_path("until_stable");
        out.push_back(std::move(c));
    }
    if (out.empty()) {
        w.fail("until_stable", "must list at least one \"device/channel\"");
    }
    return out;
}

void read_tolerances(const TomlTable& w, std::vector<StableChannel>& channels) {
    const toml::value* v = w.find("tolerance");
    if (!v) {
        return;
    }
    if (!v->is_table()) {
        const Tolerance t = read_tolerance(w, "tolerance", *v);
        for (auto& c : channels) {
            c.tolerance = t.value;
            c.relative = t.relative;
        }
        return;
    }
    const TomlTable per_channel(*v, w.location().file, w.key_path("tolerance"));
    for (const std::string& key : per_channel.keys()) {
        auto it = std::find_if(channels.begin(), channels.end(),
                               [&](const StableChannel& c) { return c.name() == key; });
        if (it == channels.end()) {
            std::string listed;
            for (const auto& c : channels) {
                listed += (listed.empty() ? "" : ", ") + c.name();
            }
            per_channel.fail(
                key, fmt::format("'{}' is not in until_stable ({})", printable(key), listed));
        }
        const Tolerance t = read_tolerance(per_channel, key, *per_channel.find(key));
        it->tolerance = t.value;
        it->relative = t.relative;
    }
}

}  // namespace

std::optional<WarmupValue> read_warmup(const TomlTable& table) {
    const toml::value* v = table.find("warmup");
    if (!v) {
        return std::nullopt;
    }
    if (v->is_string()) {
        return WarmupValue{*table.duration("warmup"), std::nullopt};
    }
    if (!v->is_table()) {
        table.fail("warmup",
                   "expected a duration like \"5m\" or a table like { min = \"2m\", max = \"60m\", "
                   "until_stable = [\"wattmeter/power\"] }, got " +
                       describe_value(*v));
    }
    const TomlTable w(*v, table.location().file, table.key_path("warmup"));
    w.reject_unknown(warmup_keys);

    WarmupValue out;
    out.min = w.duration("min").value_or(Duration{0});
    const auto max = w.duration("max");
    if (!max) {
        w.fail_table(
            "missing required key 'max' (the longest the warm-up waits for a steady state, "
            "such as max = \"60m\")");
    }
    if (max->count() == 0) {
        w.fail("max", "must be longer than 0s");
    }
    if (out.min > *max) {
        w.fail("min", fmt::format("{} is longer than max = {}", format_duration(out.min),
                                  format_duration(*max)));
    }
    WarmupUntilStable u;
    u.max = *max;
    u.location = table.location("warmup");
    u.key = table.key_path("warmup");
    u.channels = read_channels(w);
    u.stable_for = w.duration("stable_for").value_or(std::min(default_stable_for, *max));
    if (u.stable_for.count() == 0) {
        w.fail("stable_for", "must be longer than 0s");
    }
    if (u.stable_for > *max) {
        w.fail("stable_for",
               fmt::format("{} is longer than max = {}: no channel could be judged steady before "
                           "the warm-up ends",
                           format_duration(u.stable_for), format_duration(*max)));
    }
    read_tolerances(w, u.channels);
    out.until_stable = std::move(u);
    return out;
}

void check_warmup_devices(const Profile& profile, const drivers::api::Registry* registry) {
    // Channel names per device, from a device built but not opened; empty when not known yet.
    std::map<std::string, std::vector<std::string>> known_channels;
    if (registry) {
        for (const auto& d : profile.devices) {
            auto made = registry->create({d.id, d.driver, d.connection, d.options});
            if (auto* dev = std::get_if<std::unique_ptr<drivers::api::Device>>(&made)) {
                for (const auto& spec : (*dev)->channels()) {
                    known_channels[d.id].push_back(spec.name);
                }
            }
        }
    }
    auto check = [&](const std::optional<WarmupUntilStable>& w) {
        if (!w) {
            return;
        }
        for (const auto& c : w->channels) {
            const auto names = known_channels.find(c.device);
            if (names != known_channels.end() && !names->second.empty() &&
                std::find(names->second.begin(), names->second.end(), c.channel) ==
                    names->second.end()) {
                std::string listed;
                for (const auto& n : names->second) {
                    listed += (listed.empty() ? "" : ", ") + n;
                }
                throw LoadFailure(
                    ProfileError{c.location, c.key,
                                 fmt::format("'{}': device '{}' has no channel '{}' (it has: {})",
                                             printable(c.name()), c.device, printable(c.channel),
                                             printable(listed, 300))});
            }
            const bool known =
                c.device == builtin_host_device ||
                std::any_of(profile.devices.begin(), profile.devices.end(),
                            [&](const DeviceSettings& d) { return d.id == c.device; });
            if (known) {
                continue;
            }
            std::string ids;
            for (const auto& d : profile.devices) {
                ids += (ids.empty() ? "" : ", ") + d.id;
            }
            ids += (ids.empty() ? "" : ", ") + std::string(builtin_host_device);
            throw LoadFailure(
                ProfileError{c.location, c.key,
                             fmt::format("'{}': no device '{}' (devices: {})", printable(c.name()),
                                         printable(c.device), ids)});
        }
    };
    check(profile.run.warmup_until_stable);
    for (const auto& p : profile.phases) {
        check(p.warmup_until_stable);
    }
}

}  // namespace wattbench::core::profile
