#include "drivers/shelly/status_parse.hpp"

#include <cmath>

#include "drivers/http/plug_json.hpp"

namespace wattbench::drivers::shelly {

namespace {

using http::json::Json;
using http::json::number;
using http::json::text;
using namespace common;

bool flag(const Json& o, const char* key) {
    const auto it = o.find(key);
    return it != o.end() && it->is_boolean() && it->get<bool>();
}

std::string rpc_error(const Json& e) {
    if (!e.is_object()) {
        return "an RPC error";
    }
    std::string out = "RPC error";
    if (auto code = number(e, "code"); code && std::abs(*code) < 1e9) {
        out += " " + std::to_string(static_cast<long>(*code));
    }
    if (auto msg = text(e, "message"); !msg.empty()) {
        out += " (" + msg.substr(0, 120) + ")";
    }
    return out;
}

}  // namespace

std::variant<DeviceInfo, std::string> parse_device_info(std::string_view json) {
    const auto j = http::json::parse_object(json);
    if (!j) {
        return std::string("/shelly: the answer is not a JSON object");
    }
    DeviceInfo d;
    if (auto gen = number(*j, "gen")) {
        if (!(*gen >= 1 && *gen <= 100)) {
            return std::string("/shelly: `gen` is not a generation");
        }
        d.generation = static_cast<int>(*gen);
        d.auth = flag(*j, "auth_en");
        d.model = text(*j, "model");
        d.id = text(*j, "id");
        d.firmware = text(*j, "ver");
        if (d.firmware.empty()) {
            d.firmware = text(*j, "fw_id");
        }
    } else {
        if (!j->contains("type")) {
            return std::string("/shelly: neither `gen` nor `type`: not a Shelly device");
        }
        d.auth = flag(*j, "auth");
        d.model = text(*j, "type");
        d.firmware = text(*j, "fw");
    }
    d.mac = text(*j, "mac");
    if (d.generation < 1) {
        return std::string("/shelly: gen ") + std::to_string(d.generation) + " is not a generation";
    }
    return d;
}

std::variant<http::PlugValues, std::string> parse_gen1_meter(std::string_view json, int id) {
    const auto j = http::json::parse_object(json);
    if (!j) {
        return std::string("the answer is not a JSON object");
    }
    const Json* meter = &*j;
    if (const auto meters = j->find("meters"); meters != j->end()) {
        if (!meters->is_array() || static_cast<std::size_t>(id) >= meters->size() ||
            !(*meters)[static_cast<std::size_t>(id)].is_object()) {
            return "status has no meters[" + std::to_string(id) + "]";
        }
        meter = &(*meters)[static_cast<std::size_t>(id)];
    }
    http::PlugValues v;
    // is_valid false: the meter's reading is not to be trusted (Shelly's own flag).
    const auto valid = meter->find("is_valid");
    const bool invalid = valid != meter->end() && valid->is_boolean() && !valid->get<bool>();
    if (!invalid) {
        v.value[power] = number(*meter, "power");
    }
    if (auto total = number(*meter, "total")) {
        v.value[energy] = *total / 60.0;
    }
    if (!v.any() && !invalid) {
        return std::string("the meter has neither power nor total");
    }
    return v;
}

std::variant<http::PlugValues, std::string> parse_rpc_status(std::string_view json) {
    const auto j = http::json::parse_object(json);
    if (!j) {
        return std::string("the answer is not a JSON object");
    }
    if (const auto e = j->find("error"); e != j->end()) {
        return rpc_error(*e);
    }
    const Json* s = &*j;
    if (const auto r = j->find("result"); r != j->end()) {
        if (!r->is_object()) {
            return std::string("the RPC result is not an object");
        }
        s = &*r;
    } else if (j->contains("code") && j->contains("message") && !j->contains("apower")) {
        return rpc_error(*j);  // the HTTP GET form's error body
    }
    http::PlugValues v;
    v.value[power] = number(*s, "apower");
    v.value[voltage] = number(*s, "voltage");
    v.value[current] = number(*s, "current");
    v.value[power_factor] = number(*s, "pf");
    v.value[frequency] = number(*s, "freq");
    if (const auto a = s->find("aenergy"); a != s->end() && a->is_object()) {
        v.value[energy] = number(*a, "total");
    }
    if (!v.any()) {
        return std::string(
            "the status has no apower, voltage, current or aenergy: this output "
            "does not meter power");
    }
    return v;
}

}  // namespace wattbench::drivers::shelly
