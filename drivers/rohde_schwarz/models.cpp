#include "drivers/rohde_schwarz/models.hpp"

#include "drivers/rohde_schwarz/dialect.hpp"
#include "drivers/scpi_analyzer/driver_info.hpp"

namespace wattbench::drivers::rohde_schwarz {

std::span<const scpi_analyzer::Model> models() {
    // Ranges from power-overwhelming (5…600 V; 5 mA…20 A, the steps between UNCONFIRMED);
    // no accuracy: no source at hand states the HMC8015's (0.05 % is only "often quoted").
    static const std::vector<scpi_analyzer::Model> table = {
        {"rs-hmc8015",
         "Rohde & Schwarz HMC8015 power analyzer",
         &hmc8015_dialect(),
         {"HMC8015"},
         1,
         false,
         {5, 15, 30, 60, 150, 300, 600},
         {0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20},
         std::nullopt,
         {},
         5025,
         transport::SerialSettings{},
         // power-overwhelming's VISA resource filter [S26].
         {api::UsbModel{0x0aad, 0x0135, "Rohde & Schwarz HMC8015", true}},
         0,
         "tcp://192.0.2.7:5025",
         "tcp, serial, usbtmc"},
    };
    return table;
}

std::vector<api::DriverInfo> driver_infos() {
    return scpi_analyzer::driver_infos(models());
}

std::vector<api::UsbDeclaration> usb_models() {
    return scpi_analyzer::usb_declarations(models());
}

}  // namespace wattbench::drivers::rohde_schwarz
