#include "drivers/yokogawa/wt_register.hpp"

#include "drivers/transport/make_transport.hpp"
#include "drivers/yokogawa/wt_device.hpp"
#include "drivers/yokogawa/wt_settings_parser.hpp"

namespace wattbench::drivers::yokogawa {
namespace {

api::DriverInfo info(std::string_view driver) {
    const WtModel& m = *find_wt_model(driver);
    return api::DriverInfo{std::string(m.driver), std::string(m.description),
                           std::string(m.transports), std::string(m.example_connection),
                           [&m](api::DeviceConfig& config)
                               -> std::variant<std::unique_ptr<api::Device>, api::DeviceError> {
                               auto parsed = parse_wt_settings(m, config);
                               if (auto* e = std::get_if<api::DeviceError>(&parsed)) {
                                   return *e;
                               }
                               auto settings = std::get<WtSettings>(std::move(parsed));
                               auto transport = transport::make_transport(settings.endpoint);
                               return std::make_unique<WtDevice>(std::move(settings),
                                                                 std::move(transport));
                           }};
}

}  // namespace

api::DriverInfo wt500_driver_info() {
    return info("yokogawa-wt500");
}
api::DriverInfo wt1800_driver_info() {
    return info("yokogawa-wt1800");
}
api::DriverInfo wt5000_driver_info() {
    return info("yokogawa-wt5000");
}
api::DriverInfo wt3000_driver_info() {
    return info("yokogawa-wt3000");
}
api::DriverInfo wt1600_driver_info() {
    return info("yokogawa-wt1600");
}

}  // namespace wattbench::drivers::yokogawa
