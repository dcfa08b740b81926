#include "drivers/ipmi/dcmi_power.hpp"

#include <gtest/gtest.h>

namespace wattbench::drivers::ipmi {
namespace {

TEST(DcmiPower, Request) {
    EXPECT_EQ(dcmi_power_request(), (std::vector<std::uint8_t>{0x02, 0xDC, 0x01, 0x00, 0x00}));
}

TEST(DcmiPower, ParsesAReading) {
    // 180 W now, 95 min, 260 max, 175 average, timestamp 0x5F5E1000, period 1000 ms, active.
    const std::vector<std::uint8_t> rs{0x02, 0x00, 0xDC, 0xB4, 0x00, 0x5F, 0x00, 0x04, 0x01, 0xAF,
                                       0x00, 0x00, 0x10, 0x5E, 0x5F, 0xE8, 0x03, 0x00, 0x00, 0x40};
    auto p = std::get<DcmiPower>(parse_dcmi_power(rs.data(), rs.size()));
    EXPECT_DOUBLE_EQ(p.current_w, 180);
    EXPECT_DOUBLE_EQ(p.minimum_w, 95);
    EXPECT_DOUBLE_EQ(p.maximum_w, 260);
    EXPECT_DOUBLE_EQ(p.average_w, 175);
    EXPECT_EQ(p.timestamp, 0x5F5E1000u);
    EXPECT_EQ(p.period_ms, 1000u);
    EXPECT_TRUE(p.active);
}

TEST(DcmiPower, RefusalsAndGarbage) {
    const std::vector<std::uint8_t> invalid_command{0x02, 0xC1};
    auto e = std::get<std::string>(parse_dcmi_power(invalid_command.data(), 2));
    EXPECT_NE(e.find("0xC1"), std::string::npos);
    const std::vector<std::uint8_t> short_rs{0x02, 0x00, 0xDC, 0x01};
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_dcmi_power(short_rs.data(), 4)));
    std::vector<std::uint8_t> wrong_group(20, 0);
    wrong_group[0] = 0x02;
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_dcmi_power(wrong_group.data(), 20)));
    EXPECT_TRUE(std::holds_alternative<std::string>(parse_dcmi_power(nullptr, 0)));
    std::vector<std::uint8_t> inactive(20, 0);
    inactive[0] = 0x02;
    inactive[2] = 0xDC;
    EXPECT_FALSE(std::get<DcmiPower>(parse_dcmi_power(inactive.data(), 20)).active);
}

}  // namespace
}  // namespace wattbench::drivers::ipmi
