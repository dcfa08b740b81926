#include "drivers/yokogawa/register.hpp"

#include "drivers/transport/make_transport.hpp"
#include "drivers/yokogawa/driver.hpp"
#include "drivers/yokogawa/settings_parser.hpp"

namespace wattbench::drivers::yokogawa {
namespace {

api::Factory factory(Dialect dialect) {
    return [dialect](api::DeviceConfig& config)
               -> std::variant<std::unique_ptr<api::Device>, api::DeviceError> {
        auto parsed = parse_settings(dialect, config);
        if (auto* e = std::get_if<api::DeviceError>(&parsed)) {
            return *e;
        }
        auto settings = std::get<Settings>(std::move(parsed));
        auto transport = transport::make_transport(settings.endpoint);
        return std::make_unique<YokogawaDevice>(std::move(settings), std::move(transport));
    };
}

}  // namespace

api::DriverInfo wt310_driver_info() {
    return api::DriverInfo{"yokogawa-wt310", "Yokogawa WT310/WT310E/WT330 (element 1) power meter",
                           "serial, tcp", "serial:///dev/ttyUSB0?baud=9600",
                           factory(Dialect::wt300)};
}

api::DriverInfo wt210_driver_info() {
    return api::DriverInfo{"yokogawa-wt210", "Yokogawa WT210 power meter (488.2 mode)",
                           "serial, tcp", "serial:///dev/ttyUSB0?baud=9600",
                           factory(Dialect::wt200)};
}

std::vector<api::UsbDeclaration> usb_models() {
    // USBTMC 0b21:0025 [S44][S45]; the WT210's USB ID is not known, so any other Yokogawa ID
    // may be either.
    return {{"yokogawa-wt310", {0x0b21, 0x0025, "Yokogawa WT310/WT310E/WT330", true}},
            {"yokogawa-wt310", {0x0b21, std::nullopt, "Yokogawa WT300 series", false}},
            {"yokogawa-wt210", {0x0b21, std::nullopt, "Yokogawa WT210", false}}};
}

}  // namespace wattbench::drivers::yokogawa
