#include "drivers/usb/usb_identity.hpp"

namespace wattbench::drivers::usb {

api::DeviceIdentity usb_identity(const UsbDeviceStrings& strings, std::string vendor,
                                 std::string model) {
    return {strings.manufacturer.empty() ? std::move(vendor) : strings.manufacturer,
            strings.product.empty() ? std::move(model) : strings.product, strings.serial, ""};
}

}  // namespace wattbench::drivers::usb
