#include "drivers/api/options.hpp"

namespace wattbench::drivers::api {

void Options::fail(const std::string& key, const char* expected) {
    if (!error_) {
        error_ = DeviceError{ErrorKind::config, "key '" + key + "': expected " + expected};
        error_key_ = key;
    }
}

std::optional<double> Options::take_number(const std::string& key) {
    auto it = values_.find(key);
    if (it == values_.end()) {
        return std::nullopt;
    }
    used_[key] = true;
    if (auto* d = std::get_if<double>(&it->second)) {
        return *d;
    }
    if (auto* i = std::get_if<std::int64_t>(&it->second)) {
        return static_cast<double>(*i);
    }
    fail(key, "a number");
    return std::nullopt;
}

std::optional<std::int64_t> Options::take_integer(const std::string& key) {
    auto it = values_.find(key);
    if (it == values_.end()) {
        return std::nullopt;
    }
    used_[key] = true;
    if (auto* i = std::get_if<std::int64_t>(&it->second)) {
        return *i;
    }
    fail(key, "an integer");
    return std::nullopt;
}

std::optional<bool> Options::take_bool(const std::string& key) {
    auto it = values_.find(key);
    if (it == values_.end()) {
        return std::nullopt;
    }
    used_[key] = true;
    if (auto* b = std::get_if<bool>(&it->second)) {
        return *b;
    }
    fail(key, "true or false");
    return std::nullopt;
}

std::optional<std::string> Options::take_string(const std::string& key) {
    auto it = values_.find(key);
    if (it == values_.end()) {
        return std::nullopt;
    }
    used_[key] = true;
    if (auto* s = std::get_if<std::string>(&it->second)) {
        return *s;
    }
    fail(key, "a string");
    return std::nullopt;
}

std::vector<std::string> Options::unused() const {
    std::vector<std::string> out;
    for (const auto& [k, v] : values_) {
        if (!used_.count(k)) {
            out.push_back(k);
        }
    }
    return out;
}

}  // namespace wattbench::drivers::api
