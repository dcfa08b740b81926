#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace wattbench::drivers::zes {

// The two command shapes of the "short" language: the single-channel LMG95/450/500 names
// (`utrms`, `urng`, `uam manual`) and the LMG6xx per-channel names (`utrms1`, `urng1`,
// `uauto1 0`, frequency as `fcyc1`).
enum class Shape { single, per_channel };

// One ZES LMG model: everything that differs between models is data here.
struct Model {
    std::string_view driver;       // registry name, e.g. "zes-lmg95"
    std::string_view description;  // for `wattbench devices`
    std::string_view idn_model;    // the *IDN? model field starts with this (case-insensitive)
    Shape shape = Shape::single;
    std::string_view language;  // switches the meter to the short language
    std::string_view eos;       // what ends every command we send
    std::string_view default_connection;
    std::uint16_t tcp_port = 0;  // tcp://HOST without a port
    int baud = 115200;
    int max_channel = 1;        // measuring channels a `channel` option may pick
    double max_volts = 1000.0;  // largest voltage range accepted from the profile
    double max_amps = 32.0;     // largest current range accepted from the profile
};

std::span<const Model> models();
const Model* find_model(std::string_view driver);

}  // namespace wattbench::drivers::zes
