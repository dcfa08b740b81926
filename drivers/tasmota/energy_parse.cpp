#include "drivers/tasmota/energy_parse.hpp"

#include <cctype>

#include "drivers/http/plug_json.hpp"

namespace wattbench::drivers::tasmota {

namespace {

using http::json::Json;
using namespace common;

std::optional<double> value(const Json& o, const char* key, int channel) {
    const auto it = o.find(key);
    if (it == o.end()) {
        return std::nullopt;
    }
    if (it->is_number()) {
        return it->get<double>();
    }
    if (it->is_array() && static_cast<std::size_t>(channel) < it->size() &&
        (*it)[static_cast<std::size_t>(channel)].is_number()) {
        return (*it)[static_cast<std::size_t>(channel)].get<double>();
    }
    return std::nullopt;
}

std::string text(const Json& o, const char* a, const char* b) {
    const auto x = o.find(a);
    if (x == o.end() || !x->is_object()) {
        return "";
    }
    const auto y = x->find(b);
    if (y == x->end()) {
        return "";
    }
    if (y->is_string()) {
        return y->get<std::string>();
    }
    if (y->is_array() && !y->empty() && (*y)[0].is_string()) {
        return (*y)[0].get<std::string>();
    }
    return "";
}

}  // namespace

bool needs_password(std::string_view json) {
    const auto j = http::json::parse_object(json);
    if (!j) {
        return false;
    }
    const auto w = j->find("WARNING");
    return w != j->end() && w->is_string() &&
           w->get<std::string>().find("password") != std::string::npos;
}

std::variant<http::PlugValues, std::string> parse_energy(std::string_view json, int channel) {
    const auto j = http::json::parse_object(json);
    if (!j) {
        return std::string("the answer is not a JSON object");
    }
    if (needs_password(json)) {
        return std::string("the device asks for user and password");
    }
    const Json* e = nullptr;
    if (const auto sns = j->find("StatusSNS"); sns != j->end() && sns->is_object()) {
        if (const auto en = sns->find("ENERGY"); en != sns->end() && en->is_object()) {
            e = &*en;
        }
    } else if (const auto en = j->find("ENERGY"); en != j->end() && en->is_object()) {
        e = &*en;
    }
    if (!e) {
        return std::string("no StatusSNS.ENERGY in the answer: the device has no energy monitor");
    }
    http::PlugValues v;
    v.value[power] = value(*e, "Power", channel);
    v.value[apparent_power] = value(*e, "ApparentPower", channel);
    v.value[power_factor] = value(*e, "Factor", channel);
    v.value[voltage] = value(*e, "Voltage", channel);
    v.value[current] = value(*e, "Current", channel);
    v.value[frequency] = value(*e, "Frequency", channel);
    if (auto kwh = value(*e, "Total", channel)) {
        v.value[energy] = *kwh * 1000.0;
    }
    if (!v.any()) {
        return "ENERGY has none of Power, Voltage, Current, Total for channel " +
               std::to_string(channel);
    }
    return v;
}

Identity parse_identity(std::string_view json) {
    Identity id;
    const auto j = http::json::parse_object(json);
    if (!j) {
        return id;
    }
    id.name = text(*j, "Status", "DeviceName");
    if (id.name.empty()) {
        id.name = text(*j, "Status", "FriendlyName");
    }
    id.firmware = text(*j, "StatusFWR", "Version");
    id.hardware = text(*j, "StatusFWR", "Hardware");
    id.mac = text(*j, "StatusNET", "Mac");
    return id;
}

std::string query_escape(std::string_view s) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
            out.push_back(ch);
        } else {
            out.push_back('%');
            out.push_back(hex[c >> 4]);
            out.push_back(hex[c & 15]);
        }
    }
    return out;
}

}  // namespace wattbench::drivers::tasmota
