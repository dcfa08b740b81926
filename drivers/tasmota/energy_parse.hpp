#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "drivers/http/plug_values.hpp"

namespace wattbench::drivers::tasmota {

// `StatusSNS.ENERGY` of a `Status 8` / `Status 10` answer (or a bare `ENERGY` object): Power W,
// ApparentPower VA, Factor, Voltage V, Current A, Frequency Hz, Total kWh → Wh. Multi-channel
// devices send arrays; `channel` picks the element (a plain number is every channel's). An
// answer without ENERGY, or Tasmota's "Need user=…&password=…" warning, is an error text.
std::variant<http::PlugValues, std::string> parse_energy(std::string_view json, int channel);

// True for the answer of a device whose web password is set and was not given (or was wrong).
bool needs_password(std::string_view json);

struct Identity {
    std::string name;      // Status.DeviceName, else FriendlyName[0]
    std::string firmware;  // StatusFWR.Version
    std::string hardware;  // StatusFWR.Hardware
    std::string mac;       // StatusNET.Mac
};

// From a `Status 0` answer; fields it lacks stay empty.
Identity parse_identity(std::string_view json);

// RFC 3986 percent-encoding of everything but unreserved characters, for query values.
std::string query_escape(std::string_view text);

}  // namespace wattbench::drivers::tasmota
