#include "app/metrics/listen_address.hpp"

#include <gtest/gtest.h>

#include <utility>

namespace wattbench::metrics {
namespace {

ListenAddress ok(std::string_view text) {
    auto r = parse_listen_address(text);
    if (auto* e = std::get_if<std::string>(&r)) {
        ADD_FAILURE() << text << ": " << *e;
        return {};
    }
    return std::get<ListenAddress>(r);
}

std::string error(std::string_view text) {
    auto r = parse_listen_address(text);
    return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : "(parsed)";
}

TEST(ListenAddress, APortAloneListensOnLoopback) {
    const auto a = ok("9877");
    EXPECT_EQ(a.host, "127.0.0.1");
    EXPECT_EQ(a.port, 9877);
    EXPECT_FALSE(a.ipv6);
    EXPECT_EQ(a.text(), "127.0.0.1:9877");
}

TEST(ListenAddress, TakesNumericAddresses) {
    EXPECT_EQ(ok("0.0.0.0:80").text(), "0.0.0.0:80");
    EXPECT_EQ(ok("localhost:1").text(), "127.0.0.1:1");
    EXPECT_EQ(ok("127.0.0.1:0").port, 0);
    const auto v6 = ok("[::1]:9877");
    EXPECT_TRUE(v6.ipv6);
    EXPECT_EQ(v6.host, "::1");
    EXPECT_EQ(v6.text(), "[::1]:9877");
}

TEST(ListenAddress, SaysWhatIsWrong) {
    const std::string port = "is not a number from 0 to 65535";
    const std::pair<std::string_view, std::string> cases[] = {
        {"65536", "the port '65536' " + port},
        {"1.2.3.4:", "the port '' " + port},
        {"1.2.3.4:9x", "the port '9x' " + port},
        {":9877", "give ADDR:PORT or only a port (which listens on 127.0.0.1)"},
        {"::1:9877", "an IPv6 address is written [ADDR]:PORT"},
        {"[::1]9877", "an IPv6 address is written [ADDR]:PORT"},
        {"example.org:9877", "'example.org' is not a numeric IPv4 address"},
        {"[1.2.3.4]:9877", "'1.2.3.4' is not a numeric IPv6 address"},
    };
    for (const auto& [text, why] : cases) {
        EXPECT_EQ(error(text), why) << text;
    }
    EXPECT_EQ(error(std::string_view("127.0.0.1\0x:1", 13)).substr(0, 1), "'");
}

}  // namespace
}  // namespace wattbench::metrics
