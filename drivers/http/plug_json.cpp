#include "drivers/http/plug_json.hpp"

namespace wattbench::drivers::http::json {

std::optional<Json> parse_object(std::string_view text) {
    Json j = Json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        return std::nullopt;
    }
    return j;
}

std::optional<double> number(const Json& o, const char* key) {
    const auto it = o.find(key);
    if (it == o.end() || !it->is_number()) {
        return std::nullopt;
    }
    return it->get<double>();
}

std::string text(const Json& o, const char* key) {
    const auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace wattbench::drivers::http::json
