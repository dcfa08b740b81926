#include "drivers/transport/serial_scan.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <tuple>
#include <utility>

namespace wattbench::drivers::transport {
namespace {

TEST(SerialScan, KnownInstrumentsAndAdaptersNameTheirDriver) {
    const auto* wt = identify_usb(0x0b21, 0x0025, "");
    ASSERT_NE(wt, nullptr);
    EXPECT_EQ(wt->kind, "wattmeter");
    EXPECT_EQ(wt->drivers, "yokogawa-wt310");
    EXPECT_NE(wt->note.find("USBTMC"), std::string_view::npos);

    // Any other Yokogawa product falls back to the vendor-wide entry.
    const auto* yokogawa = identify_usb(0x0b21, 0x1234, "");
    ASSERT_NE(yokogawa, nullptr);
    EXPECT_EQ(yokogawa->name, "Yokogawa instrument");

    // The FTDI FT232R is both a plain adapter and the Watts up?'s chip: the product string
    // decides.
    const auto* wattsup = identify_usb(0x0403, 0x6001, "Watts Up PRO");
    ASSERT_NE(wattsup, nullptr);
    EXPECT_EQ(wattsup->drivers, "wattsup-pro");
    const auto* ftdi = identify_usb(0x0403, 0x6001, "FT232R USB UART");
    ASSERT_NE(ftdi, nullptr);
    EXPECT_EQ(ftdi->kind, "serial adapter");

    for (auto [vid, pid] :
         {std::pair{0x067b, 0x2303}, std::pair{0x1a86, 0x7523}, std::pair{0x10c4, 0xea60}}) {
        const auto* k = identify_usb(static_cast<std::uint16_t>(vid),
                                     static_cast<std::uint16_t>(pid), "USB-Serial Controller");
        ASSERT_NE(k, nullptr) << std::hex << vid << ":" << pid;
        EXPECT_EQ(k->kind, "serial adapter");
        EXPECT_NE(k->drivers.find("eastron-sdm"), std::string_view::npos);
    }
    EXPECT_EQ(identify_usb(0x1d6b, 0x0002, "Linux Foundation 2.0 root hub"), nullptr);
    EXPECT_EQ(identify_usb(0x0403, 0x9999, ""), nullptr);  // FTDI has no vendor-wide entry
}

TEST(SerialScan, TableEntriesAreUniqueAndComplete) {
    std::set<std::tuple<std::uint16_t, int, std::string_view>> seen;
    for (const auto& k : known_usb_devices()) {
        EXPECT_FALSE(k.kind.empty());
        EXPECT_FALSE(k.name.empty());
        EXPECT_TRUE(seen.insert({k.vid, k.pid ? *k.pid : -1, k.product_contains}).second) << k.name;
    }
}

TEST(SerialScan, ListingWithoutPortsIsEmptyNotAnError) {
    // These machines have no real serial ports; ptys are never listed.
    for (const auto& p : list_serial_ports()) {
        EXPECT_EQ(p.path.rfind("/dev/pts/", 0), std::string::npos) << p.path;
        EXPECT_FALSE(p.bus.empty());
    }
}

}  // namespace
}  // namespace wattbench::drivers::transport
