#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "drivers/catalogue/usb_catalogue.hpp"

namespace wattbench::drivers::catalogue {
namespace {

std::vector<std::string> drivers_of(const std::vector<api::UsbDeclaration>& matches) {
    std::vector<std::string> out;
    for (const auto& m : matches) {
        out.push_back(m.driver);
    }
    return out;
}

const std::vector<api::UsbDeclaration> declared = {
    {"acme-pa1", {0x1234, 0x0001, "ACME PA1", true}},
    {"acme-pa1", {0x1234, std::nullopt, "ACME PA1 or PA2", false}},
    {"acme-pa2", {0x1234, std::nullopt, "ACME PA1 or PA2", false}},
    {"acme-pa3", {0x1234, 0x0003, "ACME PA3", false}},
};

TEST(UsbCatalogue, ExactProductFirstThenTheVendorsDrivers) {
    EXPECT_EQ(drivers_of(drivers_for_usb(declared, 0x1234, 0x0001)),
              (std::vector<std::string>{"acme-pa1"}));
    EXPECT_EQ(drivers_of(drivers_for_usb(declared, 0x1234, 0x0003)),
              (std::vector<std::string>{"acme-pa3"}));
    EXPECT_EQ(drivers_of(drivers_for_usb(declared, 0x1234, 0x0099)),
              (std::vector<std::string>{"acme-pa1", "acme-pa2"}));
    EXPECT_TRUE(drivers_for_usb(declared, 0x4321, 0x0001).empty());
}

TEST(UsbCatalogue, DescribesWhatTheScanPrints) {
    EXPECT_EQ(describe(drivers_for_usb(declared, 0x1234, 0x0001), "usbtmc://1234:0001/SN7"),
              "wattmeter: ACME PA1; driver acme-pa1, connection usbtmc://1234:0001/SN7");
    EXPECT_EQ(describe(drivers_for_usb(declared, 0x1234, 0x0003), "serial:///dev/ttyACM0"),
              "wattmeter: ACME PA3 (ID UNCONFIRMED); driver acme-pa3, connection "
              "serial:///dev/ttyACM0");
    EXPECT_EQ(describe(drivers_for_usb(declared, 0x1234, 0x0042), "usbtmc://1234:0042"),
              "wattmeter: ACME PA1 or PA2 (by vendor ID only); drivers acme-pa1, acme-pa2, "
              "connection usbtmc://1234:0042");
    EXPECT_EQ(describe({}, "usbtmc://1234:0042"), "");
}

// The IDs this build's drivers declare (analyzers.md; the family READMEs say which are
// UNCONFIRMED).
TEST(UsbCatalogue, TheBuiltinDriversDeclareTheirIds) {
    EXPECT_EQ(drivers_of(drivers_for_usb(0x2184, 0x0052)),
              (std::vector<std::string>{"gwinstek-gpm8213"}));
    EXPECT_TRUE(drivers_for_usb(0x2184, 0x0052).front().model.confirmed);
    EXPECT_EQ(drivers_of(drivers_for_usb(0x2184, 0x0061)),
              (std::vector<std::string>{"gwinstek-gpm8213", "gwinstek-gpm8310"}));
    EXPECT_EQ(drivers_of(drivers_for_usb(0x0aad, 0x0135)),
              (std::vector<std::string>{"rs-hmc8015"}));
    EXPECT_EQ(drivers_of(drivers_for_usb(0x0b21, 0x0025)),
              (std::vector<std::string>{"yokogawa-wt310"}));
    const auto yokogawa = drivers_of(drivers_for_usb(0x0b21, 0x0039));
    for (const char* d : {"yokogawa-wt310", "yokogawa-wt210", "yokogawa-wt500", "yokogawa-wt1800",
                          "yokogawa-wt5000"}) {
        EXPECT_NE(std::find(yokogawa.begin(), yokogawa.end(), d), yokogawa.end()) << d;
    }
    EXPECT_EQ(drivers_of(drivers_for_usb(0x0699, 0x1234)),
              (std::vector<std::string>{"tektronix-pa1000", "tektronix-pa3000"}));
    EXPECT_TRUE(drivers_for_usb(0x0403, 0x6001).empty());  // an FTDI adapter: no analyzer
    // The sound level meters, which the scan looks for with libusb.
    for (const auto& [vendor, product, driver] :
         {std::tuple{0x16c0, 0x05dc, "wensn-ws1361"}, std::tuple{0x64bd, 0x74e3, "gm1356"}}) {
        const auto found = drivers_for_usb(vendor, product);
        ASSERT_EQ(drivers_of(found), (std::vector<std::string>{driver}));
        EXPECT_TRUE(found.front().model.libusb);
        EXPECT_EQ(found.front().model.kind, "sound level meter");
    }
    EXPECT_FALSE(drivers_for_usb(0x2184, 0x0052).front().model.libusb);
    EXPECT_EQ(describe(drivers_for_usb(0x2184, 0x0052), "usbtmc://2184:0052/GES913349"),
              "wattmeter: GW Instek GPM-8213; driver gwinstek-gpm8213, connection "
              "usbtmc://2184:0052/GES913349");
}

}  // namespace
}  // namespace wattbench::drivers::catalogue
