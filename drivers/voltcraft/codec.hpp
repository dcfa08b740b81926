#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace wattbench::drivers::voltcraft {

// Pure decoder for the Voltcraft Energy Logger 3500/4000 SD-card files (big-endian): data
// files `[A-J]<hex>.BIN` and the 102-byte INFO file. No I/O: bytes in, records out.

// Local logger time; the logger knows no time zone.
struct LoggerTime {
    int year = 0, month = 0, day = 0, hour = 0, minute = 0;
};

// One minute: voltage, current and power factor as logged; power = V · I · PF.
struct MinuteRecord {
    LoggerTime time;
    double volts = 0.0;
    double amps = 0.0;
    double power_factor = 0.0;
    double watts() const { return volts * amps * power_factor; }
};

// Headers (`E0 C5 EA MM DD YY hh mm`) may recur mid-file and restart the clock; each record
// is one minute after the one before; `FF FF FF FF` ends the file. Error text for bytes before
// the first header, a bad date, or a record cut short.
std::variant<std::vector<MinuteRecord>, std::string> decode_data_file(
    std::span<const std::uint8_t> bytes);

struct InfoFile {
    double total_kwh = 0.0;
    double total_recorded_h = 0.0;
    double total_on_h = 0.0;
    int unit_id = 0;
    LoggerTime init_time;
};

std::variant<InfoFile, std::string> decode_info_file(std::span<const std::uint8_t> bytes);

}  // namespace wattbench::drivers::voltcraft
