#include "drivers/api/options.hpp"

namespace wattbench::drivers::api {

const OptionValue* Options::take(const std::string& key) {
    auto it = values_.find(key);
    if (it == values_.end()) {
        return nullptr;
    }
    used_[key] = true;
    return &it->second;
}

void Options::fail(const std::string& key, const char* expected) {
    if (!error_) {
        error_ = DeviceError{ErrorKind::config, "key '" + key + "': expected " + expected};
        error_key_ = key;
    }
}

std::optional<double> Options::take_number(const std::string& key) {
    const OptionValue* v = take(key);
    if (!v) {
        return std::nullopt;
    }
    if (auto* d = std::get_if<double>(v)) {
        return *d;
    }
    if (auto* i = std::get_if<std::int64_t>(v)) {
        return static_cast<double>(*i);
    }
    fail(key, "a number");
    return std::nullopt;
}

std::optional<std::int64_t> Options::take_integer(const std::string& key) {
    const OptionValue* v = take(key);
    if (!v) {
        return std::nullopt;
    }
    if (auto* i = std::get_if<std::int64_t>(v)) {
        return *i;
    }
    fail(key, "an integer");
    return std::nullopt;
}

std::optional<bool> Options::take_bool(const std::string& key) {
    const OptionValue* v = take(key);
    if (!v) {
        return std::nullopt;
    }
    if (auto* b = std::get_if<bool>(v)) {
        return *b;
    }
    fail(key, "true or false");
    return std::nullopt;
}

std::optional<std::string> Options::take_string(const std::string& key) {
    const OptionValue* v = take(key);
    if (!v) {
        return std::nullopt;
    }
    if (auto* s = std::get_if<std::string>(v)) {
        return *s;
    }
    fail(key, std::holds_alternative<std::vector<std::string>>(*v) ? "one string, not a list"
                                                                   : "a string");
    return std::nullopt;
}

std::optional<std::string> Options::take_comma_list(const std::string& key) {
    const OptionValue* v = take(key);
    if (!v) {
        return std::nullopt;
    }
    if (auto* s = std::get_if<std::string>(v)) {
        return *s;
    }
    // `[]` reaches here as an empty list of numbers: TOML does not say what it would hold.
    if (auto* n = std::get_if<std::vector<double>>(v); n && n->empty()) {
        return std::string();
    }
    if (auto* items = std::get_if<std::vector<std::string>>(v)) {
        std::string joined;
        for (std::size_t i = 0; i < items->size(); ++i) {
            const std::string& item = (*items)[i];
            if (item.empty() || item.find(',') != std::string::npos) {
                fail(key, "a list of non-empty names without commas, such as [\"a\", \"b\"]");
                return std::nullopt;
            }
            joined += (i == 0 ? "" : ",") + item;
        }
        return joined;
    }
    fail(key, "a string like \"a,b\" or a list of strings");
    return std::nullopt;
}

std::optional<std::vector<double>> Options::take_number_list(const std::string& key) {
    const OptionValue* v = take(key);
    if (!v) {
        return std::nullopt;
    }
    if (auto* n = std::get_if<std::vector<double>>(v)) {
        return *n;
    }
    fail(key, "a list of numbers such as [3, 4]");
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
