#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/core/rundir/manifest.hpp"

namespace wattbench::core::rundir::detail {

[[noreturn]] void wrong_type(const std::string& path, const char* expected);

void read(const nlohmann::json& v, std::string& out, const std::string& path);
void read(const nlohmann::json& v, bool& out, const std::string& path);
void read(const nlohmann::json& v, int& out, const std::string& path);
void read(const nlohmann::json& v, std::int64_t& out, const std::string& path);
void read(const nlohmann::json& v, double& out, const std::string& path);
void read(const nlohmann::json& v, nlohmann::json& out, const std::string& path);

// Structs: each has a `void read(const nlohmann::json&, X&, const std::string&)` in the .cpp.
template <class T>
void read(const nlohmann::json& v, std::vector<T>& out, const std::string& path) {
    if (!v.is_array()) {
        wrong_type(path, "an array");
    }
    out.clear();
    for (std::size_t i = 0; i < v.size(); ++i) {
        T item{};
        read(v[i], item, path + "[" + std::to_string(i) + "]");
        out.push_back(std::move(item));
    }
}

template <class T>
void read(const nlohmann::json& v, std::map<std::string, T>& out, const std::string& path) {
    if (!v.is_object()) {
        wrong_type(path, "an object");
    }
    out.clear();
    for (const auto& [k, item] : v.items()) {
        read(item, out[k], path + "." + k);
    }
}

// Reads one JSON object's keys into typed fields, naming the key path in the error of a wrongly
// typed value; what no field asked for is left for `extra()`.
class ObjectReader {
public:
    ObjectReader(const nlohmann::json& j, std::string path);

    template <class T>
    void required(const char* key, T& out) {
        const auto* v = find(key);
        if (v != nullptr && !v->is_null()) {
            read(*v, out, child(key));
        }
    }
    template <class T>
    void optional(const char* key, std::optional<T>& out) {
        const auto* v = find(key);
        if (v != nullptr && !v->is_null()) {
            T value{};
            read(*v, value, child(key));
            out = std::move(value);
        }
    }
    // Read as `optional`; ObjectWriter writes these as null when empty.
    template <class T>
    void nullable(const char* key, std::optional<T>& out) {
        optional(key, out);
    }
    void raw(const char* key, nlohmann::json& out);
    template <class E, class Parse>
    void enumeration(const char* key, std::optional<E>& out, Parse parse) {
        std::optional<std::string> s;
        optional(key, s);
        if (!s) {
            return;
        }
        const auto e = parse(*s);
        if (!e) {
            throw ManifestKeyError(child(key), "unknown value \"" + *s + "\"");
        }
        out = e;
    }
    nlohmann::json extra() const;
    const std::string& path() const { return path_; }

private:
    const nlohmann::json* find(const char* key);
    std::string child(const char* key) const;

    const nlohmann::json& j_;
    std::string path_;
    std::set<std::string> used_;
};

// Written as null when empty.
template <class T>
nlohmann::json or_null(const std::optional<T>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

// Sets `key` only when there is a value.
template <class T>
void set_if(nlohmann::json& j, const char* key, const std::optional<T>& v) {
    if (v) {
        j[key] = *v;
    }
}

// The known keys over the unknown ones.
nlohmann::json with_extra(nlohmann::json known, const nlohmann::json& extra);

// Writes one JSON object's typed fields: the writing side of the key list ObjectReader reads.
// `required` and `raw` always write the key, `optional` only when there is a value, `nullable`
// and `enumeration` (its text) as null when there is none.
class ObjectWriter {
public:
    template <class T>
    void required(const char* key, const T& v) {
        j_[key] = v;
    }
    template <class T>
    void optional(const char* key, const std::optional<T>& v) {
        set_if(j_, key, v);
    }
    template <class T>
    void nullable(const char* key, const std::optional<T>& v) {
        j_[key] = or_null(v);
    }
    template <class E, class Parse>
    void enumeration(const char* key, const std::optional<E>& v, Parse /*parse*/) {
        j_[key] = v ? nlohmann::json(std::string(to_string(*v))) : nlohmann::json(nullptr);
    }
    void raw(const char* key, const nlohmann::json& v) { j_[key] = v; }
    // The object, the unknown keys read with it under the known ones.
    nlohmann::json done(const nlohmann::json& extra) && { return with_extra(std::move(j_), extra); }

private:
    nlohmann::json j_ = nlohmann::json::object();
};

}  // namespace wattbench::core::rundir::detail
