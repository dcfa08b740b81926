#include <gtest/gtest.h>

#include "drivers/usb/usb_identity.hpp"

namespace wattbench::drivers::usb {
namespace {

TEST(UsbIdentity, DescriptorStringsWinOverTheDriversNames) {
    const auto id = usb_identity({"Benetech Co.", "GM1356 v2", "0042"}, "Benetech", "GM1356");
    EXPECT_EQ(id.vendor, "Benetech Co.");
    EXPECT_EQ(id.model, "GM1356 v2");
    EXPECT_EQ(id.serial, "0042");
    EXPECT_EQ(id.firmware, "");
}

TEST(UsbIdentity, MissingStringsFallBackToTheDriversNames) {
    const auto id = usb_identity({"", "", ""}, "Wensn", "WS1361");
    EXPECT_EQ(id.vendor, "Wensn");
    EXPECT_EQ(id.model, "WS1361");
    EXPECT_EQ(id.serial, "");
}

}  // namespace
}  // namespace wattbench::drivers::usb
