#include <gtest/gtest.h>

#include <vector>

#include "drivers/usb/libusb_transport.hpp"
#include "drivers/usb/meter_scan.hpp"
#include "drivers/usb/replay_transport.hpp"
#include "drivers/usb/usb_address.hpp"

namespace wattbench::drivers::usb {
namespace {

using api::ErrorKind;
using namespace std::chrono_literals;
using Bytes = std::vector<std::uint8_t>;

std::vector<ReplayStep> parse(std::string_view text) {
    auto r = parse_replay_script(text, "t.usbreplay");
    EXPECT_EQ(r.index(), 0u) << std::get<std::string>(r);
    return r.index() == 0 ? std::get<0>(r) : std::vector<ReplayStep>{};
}

std::string parse_error(std::string_view text) {
    auto r = parse_replay_script(text, "t.usbreplay");
    return r.index() == 1 ? std::get<1>(r) : std::string("parsed");
}

TEST(UsbAddress, Parses) {
    auto a = std::get<UsbAddress>(parse_usb_address("usb://16c0:05dc"));
    EXPECT_EQ(a.vendor, 0x16c0);
    EXPECT_EQ(a.product, 0x05dc);
    EXPECT_EQ(a.id(), "16c0:05dc");
    a = std::get<UsbAddress>(parse_usb_address("usb://64BD:74E3?serial=A1&product=SL-Meter"));
    EXPECT_EQ(a.vendor, 0x64bd);
    EXPECT_EQ(a.serial, "A1");
    EXPECT_EQ(a.product_string, "SL-Meter");
    for (const char* bad :
         {"usb://", "usb://16c0", "usb://16c0:", "usb://1x:05dc", "usb://16c00:05dc",
          "usb://16c0:05dc?colour=red", "usb://16c0:05dc?serial", "serial:///dev/ttyUSB0"}) {
        auto r = parse_usb_address(bad);
        ASSERT_EQ(r.index(), 1u) << bad;
        EXPECT_EQ(std::get<1>(r).kind, ErrorKind::config);
        EXPECT_NE(std::get<1>(r).message.find(bad), std::string::npos);
    }
}

TEST(ReplayScript, ParsesEveryStepKind) {
    const auto steps = parse(R"(# comment
strings manufacturer="ACME" product="Meter 1" serial="42"
open
open unreachable
ctrl_in C0 04 0000 0000 00C8 -> 1A 02   # trailing comment
ctrl_in C0 04 0000 0000 00C8 -> timeout
ctrl_out 40 03 0012 0000 0002 : 01 ?? -> ok
int_out 02 B3 ?? ?? ?? 00 00 00 00 -> disconnect
int_in 81 8 -> stall
)");
    ASSERT_EQ(steps.size(), 8u);
    EXPECT_EQ(steps[0].strings.product, "Meter 1");
    EXPECT_EQ(steps[0].strings.serial, "42");
    EXPECT_EQ(steps[2].outcome, ReplayStep::Outcome::unreachable);
    EXPECT_EQ(steps[3].setup, (SetupPacket{0xC0, 4, 0, 0, 200}));
    EXPECT_EQ(steps[3].reply, (Bytes{0x1A, 0x02}));
    EXPECT_EQ(steps[3].line, 5u);
    EXPECT_EQ(steps[4].outcome, ReplayStep::Outcome::timeout);
    EXPECT_EQ(steps[5].expect.size(), 2u);
    EXPECT_FALSE(steps[5].expect[1]);
    EXPECT_EQ(steps[6].endpoint, 0x02);
    EXPECT_EQ(steps[6].outcome, ReplayStep::Outcome::disconnect);
    EXPECT_EQ(steps[7].length, 8u);
    EXPECT_EQ(describe(steps[6]), "int_out 02 B3 ?? ?? ?? 00 00 00 00");
}

TEST(ReplayScript, ErrorsNameTheLine) {
    EXPECT_EQ(parse_error("open\nfly 1 2 -> ok\n"),
              "t.usbreplay:2: unknown step 'fly' (open, strings, ctrl_in, ctrl_out, int_in, "
              "int_out)");
    EXPECT_EQ(parse_error("ctrl_in C0 04 0000 0000 00C8\n"),
              "t.usbreplay:1: expected '-> answer' (bytes, ok, timeout, stall or disconnect)");
    EXPECT_EQ(parse_error("ctrl_in C0 4 0000 0000 00C8 -> 00\n").substr(0, 32),
              "t.usbreplay:1: expected the setu");
    EXPECT_EQ(parse_error("int_in 81 8 -> ok\n"),
              "t.usbreplay:1: an IN step answers with bytes, timeout, stall or disconnect");
    EXPECT_EQ(parse_error("int_out 02 B3 -> 00\n"),
              "t.usbreplay:1: an OUT step answers ok, timeout, stall or disconnect");
    EXPECT_EQ(parse_error("int_in 81 8 -> 0G\n"), "t.usbreplay:1: '0G' is not a hex byte");
    EXPECT_EQ(parse_error("-> 00\n"), "t.usbreplay:1: a step starts with its kind, not '->'");
    EXPECT_EQ(parse_error("open now\n"), "t.usbreplay:1: expected 'open' or 'open unreachable'");
    EXPECT_EQ(parse_error("strings product=\"x\n"), "t.usbreplay:1: unterminated \"");
}

TEST(ReplayTransport, PlaysMatchesAndReportsMismatches) {
    ReplayTransport t(parse(R"(strings product="P"
open
ctrl_in C0 04 0000 0000 00C8 -> 1A 02 03
int_out 02 B3 ?? ?? 00 -> ok
int_in 81 8 -> 01 02
int_in 81 8 -> timeout
int_in 81 8 -> disconnect
open
ctrl_in C0 02 0000 0000 0001 -> 07 08
)"),
                      "replay://t");
    EXPECT_FALSE(t.is_open());
    auto lost = t.control_in({0xC0, 4, 0, 0, 200}, 1s);
    ASSERT_EQ(lost.index(), 1u);
    EXPECT_EQ(std::get<1>(lost).kind, ErrorKind::link_lost);

    ASSERT_EQ(t.open(), std::nullopt);
    EXPECT_EQ(t.strings().product, "P");
    // A different request: protocol error, step kept.
    auto wrong = t.control_in({0xC0, 2, 0, 0, 200}, 1s);
    ASSERT_EQ(wrong.index(), 1u);
    EXPECT_EQ(std::get<1>(wrong).kind, ErrorKind::protocol);
    EXPECT_EQ(std::get<1>(wrong).message,
              "replay://t:3: expected ctrl_in C0 04 0000 0000 00C8, got ctrl_in C0 02 0000 0000 "
              "00C8");
    auto ok = t.control_in({0xC0, 4, 0, 0, 200}, 1s);
    ASSERT_EQ(ok.index(), 0u);
    EXPECT_EQ(std::get<0>(ok), (Bytes{0x1A, 0x02, 0x03}));

    const std::uint8_t wrong_req[] = {0xB3, 1, 2, 3};
    ASSERT_TRUE(t.interrupt_out(0x02, wrong_req, 1s));
    const std::uint8_t req[] = {0xB3, 0xAA, 0xBB, 0x00};
    EXPECT_EQ(t.interrupt_out(0x02, req, 1s), std::nullopt);
    EXPECT_EQ(std::get<0>(t.interrupt_in(0x81, 8, 1s)), (Bytes{0x01, 0x02}));
    EXPECT_EQ(std::get<1>(t.interrupt_in(0x81, 8, 1s)).kind, ErrorKind::timeout);
    EXPECT_TRUE(t.is_open());
    EXPECT_EQ(std::get<1>(t.interrupt_in(0x81, 8, 1s)).kind, ErrorKind::link_lost);
    EXPECT_FALSE(t.is_open());

    ASSERT_EQ(t.open(), std::nullopt);
    // An IN answer longer than wLength is cut to it, as the bus would.
    EXPECT_EQ(std::get<0>(t.control_in({0xC0, 2, 0, 0, 1}, 1s)), (Bytes{0x07}));
    auto gone = t.open();
    ASSERT_TRUE(gone);
    EXPECT_EQ(gone->kind, ErrorKind::unreachable);

    const auto record = t.record();
    EXPECT_EQ(record->mismatches.size(), 2u);
    EXPECT_EQ(record->consumed, record->total);
    EXPECT_EQ(record->opens, 2);
}

TEST(ReplayTransport, OpenUnreachable) {
    ReplayTransport t(parse("open unreachable\nopen\n"), "replay://t");
    auto e = t.open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::unreachable);
    EXPECT_EQ(t.open(), std::nullopt);
}

TEST(LibusbTransport, NoDeviceFailsCleanly) {
    LibusbTransport t(std::get<UsbAddress>(parse_usb_address("usb://16c0:05dc?product=WS1361")), 0);
    auto e = t.open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, ErrorKind::unreachable);
    EXPECT_EQ(e->message.rfind("no USB device 16c0:05dc found", 0), 0u) << e->message;
    EXPECT_FALSE(t.is_open());
    auto r = t.control_in({0xC0, 4, 0, 0, 200}, 100ms);
    ASSERT_EQ(r.index(), 1u);
    EXPECT_EQ(std::get<1>(r).kind, ErrorKind::link_lost);
}

TEST(MeterScan, FindsNothingWithoutUsb) {
    const std::vector<api::UsbDeclaration> declared{
        {"wensn-ws1361", {0x16c0, 0x05dc, "Wensn WS1361", true, "sound level meter", true}}};
    EXPECT_TRUE(scan_sound_meters(declared).empty());
}

}  // namespace
}  // namespace wattbench::drivers::usb
