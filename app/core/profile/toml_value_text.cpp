#include "app/core/profile/toml_value_text.hpp"

#include <algorithm>
#include <limits>
#include <vector>

#include "app/core/profile/printable.hpp"

namespace wattbench::core::profile {

namespace {

constexpr std::size_t max_shown = 40;

std::string scalar_text(const toml::value& v) {
    // An unbounded width keeps arrays and strings on one line.
    return toml::format(v, std::numeric_limits<std::size_t>::max(),
                        std::numeric_limits<toml::floating>::max_digits10, true, true);
}

}  // namespace

std::string describe_value(const toml::value& v) {
    switch (v.type()) {
        case toml::value_t::boolean:
            return std::string("boolean ") + (v.as_boolean() ? "true" : "false");
        case toml::value_t::integer:
            return "integer " + std::to_string(v.as_integer());
        case toml::value_t::floating:
            return "float " + scalar_text(v);
        case toml::value_t::string:
            return "string \"" + printable(v.as_string().str, max_shown) + "\"";
        case toml::value_t::offset_datetime:
        case toml::value_t::local_datetime:
            return "date-time " + scalar_text(v);
        case toml::value_t::local_date:
            return "date " + scalar_text(v);
        case toml::value_t::local_time:
            return "time " + scalar_text(v);
        case toml::value_t::array:
            return "an array";
        case toml::value_t::table:
            return "a table";
        case toml::value_t::empty:
            break;
    }
    return "nothing";
}

std::string inline_text(const toml::value& v) {
    if (v.is_table()) {
        // Tables have no order in toml11; file order is what the user wrote and expects back.
        std::vector<std::pair<const std::string*, const toml::value*>> entries;
        for (const auto& [key, value] : v.as_table()) {
            entries.emplace_back(&key, &value);
        }
        std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
            const auto la = a.second->location();
            const auto lb = b.second->location();
            return std::pair(la.line(), la.column()) < std::pair(lb.line(), lb.column());
        });
        std::string out = "{";
        for (std::size_t i = 0; i < entries.size(); ++i) {
            out += (i == 0 ? "" : ", ") + toml::format_key(*entries[i].first) + " = " +
                   inline_text(*entries[i].second);
        }
        return out + "}";
    }
    if (v.is_array()) {
        std::string out = "[";
        const auto& items = v.as_array();
        for (std::size_t i = 0; i < items.size(); ++i) {
            out += (i == 0 ? "" : ", ") + inline_text(items[i]);
        }
        return out + "]";
    }
    return scalar_text(v);
}

}  // namespace wattbench::core::profile
