#include "app/core/profile/device_reader.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "app/core/profile/closest_key.hpp"
#include "app/core/profile/load_failure.hpp"
#include "app/core/profile/printable.hpp"
#include "app/core/profile/run_reader.hpp"
#include "app/core/profile/toml_option.hpp"
#include "app/core/profile/toml_value_text.hpp"

namespace wattbench::core::profile {

namespace {

constexpr std::array<std::string_view, 5> device_keys{"id", "driver", "connection", "optional",
                                                      "interval"};

bool valid_id(const std::string& id) {
    return std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '_' || c == '.' || c == '-';
    });
}

std::string known_drivers(const drivers::api::Registry& registry) {
    std::string out;
    for (const auto& name : registry.names()) {
        out += (out.empty() ? "" : ", ") + name;
    }
    return out.empty() ? "(none)" : out;
}

// Driver errors name option keys in prose ("key 'baud': expected a number", "unknown key
// 'baudd' for driver 'sim'"); that quoted key is how the error finds its line.
std::string quoted_key(const std::string& message) {
    static constexpr std::string_view marker = "key '";
    const std::size_t start = message.find(marker);
    if (start == std::string::npos) {
        return {};
    }
    const std::size_t begin = start + marker.size();
    const std::size_t end = message.find('\'', begin);
    return end == std::string::npos ? std::string() : message.substr(begin, end - begin);
}

// A list of strings stands for the comma-separated string drivers have always parsed, so an
// item with a comma in it would silently become two, and an empty one could vanish.
void check_list_items(const TomlTable& table, const std::string& key,
                      const std::vector<std::string>& items) {
    for (const std::string& item : items) {
        if (item.empty()) {
            table.fail(key, "list item \"\" is empty; write names such as [\"a\", \"b\"]");
        }
        if (item.find(',') != std::string::npos) {
            table.fail(key, fmt::format("list item \"{}\" contains a comma; write each name as "
                                        "its own item, such as [\"a\", \"b\"], or one string "
                                        "like \"a,b\"",
                                        printable(item, 40)));
        }
    }
}

void validate_with_driver(const TomlTable& table, const DeviceSettings& device,
                          const drivers::api::Registry& registry) {
    drivers::api::DeviceConfig config{device.id, device.driver, device.connection, device.options};
    auto made = registry.create(std::move(config));
    const auto* error = std::get_if<drivers::api::DeviceError>(&made);
    if (!error) {
        return;
    }
    std::string message = fmt::format("device '{}': {}", device.id, printable(error->message, 200));
    const std::string key = quoted_key(error->message);
    if (!key.empty() && device.options.has(key)) {
        if (error->message.starts_with("unknown key")) {
            // Misspelt standard keys end up among the options; the driver cannot know that.
            if (auto suggestion = closest_key(key, device_keys)) {
                message += fmt::format(" (did you mean '{}'?)", *suggestion);
            }
        }
        table.fail(key, std::move(message));
    }
    if (table.has("connection")) {
        table.fail("connection", std::move(message));
    }
    table.fail_table(std::move(message));
}

}  // namespace

DeviceSettings read_device(const TomlTable& table, const RunSettings& run, const LoadContext& ctx) {
    DeviceSettings device;
    device.location = table.location();
    for (const std::string& key : table.keys()) {
        device.key_locations[key] = table.location(key);
    }

    device.id = table.required_string("id");
    if (!valid_id(device.id)) {
        table.fail("id", fmt::format("invalid device id '{}' (use letters, digits, '_', '.', '-')",
                                     printable(device.id)));
    }
    device.driver = table.required_string("driver");
    if (ctx.registry && !ctx.registry->find(device.driver)) {
        table.fail("driver", fmt::format("unknown driver '{}'; known: {}", printable(device.driver),
                                         known_drivers(*ctx.registry)));
    }
    device.connection = table.string("connection").value_or("");
    device.optional = table.boolean("optional").value_or(false);
    device.interval = run.interval;
    if (auto d = table.duration("interval")) {
        if (*d < min_interval) {
            table.fail("interval", "must be at least 10ms");
        }
        device.interval = *d;
    }

    for (const std::string& key : table.keys()) {
        if (std::find(device_keys.begin(), device_keys.end(), key) != device_keys.end()) {
            continue;
        }
        const toml::value& v = *table.find(key);
        auto option = to_option_value(v);
        if (!option) {
            table.fail(key, v.is_array() ? "expected a list of numbers or a list of strings such "
                                           "as [\"a\", \"b\"], got a mixed or nested list"
                                         : "expected a boolean, number, string or list, got " +
                                               describe_value(v));
        }
        if (const auto* items = std::get_if<std::vector<std::string>>(&*option)) {
            check_list_items(table, key, *items);
        }
        device.options.set(key, std::move(*option));
    }

    if (ctx.registry) {
        validate_with_driver(table, device, *ctx.registry);
    }
    return device;
}

}  // namespace wattbench::core::profile
