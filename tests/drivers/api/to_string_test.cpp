#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "drivers/api/device_error.hpp"
#include "drivers/api/quantity.hpp"
#include "drivers/api/reading.hpp"

namespace wattbench::drivers::api {
namespace {

TEST(ToString, ErrorKind) {
    EXPECT_STREQ(to_string(ErrorKind::config), "configuration");
    EXPECT_STREQ(to_string(ErrorKind::unreachable), "unreachable");
    EXPECT_STREQ(to_string(ErrorKind::link_lost), "link lost");
    EXPECT_STREQ(to_string(ErrorKind::timeout), "timeout");
    EXPECT_STREQ(to_string(ErrorKind::protocol), "protocol");
    EXPECT_STREQ(to_string(ErrorKind::auth), "authentication");
}

// These spellings are the samples.csv status column.
TEST(ToString, Status) {
    EXPECT_EQ(to_string(Status::ok), "ok");
    EXPECT_EQ(to_string(Status::overrange), "overrange");
    EXPECT_EQ(to_string(Status::unavailable), "unavailable");
    EXPECT_EQ(to_string(Status::error), "error");
}

TEST(ToString, QuantityNamesRoundTrip) {
    const std::pair<Quantity, const char*> all[] = {
        {Quantity::power, "power"},
        {Quantity::apparent_power, "apparent_power"},
        {Quantity::power_factor, "power_factor"},
        {Quantity::voltage, "voltage"},
        {Quantity::current, "current"},
        {Quantity::frequency, "frequency"},
        {Quantity::energy, "energy"},
        {Quantity::temperature, "temperature"},
        {Quantity::fan, "fan"},
        {Quantity::sound, "sound"},
        {Quantity::utilisation, "utilisation"},
        {Quantity::state, "state"},
        {Quantity::other, "other"},
    };
    for (const auto& [q, name] : all) {
        EXPECT_EQ(to_string(q), name);
        EXPECT_EQ(quantity_from_string(name), q) << name;
    }
}

TEST(ToString, UnknownQuantityName) {
    EXPECT_EQ(quantity_from_string("Power"), std::nullopt);
    EXPECT_EQ(quantity_from_string(""), std::nullopt);
    EXPECT_EQ(quantity_from_string("watts"), std::nullopt);
}

}  // namespace
}  // namespace wattbench::drivers::api
