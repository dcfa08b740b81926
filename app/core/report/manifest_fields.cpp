#include "app/core/report/manifest_fields.hpp"

namespace wattbench::core::report {

const nlohmann::json* member(const nlohmann::json* object, std::string_view key) {
    if (object == nullptr || !object->is_object()) {
        return nullptr;
    }
    const auto it = object->find(key);
    if (it == object->end() || it->is_null()) {
        return nullptr;
    }
    return &*it;
}

const nlohmann::json* member(const nlohmann::json& object, std::string_view key) {
    return member(&object, key);
}

std::optional<std::string> text_of(const nlohmann::json* value) {
    if (value == nullptr) {
        return std::nullopt;
    }
    if (value->is_string()) {
        return value->get<std::string>();
    }
    if (value->is_number() || value->is_boolean()) {
        return value->dump();
    }
    return std::nullopt;
}

std::optional<double> number_of(const nlohmann::json* value) {
    if (value == nullptr || !value->is_number()) {
        return std::nullopt;
    }
    return value->get<double>();
}

}  // namespace wattbench::core::report
