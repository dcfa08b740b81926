#include "app/core/rundir/json_fields.hpp"

namespace wattbench::core::rundir::detail {

ObjectReader::ObjectReader(const nlohmann::json& j, std::string path)
    : j_(j), path_(std::move(path)) {
    if (!j_.is_object()) {
        wrong_type(path_.empty() ? "(top level)" : path_, "an object");
    }
}

const nlohmann::json* ObjectReader::find(const char* key) {
    used_.insert(key);
    const auto it = j_.find(key);
    return it == j_.end() ? nullptr : &*it;
}

std::string ObjectReader::child(const char* key) const {
    return path_.empty() ? std::string(key) : path_ + "." + key;
}

void ObjectReader::raw(const char* key, nlohmann::json& out) {
    if (const auto* v = find(key)) {
        out = *v;
    }
}

nlohmann::json ObjectReader::extra() const {
    nlohmann::json e = nlohmann::json::object();
    for (const auto& [k, v] : j_.items()) {
        if (!used_.contains(k)) {
            e[k] = v;
        }
    }
    return e;
}

void wrong_type(const std::string& path, const char* expected) {
    throw ManifestKeyError(path, std::string("expected ") + expected);
}

void read(const nlohmann::json& v, std::string& out, const std::string& path) {
    if (!v.is_string()) {
        wrong_type(path, "a string");
    }
    out = v.get<std::string>();
}

void read(const nlohmann::json& v, bool& out, const std::string& path) {
    if (!v.is_boolean()) {
        wrong_type(path, "true or false");
    }
    out = v.get<bool>();
}

void read(const nlohmann::json& v, std::int64_t& out, const std::string& path) {
    if (v.is_number_integer()) {
        out = v.get<std::int64_t>();
        return;
    }
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (d == static_cast<double>(static_cast<std::int64_t>(d))) {
            out = static_cast<std::int64_t>(d);
            return;
        }
    }
    wrong_type(path, "an integer");
}

void read(const nlohmann::json& v, int& out, const std::string& path) {
    std::int64_t i = 0;
    read(v, i, path);
    out = static_cast<int>(i);
}

void read(const nlohmann::json& v, double& out, const std::string& path) {
    if (!v.is_number()) {
        wrong_type(path, "a number");
    }
    out = v.get<double>();
}

void read(const nlohmann::json& v, nlohmann::json& out, const std::string&) {
    out = v;
}

nlohmann::json with_extra(nlohmann::json known, const nlohmann::json& extra) {
    for (const auto& [k, v] : extra.items()) {
        if (!known.contains(k)) {
            known[k] = v;
        }
    }
    return known;
}

}  // namespace wattbench::core::rundir::detail
