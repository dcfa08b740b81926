#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace wattbench::drivers::tektronix {

// One PA model as data: its driver name, what *IDN? calls it and its range codes (code n is
// the n-th entry). The range tables are UNCONFIRMED (no manual page at hand listed them);
// correcting one is a change to this table only.
struct Model {
    std::string_view driver;
    std::string_view description;
    std::string_view idn_model;              // *IDN? second field without spaces
    std::span<const double> voltage_ranges;  // V, code 1 first
    std::span<const double> current_ranges;  // A, code 1 first
    std::uint16_t tcp_port = 5025;
};

std::span<const Model> models();

}  // namespace wattbench::drivers::tektronix
