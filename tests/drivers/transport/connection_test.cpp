#include <gtest/gtest.h>

#include <span>

#include "drivers/transport/connection.hpp"

namespace wattbench::drivers::transport {
namespace {

struct Good {
    const char* text;
    const char* described;
};

struct Bad {
    const char* text;
    const char* names;  // the offending part the message must quote
};

void expect_described(std::span<const Good> cases, const ConnectionDefaults& defaults) {
    for (const auto& c : cases) {
        auto r = parse_connection(c.text, defaults);
        ASSERT_TRUE(std::holds_alternative<Endpoint>(r)) << c.text;
        EXPECT_EQ(describe(std::get<Endpoint>(r)), c.described) << c.text;
    }
}

void expect_refused(std::span<const Bad> cases, const ConnectionDefaults& defaults) {
    for (const auto& c : cases) {
        auto r = parse_connection(c.text, defaults);
        ASSERT_TRUE(std::holds_alternative<api::DeviceError>(r)) << c.text;
        const auto& e = std::get<api::DeviceError>(r);
        EXPECT_EQ(e.kind, api::ErrorKind::config);
        EXPECT_NE(e.message.find(c.names), std::string::npos) << c.text << " → " << e.message;
        EXPECT_NE(e.message.find(c.text), std::string::npos) << e.message;
    }
}

TEST(ParseConnection, AcceptsSerialAndTcpForms) {
    const Good cases[] = {
        {"serial:///dev/ttyUSB0", "/dev/ttyUSB0 at 9600 8N1"},
        {"serial:///dev/ttyUSB0?baud=115200", "/dev/ttyUSB0 at 115200 8N1"},
        {"serial:///dev/ttyS1?baud=9600&format=7O1", "/dev/ttyS1 at 9600 7O1"},
        {"serial:///dev/ttyS1?format=7e2&baud=2400", "/dev/ttyS1 at 2400 7E2"},
        {"serial:///tmp/ttyV0", "/tmp/ttyV0 at 9600 8N1"},
        {"tcp://127.0.0.1:4001", "127.0.0.1:4001"},
        {"tcp://meter.lab:23/", "meter.lab:23"},
        {"tcp://[::1]:5025", "::1:5025"},
    };
    expect_described(cases, {});
}

TEST(ParseConnection, DefaultsComeFromTheInstrument) {
    SerialSettings wattsup{115200, 8, Parity::none, 1};
    auto r = parse_connection("serial:///dev/ttyUSB0", wattsup);
    EXPECT_EQ(std::get<SerialEndpoint>(std::get<Endpoint>(r)).settings.baud, 115200);
}

TEST(ParseConnection, ErrorsNameTheOffendingPart) {
    const Bad cases[] = {
        {"/dev/ttyUSB0", "no scheme"},
        {"usb://0b21:0025", "'usb'"},
        {"serial://", "no device path"},
        {"serial://dev/ttyUSB0", "'dev/ttyUSB0' must be absolute"},
        {"serial:///dev/ttyUSB0?baud=fast", "baud 'fast'"},
        {"serial:///dev/ttyUSB0?baud=0", "baud '0'"},
        {"serial:///dev/ttyUSB0?format=9N1", "format '9N1'"},
        {"serial:///dev/ttyUSB0?format=8X1", "format '8X1'"},
        {"serial:///dev/ttyUSB0?parity=none", "unknown parameter 'parity'"},
        {"serial:///dev/ttyUSB0?baud", "'baud' has no '=value'"},
        {"tcp://host", "no ':PORT' after host 'host'"},
        {"tcp://:4001", "empty host"},
        {"tcp://host:99999", "port '99999'"},
        {"tcp://host:12ab", "port '12ab'"},
        {"tcp://[::1", "unterminated '['"},
    };
    expect_refused(cases, {});
}

TEST(ParseConnection, TcpPortDefaultsToTheModels) {
    const Good cases[] = {
        {"tcp://192.0.2.7", "192.0.2.7:10001"},
        {"tcp://192.0.2.7/", "192.0.2.7:10001"},
        {"tcp://192.0.2.7:3300", "192.0.2.7:3300"},
        {"tcp://[2001:db8::7]", "2001:db8::7:10001"},
        {"tcp://[2001:db8::7]:5025", "2001:db8::7:5025"},
        {"serial:///dev/ttyUSB0", "/dev/ttyUSB0 at 9600 8N1"},
    };
    expect_described(cases, {{}, 10001});
    const ConnectionDefaults hioki{{38400, 8, Parity::none, 1}, 3300};
    auto s = parse_connection("serial:///dev/ttyUSB0", hioki);
    EXPECT_EQ(std::get<SerialEndpoint>(std::get<Endpoint>(s)).settings.baud, 38400);
}

TEST(ParseConnection, DefaultPortDoesNotHideBadPorts) {
    const Bad cases[] = {
        {"tcp://host:", "port ''"},
        {"tcp://host:0", "port '0'"},
        {"tcp://[::1]x", "no ':PORT' after host"},
        {"tcp://", "empty host"},
        {"tcp:///", "empty host"},
    };
    expect_refused(cases, {{}, 3300});
}

TEST(ParseConnection, UsbtmcByVendorProductAndSerial) {
    const Good cases[] = {
        {"usbtmc://0b21:0025", "USBTMC 0b21:0025"},
        {"usbtmc://0B21:0025/", "USBTMC 0b21:0025"},
        {"usbtmc://0b21:0025/C2PH12345", "USBTMC 0b21:0025 serial C2PH12345"},
        {"usbtmc://699:1/8", "USBTMC 0699:0001 serial 8"},
    };
    expect_described(cases, {});
    auto ep =
        std::get<UsbtmcEndpoint>(std::get<Endpoint>(parse_connection("usbtmc://0b21:0025/X1")));
    EXPECT_EQ(ep.vendor, 0x0b21);
    EXPECT_EQ(ep.product, 0x0025);
    EXPECT_EQ(ep.serial, "X1");
}

TEST(ParseConnection, UsbtmcErrorsQuoteTheBadPart) {
    const Bad cases[] = {
        {"usbtmc://", "'' is not VID:PID"},
        {"usbtmc://0b21", "'0b21' is not VID:PID"},
        {"usbtmc://0b21:", "product ID ''"},
        {"usbtmc://:0025", "vendor ID ''"},
        {"usbtmc://0g21:0025", "vendor ID '0g21'"},
        {"usbtmc://0b21:00251", "product ID '00251'"},
        {"usbtmc://0b21:-25", "product ID '-25'"},
        {"usbtmc://0b21:0025/a/b", "serial 'a/b'"},
        {"usbtmc://0b21:0025?serial=1", "product ID '0025?serial=1'"},
    };
    expect_refused(cases, {});
}

}  // namespace
}  // namespace wattbench::drivers::transport
