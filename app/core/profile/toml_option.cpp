#include "app/core/profile/toml_option.hpp"

#include <string>
#include <vector>

namespace wattbench::core::profile {

std::optional<drivers::api::OptionValue> to_option_value(const toml::value& v) {
    switch (v.type()) {
        case toml::value_t::boolean:
            return drivers::api::OptionValue(v.as_boolean());
        case toml::value_t::integer:
            return drivers::api::OptionValue(static_cast<std::int64_t>(v.as_integer()));
        case toml::value_t::floating:
            return drivers::api::OptionValue(static_cast<double>(v.as_floating()));
        case toml::value_t::string:
            return drivers::api::OptionValue(v.as_string().str);
        case toml::value_t::array: {
            const auto& items = v.as_array();
            if (!items.empty() && items.front().is_string()) {
                std::vector<std::string> strings;
                for (const auto& item : items) {
                    if (!item.is_string()) {
                        return std::nullopt;
                    }
                    strings.push_back(item.as_string().str);
                }
                return drivers::api::OptionValue(std::move(strings));
            }
            std::vector<double> numbers;
            for (const auto& item : items) {
                if (item.is_integer()) {
                    numbers.push_back(static_cast<double>(item.as_integer()));
                } else if (item.is_floating()) {
                    numbers.push_back(item.as_floating());
                } else {
                    return std::nullopt;
                }
            }
            return drivers::api::OptionValue(std::move(numbers));
        }
        default:
            return std::nullopt;
    }
}

}  // namespace wattbench::core::profile
