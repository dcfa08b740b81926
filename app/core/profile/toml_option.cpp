#include "app/core/profile/toml_option.hpp"

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
            std::vector<double> numbers;
            for (const auto& item : v.as_array()) {
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
