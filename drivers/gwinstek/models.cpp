#include "drivers/gwinstek/models.hpp"

#include "drivers/gwinstek/dialect.hpp"
#include "drivers/scpi_analyzer/driver_info.hpp"

namespace wattbench::drivers::gwinstek {
namespace {

using scpi_analyzer::Model;

// Crest factor 3 ranges [S19]: 15…600 V; 5 mA…20 A in 1-2-5 steps (the steps between the
// ends are UNCONFIRMED, README.md).
const std::vector<double> volts = {15, 30, 60, 150, 300, 600};
const std::vector<double> amps = {0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20};
// GPM-8310 intervals [S24][S25]; the GPM-8213's are taken to be the same (UNCONFIRMED).
const std::vector<double> intervals = {0.1, 0.25, 0.5, 1, 2, 5, 10, 20};
// USB CDC: 8-N-1 [S22]; 115200 baud as a 3rd-party driver uses it [S23] (default UNCONFIRMED).
constexpr transport::SerialSettings serial{115200, 8, transport::Parity::none, 1};

// USB CDC 2184:0052 is a real GPM-8213's [S21]; the GPM-8310's product ID is UNCONFIRMED, so
// any other GW Instek ID names both models.
const api::UsbModel gpm8213_usb{0x2184, 0x0052, "GW Instek GPM-8213", true};
const api::UsbModel any_gpm_usb{0x2184, std::nullopt, "GW Instek GPM-8213 or GPM-8310", false};

const std::vector<Model>& table() {
    static const std::vector<Model> t = {
        {"gwinstek-gpm8213",
         "GW Instek GPM-8213 power meter",
         &dialect(),
         {"GPM-8213"},
         1,
         false,
         volts,
         amps,
         std::nullopt,
         intervals,
         23,
         serial,
         {gpm8213_usb, any_gpm_usb},
         0,
         "tcp://192.0.2.7:23"},
        // GPM-8310 spec: P 45–66 Hz ±(0.1 % rdg + 0.05 % rng) [S24].
        {"gwinstek-gpm8310",
         "GW Instek GPM-8310 power meter",
         &dialect(),
         {"GPM-8310"},
         1,
         false,
         volts,
         amps,
         scpi_analyzer::PowerAccuracy{0.001, 0.0005},
         intervals,
         23,
         serial,
         {any_gpm_usb},
         0,
         "tcp://192.0.2.7:23"},
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

std::vector<api::UsbDeclaration> usb_models() {
    return scpi_analyzer::usb_declarations(models());
}

}  // namespace wattbench::drivers::gwinstek
