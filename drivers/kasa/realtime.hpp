#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "drivers/http/plug_values.hpp"

namespace wattbench::drivers::kasa {

// `{"emeter":{"get_realtime":{}}}`, addressed to one outlet of a strip when `child_id` is set.
std::string realtime_request(const std::string& child_id);
std::string sysinfo_request();

// The values of an emeter get_realtime answer in either firmware's form: W, V, A and kWh
// (`power`, `voltage`, `current`, `total`) or mW, mV, mA and Wh (`power_mw`, `voltage_mv`,
// `current_ma`, `total_wh`). An error text when err_code is not 0 or the answer has no
// realtime object; never throws.
std::variant<http::PlugValues, std::string> parse_realtime(std::string_view json);

struct SysInfo {
    std::string model;
    std::string alias;
    std::string firmware;
    std::string hardware;
    std::string device_id;
    std::string mac;
    bool energy_meter = false;           // `feature` names ENE, or the strip's children have one
    std::vector<std::string> child_ids;  // a strip's outlets, in order
};

std::variant<SysInfo, std::string> parse_sysinfo(std::string_view json);

}  // namespace wattbench::drivers::kasa
