#include <gtest/gtest.h>

#include "drivers/voltcraft/codec.hpp"

namespace wattbench::drivers::voltcraft {
namespace {

using Bytes = std::vector<std::uint8_t>;

TEST(El4000Codec, ExampleFromTheFileFormatDocument) {
    const Bytes file{0xE0, 0xC5, 0xEA, 0x06, 0x1B, 0x0E, 0x0D, 0x0D, 0x09,
                     0x43, 0x00, 0xD7, 0x2A, 0xFF, 0xFF, 0xFF, 0xFF};
    auto r = decode_data_file(file);
    ASSERT_TRUE(std::holds_alternative<std::vector<MinuteRecord>>(r)) << std::get<std::string>(r);
    const auto& v = std::get<std::vector<MinuteRecord>>(r);
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(v[0].time.year, 2014);
    EXPECT_EQ(v[0].time.month, 6);
    EXPECT_EQ(v[0].time.day, 27);
    EXPECT_EQ(v[0].time.hour, 13);
    EXPECT_EQ(v[0].time.minute, 13);
    EXPECT_DOUBLE_EQ(v[0].volts, 237.1);
    EXPECT_DOUBLE_EQ(v[0].amps, 0.215);
    EXPECT_DOUBLE_EQ(v[0].power_factor, 0.42);
    EXPECT_NEAR(v[0].watts(), 237.1 * 0.215 * 0.42, 1e-9);
}

TEST(El4000Codec, MinutesAdvanceAcrossMidnightAndHeadersRestartTheClock) {
    Bytes file{0xE0, 0xC5, 0xEA, 0x02, 0x1C, 0x18, 0x17, 0x3B};  // 2024-02-28 23:59
    for (int i = 0; i < 2; ++i) {
        file.insert(file.end(), {0x09, 0x00, 0x01, 0x00, 0x64});
    }
    file.insert(file.end(), {0xE0, 0xC5, 0xEA, 0x03, 0x01, 0x18, 0x08, 0x00});  // 03-01 08:00
    file.insert(file.end(), {0x09, 0x00, 0x01, 0x00, 0x64});
    auto v = std::get<std::vector<MinuteRecord>>(decode_data_file(file));  // no end marker
    ASSERT_EQ(v.size(), 3u);
    EXPECT_EQ(v[1].time.month, 2);
    EXPECT_EQ(v[1].time.day, 29);  // 2024 is a leap year
    EXPECT_EQ(v[1].time.hour, 0);
    EXPECT_EQ(v[1].time.minute, 0);
    EXPECT_EQ(v[2].time.hour, 8);
}

TEST(El4000Codec, BadFilesAreNamed) {
    EXPECT_TRUE(std::holds_alternative<std::string>(decode_data_file(Bytes{0x09, 0x43, 0, 0, 0})));
    EXPECT_TRUE(std::holds_alternative<std::string>(
        decode_data_file(Bytes{0xE0, 0xC5, 0xEA, 0x0D, 0x01, 0x0E, 0, 0})));
    EXPECT_TRUE(std::holds_alternative<std::string>(
        decode_data_file(Bytes{0xE0, 0xC5, 0xEA, 0x06, 0x1B, 0x0E, 0x0D, 0x0D, 0x09, 0x43})));
}

TEST(El4000Codec, InfoFileLayout) {
    Bytes info{'I', 'N', 'F', 'O', ':'};
    info.insert(info.end(), {0x00, 0x30, 0x39});  // 12.345 kWh
    info.insert(info.end(), {0x00, 0x01, 0xF4});  // 5.00 h recorded
    info.insert(info.end(), {0x00, 0x00, 0xC8});  // 2.00 h on
    info.insert(info.end(), 70, 0x00);            // daily figures
    info.push_back(3);                            // unit id
    info.insert(info.end(), 8, 0x00);             // tariffs
    info.insert(info.end(), {0x0D, 0x0D, 0x06, 0x1B, 0x0E});
    info.insert(info.end(), 4, 0xFF);
    ASSERT_EQ(info.size(), 102u);
    auto r = decode_info_file(info);
    ASSERT_TRUE(std::holds_alternative<InfoFile>(r)) << std::get<std::string>(r);
    const auto& i = std::get<InfoFile>(r);
    EXPECT_DOUBLE_EQ(i.total_kwh, 12.345);
    EXPECT_DOUBLE_EQ(i.total_recorded_h, 5.0);
    EXPECT_DOUBLE_EQ(i.total_on_h, 2.0);
    EXPECT_EQ(i.unit_id, 3);
    EXPECT_EQ(i.init_time.year, 2014);
    EXPECT_EQ(i.init_time.day, 27);
    info[0] = 'X';
    EXPECT_TRUE(std::holds_alternative<std::string>(decode_info_file(info)));
    EXPECT_TRUE(std::holds_alternative<std::string>(decode_info_file(Bytes(50, 0))));
}

}  // namespace
}  // namespace wattbench::drivers::voltcraft
