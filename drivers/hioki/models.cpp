#include "drivers/hioki/models.hpp"

#include "drivers/hioki/dialect.hpp"
#include "drivers/scpi_analyzer/driver_info.hpp"

namespace wattbench::drivers::hioki {
namespace {

using scpi_analyzer::Model;
using scpi_analyzer::PowerAccuracy;

// Range tables from HIOKI's product pages (not in a communication manual: UNCONFIRMED, see
// README.md); the settings parser refuses any other value.
const std::vector<double> pw3335_volts = {6, 15, 30, 60, 150, 300, 600, 1000};
const std::vector<double> pw3335_amps = {0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1,
                                         0.2,   0.5,   1,     2,    5,    10,   20};
const std::vector<double> pw3336_volts = {15, 30, 60, 150, 300, 600, 1000};
const std::vector<double> pw3336_amps = {0.2, 0.5, 1, 2, 5, 10, 20, 50};

// PW3336 spec sheet: ±0.1 % rdg ±0.05 % f.s. at 45–66 Hz [S18]; the PW3337 shares it.
constexpr PowerAccuracy pw3336_accuracy{0.001, 0.0005};
// Baud rate and framing of the PW333x RS-232C are UNCONFIRMED: 9600 8N1 assumed.
constexpr transport::SerialSettings serial{9600, 8, transport::Parity::none, 1};

const std::vector<Model>& table() {
    static const std::vector<Model> t = {
        {"hioki-pw3335",
         "HIOKI PW3335 power meter",
         &single_channel(),
         {"PW3335"},
         1,
         false,
         pw3335_volts,
         pw3335_amps,
         std::nullopt,
         {},
         3300,
         serial,
         {},
         57,
         "tcp://192.0.2.7:3300"},
        {"hioki-pw3336",
         "HIOKI PW3336 two-channel power meter",
         &multi_channel(),
         {"PW3336"},
         2,
         false,
         pw3336_volts,
         pw3336_amps,
         pw3336_accuracy,
         {},
         3300,
         serial,
         {},
         58,
         "tcp://192.0.2.7:3300"},
        {"hioki-pw3337",
         "HIOKI PW3337 three-channel power meter",
         &multi_channel(),
         {"PW3337"},
         3,
         false,
         pw3336_volts,
         pw3336_amps,
         pw3336_accuracy,
         {},
         3300,
         serial,
         {},
         60,
         "tcp://192.0.2.7:3300"},
    };
    return t;
}

}  // namespace

std::span<const Model> models() {
    return table();
}

std::vector<api::DriverInfo> driver_infos() {
    return scpi_analyzer::driver_infos(models());
}

}  // namespace wattbench::drivers::hioki
