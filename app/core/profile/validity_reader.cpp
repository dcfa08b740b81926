#include "app/core/profile/validity_reader.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "app/core/profile/load_failure.hpp"
#include "app/core/profile/printable.hpp"
#include "app/core/profile/warmup_reader.hpp"

namespace wattbench::core::profile {

namespace {

constexpr std::array<std::string_view, 5> validity_keys{
    "max_uncertainty", "max_invalid_power", "max_invalid_other", "min_ambient", "ambient"};

// "1%" or "0.5 %" as a share (0.01); a bare number is refused, since "1" could mean 1 % or
// 100 %. Within [0, 100] %, and above 0 unless `zero_ok`.
std::optional<double> read_share(const TomlTable& table, const std::string& key, bool zero_ok) {
    const auto text = table.string(key);
    if (!text) {
        return std::nullopt;
    }
    std::string_view s = *text;
    while (!s.empty() && s.back() == ' ') {
        s.remove_suffix(1);
    }
    const bool has_sign = !s.empty() && s.back() == '%';
    std::string_view number = has_sign ? s.substr(0, s.size() - 1) : std::string_view();
    while (!number.empty() && number.back() == ' ') {
        number.remove_suffix(1);
    }
    double percent = -1.0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), percent);
    const bool in_range = (zero_ok ? percent >= 0.0 : percent > 0.0) && percent <= 100.0;
    if (!has_sign || number.empty() || ec != std::errc() || end != number.data() + number.size() ||
        !in_range) {
        table.fail(key,
                   fmt::format("expected a percentage {}such as \"1%\" or \"0.5%\", got \"{}\"",
                               zero_ok ? "(0% to 100%) " : "", printable(*text, 100)));
    }
    return percent / 100.0;
}

}  // namespace

ValiditySettings read_validity(const TomlTable& table, const RunSettings& run) {
    table.reject_unknown(validity_keys);
    ValiditySettings v;
    v.max_uncertainty = read_share(table, "max_uncertainty", false).value_or(run.uncertainty_limit);
    if (auto s = read_share(table, "max_invalid_power", true)) {
        v.max_invalid_power = *s;
    }
    if (auto s = read_share(table, "max_invalid_other", true)) {
        v.max_invalid_other = *s;
    }
    if (const toml::value* t = table.find("min_ambient")) {
        const double c = t->is_integer()    ? static_cast<double>(t->as_integer())
                         : t->is_floating() ? t->as_floating()
                                            : std::nan("");
        if (!std::isfinite(c) || c < -273.15) {
            table.fail("min_ambient", "expected a temperature in degC, such as min_ambient = 20");
        }
        v.min_ambient = c;
    }
    if (auto a = table.string("ambient")) {
        const auto slash = a->find('/');
        if (slash == std::string::npos || slash == 0 || slash + 1 == a->size() ||
            a->find('/', slash + 1) != std::string::npos) {
            table.fail("ambient", fmt::format("expected \"device/channel\", such as "
                                              "\"bmc/inlet_temp\", got \"{}\"",
                                              printable(*a, 100)));
        }
        v.ambient = *a;
        v.ambient_location = table.location("ambient");
    }
    return v;
}

void check_validity_ambient(const Profile& profile, const drivers::api::Registry* registry) {
    const auto& ambient = profile.validity.ambient;
    if (ambient.empty()) {
        return;
    }
    const std::string key = "validity.ambient";
    const auto slash = ambient.find('/');
    const std::string device = ambient.substr(0, slash);
    const std::string channel = ambient.substr(slash + 1);
    const auto it = std::find_if(profile.devices.begin(), profile.devices.end(),
                                 [&](const DeviceSettings& d) { return d.id == device; });
    if (it == profile.devices.end()) {
        if (device == builtin_host_device) {
            return;
        }
        std::string ids;
        for (const auto& d : profile.devices) {
            ids += (ids.empty() ? "" : ", ") + d.id;
        }
        ids += (ids.empty() ? "" : ", ") + std::string(builtin_host_device);
        throw LoadFailure(ProfileError{profile.validity.ambient_location, key,
                                       fmt::format("'{}': no device '{}' (devices: {})",
                                                   printable(ambient), printable(device), ids)});
    }
    if (!registry) {
        return;
    }
    auto made = registry->create({it->id, it->driver, it->connection, it->options});
    const auto* dev = std::get_if<std::unique_ptr<drivers::api::Device>>(&made);
    if (!dev) {
        return;  // the device's own checks report a bad configuration
    }
    std::string listed;
    for (const auto& spec : (*dev)->channels()) {
        if (spec.name == channel) {
            return;
        }
        listed += (listed.empty() ? "" : ", ") + spec.name;
    }
    if (listed.empty()) {
        return;  // the driver learns its channels when opened (IPMI)
    }
    throw LoadFailure(ProfileError{
        profile.validity.ambient_location, key,
        fmt::format("'{}': device '{}' has no channel '{}' (it has: {})", printable(ambient),
                    device, printable(channel), printable(listed, 300))});
}

}  // namespace wattbench::core::profile
