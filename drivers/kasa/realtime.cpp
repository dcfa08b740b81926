#include "drivers/kasa/realtime.hpp"

#include <cmath>

#include "drivers/http/plug_json.hpp"

namespace wattbench::drivers::kasa {

namespace {

using http::json::Json;
using http::json::number;
using http::json::text;
using namespace common;

// A module's error: err_code set and not 0, with err_msg when there is one.
std::optional<std::string> module_error(const Json& o, const char* what) {
    const auto code = number(o, "err_code");
    if (!code || *code == 0) {
        return std::nullopt;
    }
    std::string msg = text(o, "err_msg");
    const std::string number_text =
        std::abs(*code) < 1e9 ? std::to_string(static_cast<long>(*code)) : std::string("(huge)");
    return std::string(what) + " answered err_code " + number_text +
           (msg.empty() ? "" : " (" + msg + ")");
}

// The first of `keys` present, times `scale`.
std::optional<double> scaled(const Json& o, const char* milli, const char* plain, double factor) {
    if (auto v = number(o, milli)) {
        return *v / 1000.0;
    }
    if (auto v = number(o, plain)) {
        return *v * factor;
    }
    return std::nullopt;
}

}  // namespace

std::string realtime_request(const std::string& child_id) {
    if (child_id.empty()) {
        return R"({"emeter":{"get_realtime":{}}})";
    }
    return Json{{"context", {{"child_ids", {child_id}}}},
                {"emeter", {{"get_realtime", Json::object()}}}}
        .dump();
}

std::string sysinfo_request() {
    return R"({"system":{"get_sysinfo":{}}})";
}

std::variant<http::PlugValues, std::string> parse_realtime(std::string_view json) {
    const auto j = http::json::parse_object(json);
    if (!j) {
        return std::string("the answer is not a JSON object");
    }
    const auto emeter = j->find("emeter");
    if (emeter == j->end() || !emeter->is_object()) {
        return std::string("the answer has no emeter object (the plug has no energy meter?)");
    }
    if (auto e = module_error(*emeter, "emeter")) {
        return *e;
    }
    const auto rt = emeter->find("get_realtime");
    if (rt == emeter->end() || !rt->is_object()) {
        return std::string("the answer has no emeter.get_realtime object");
    }
    if (auto e = module_error(*rt, "emeter.get_realtime")) {
        return *e;
    }
    http::PlugValues v;
    // Old firmware: W, V, A, kWh; new firmware: mW, mV, mA, Wh (python-kasa emeterstatus.py).
    v.value[power] = scaled(*rt, "power_mw", "power", 1.0);
    v.value[voltage] = scaled(*rt, "voltage_mv", "voltage", 1.0);
    v.value[current] = scaled(*rt, "current_ma", "current", 1.0);
    if (auto wh = number(*rt, "total_wh")) {
        v.value[energy] = *wh;
    } else if (auto kwh = number(*rt, "total")) {
        v.value[energy] = *kwh * 1000.0;
    }
    if (!v.any()) {
        return std::string("emeter.get_realtime has none of power, voltage, current, total");
    }
    return v;
}

std::variant<SysInfo, std::string> parse_sysinfo(std::string_view json) {
    const auto j = http::json::parse_object(json);
    if (!j) {
        return std::string("the answer is not a JSON object");
    }
    const auto sys = j->find("system");
    if (sys == j->end() || !sys->is_object()) {
        return std::string("the answer has no system object");
    }
    const auto info = sys->find("get_sysinfo");
    if (info == sys->end() || !info->is_object()) {
        return std::string("the answer has no system.get_sysinfo object");
    }
    if (auto e = module_error(*info, "system.get_sysinfo")) {
        return *e;
    }
    SysInfo s;
    s.model = text(*info, "model");
    s.alias = text(*info, "alias");
    s.firmware = text(*info, "sw_ver");
    s.hardware = text(*info, "hw_ver");
    s.device_id = text(*info, "deviceId");
    s.mac = text(*info, "mac");
    if (s.mac.empty()) {
        s.mac = text(*info, "mic_mac");
    }
    s.energy_meter = text(*info, "feature").find("ENE") != std::string::npos;
    if (const auto children = info->find("children");
        children != info->end() && children->is_array()) {
        for (const auto& c : *children) {
            if (c.is_object()) {
                s.child_ids.push_back(text(c, "id"));
            }
        }
    }
    return s;
}

}  // namespace wattbench::drivers::kasa
