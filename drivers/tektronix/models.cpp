#include "drivers/tektronix/models.hpp"

#include <string>
#include <utility>

#include "drivers/scpi_analyzer/driver_info.hpp"
#include "drivers/tektronix/dialect.hpp"

namespace wattbench::drivers::tektronix {

std::span<const scpi_analyzer::Model> models() {
    // Range codes are 1-based indices into these tables. UNCONFIRMED: the PA1000 front-panel
    // ranges as commonly listed (15…600 V, and the 20 A shunt's 0.1…20 A); the PM1000+ text
    // gives only the end points of its own codes. No accuracy: no source at hand gives one.
    static const std::vector<double> volts = {15, 30, 60, 150, 300, 600};
    static const std::vector<double> amps = {0.1, 0.2, 0.5, 1, 2, 5, 10, 20};
    // Tektronix's vendor ID; the PA1000/PA3000 product IDs are UNCONFIRMED.
    static const api::UsbModel usb{0x0699, std::nullopt, "Tektronix PA1000 or PA3000", false};
    // The two differ only in name, identity and PTDaemon number.
    auto pa = [](std::string driver, std::string description, std::string idn, int ptd) {
        return scpi_analyzer::Model{std::move(driver),
                                    std::move(description),
                                    &pa_dialect(),
                                    {std::move(idn)},
                                    1,
                                    false,
                                    volts,
                                    amps,
                                    std::nullopt,
                                    {},
                                    5025,
                                    transport::SerialSettings{},
                                    {usb},
                                    ptd,
                                    "tcp://192.0.2.7:5025"};
    };
    static const std::vector<scpi_analyzer::Model> table = {
        pa("tektronix-pa1000", "Tektronix PA1000 power analyzer", "PA1000", 56),
        // Element 1 only: the facts give no command that addresses a PA3000 channel.
        pa("tektronix-pa3000", "Tektronix PA3000 power analyzer (channel 1)", "PA3000", 0),
    };
    return table;
}

std::vector<api::DriverInfo> driver_infos() {
    return scpi_analyzer::driver_infos(models());
}

std::vector<api::UsbDeclaration> usb_models() {
    return scpi_analyzer::usb_declarations(models());
}

}  // namespace wattbench::drivers::tektronix
