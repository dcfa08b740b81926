#include "drivers/redfish/json_util.hpp"

namespace wattbench::drivers::redfish {

namespace {

const Json* member(const Json& object, std::string_view key) {
    if (!object.is_object()) {
        return nullptr;
    }
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

}  // namespace

std::optional<Json> parse_json(std::string_view text) {
    Json j = Json::parse(text.begin(), text.end(), nullptr, false);
    if (j.is_discarded()) {
        return std::nullopt;
    }
    return j;
}

std::string string_member(const Json& object, std::string_view key) {
    const Json* m = member(object, key);
    return m && m->is_string() ? m->get<std::string>() : std::string();
}

std::string link_member(const Json& object, std::string_view key) {
    const Json* m = member(object, key);
    return m ? string_member(*m, "@odata.id") : std::string();
}

std::optional<double> number_member(const Json& object, std::string_view key) {
    const Json* m = member(object, key);
    if (m && m->is_number()) {
        return m->get<double>();
    }
    return std::nullopt;
}

const Json* object_member(const Json& object, std::string_view key) {
    const Json* m = member(object, key);
    return m && m->is_object() ? m : nullptr;
}

const Json* array_member(const Json& object, std::string_view key) {
    const Json* m = member(object, key);
    return m && m->is_array() ? m : nullptr;
}

}  // namespace wattbench::drivers::redfish
