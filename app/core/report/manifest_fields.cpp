#include "app/core/report/manifest_fields.hpp"

namespace wattbench::core::report {

namespace {

const nlohmann::json* find_named(const nlohmann::json* array, std::string_view key,
                                 std::string_view wanted) {
    if (array == nullptr || !array->is_array()) {
        return nullptr;
    }
    for (const auto& item : *array) {
        if (text_of(member(&item, key)) == wanted) {
            return &item;
        }
    }
    return nullptr;
}

}  // namespace

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

const nlohmann::json* find_device(const nlohmann::json& manifest, std::string_view id) {
    return find_named(member(manifest, "devices"), "id", id);
}

const nlohmann::json* find_channel(const nlohmann::json* device, std::string_view name) {
    return find_named(member(device, "channels"), "name", name);
}

const nlohmann::json* find_phase(const nlohmann::json& manifest, std::string_view name) {
    return find_named(member(manifest, "phases"), "name", name);
}

}  // namespace wattbench::core::report
