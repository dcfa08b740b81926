#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "drivers/http/plug_values.hpp"

namespace wattbench::drivers::shelly {

// What `/shelly` says (it answers without authentication on every generation).
struct DeviceInfo {
    int generation = 1;  // no `gen` field: Gen1
    bool auth = false;   // Gen1 `auth`, Gen2+ `auth_en`
    std::string model;   // Gen1 `type`, Gen2+ `model`
    std::string id;      // Gen2+ `id` (the digest realm); Gen1: empty
    std::string mac;
    std::string firmware;  // Gen1 `fw`, Gen2+ `ver` (or `fw_id`)
};

std::variant<DeviceInfo, std::string> parse_device_info(std::string_view json);

// Gen1 `/status` (`meters[id]`) or a bare meter object (`/meter/<id>`): `power` W unless
// `is_valid` is false, `total` watt-minutes → Wh.
std::variant<http::PlugValues, std::string> parse_gen1_meter(std::string_view json, int id);

// Gen2+ `Switch.GetStatus` / `PM1.GetStatus`, bare or inside a JSON-RPC frame's `result`:
// apower W, voltage V, current A, pf, freq Hz, aenergy.total Wh. An RPC error or a status without
// any of them (a switch that does not meter) is an error text.
std::variant<http::PlugValues, std::string> parse_rpc_status(std::string_view json);

}  // namespace wattbench::drivers::shelly
