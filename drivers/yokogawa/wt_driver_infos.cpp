#include "drivers/scpi_analyzer/driver_info.hpp"
#include "drivers/yokogawa/wt_models.hpp"

namespace wattbench::drivers::yokogawa {

std::vector<api::DriverInfo> wt_driver_infos() {
    return scpi_analyzer::driver_infos(wt_models());
}

std::vector<api::UsbDeclaration> wt_usb_models() {
    return scpi_analyzer::usb_declarations(wt_models());
}

}  // namespace wattbench::drivers::yokogawa
