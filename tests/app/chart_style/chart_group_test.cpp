#include "app/chart_style/chart_group.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace wattbench::chart_style {
namespace {

using drivers::api::Quantity;

TEST(ChartGroup, EachChartedQuantityHasItsChart) {
    EXPECT_EQ(chart_group(Quantity::power), ChartGroup::power);
    // Apparent power is drawn beside real power: the gap between them is the power factor.
    EXPECT_EQ(chart_group(Quantity::apparent_power), ChartGroup::power);
    EXPECT_EQ(chart_group(Quantity::temperature), ChartGroup::temperature);
    EXPECT_EQ(chart_group(Quantity::fan), ChartGroup::fan);
    EXPECT_EQ(chart_group(Quantity::voltage), ChartGroup::voltage);
    EXPECT_EQ(chart_group(Quantity::sound), ChartGroup::sound);
    EXPECT_EQ(chart_group(Quantity::utilisation), ChartGroup::load);
}

TEST(ChartGroup, QuantitiesWithoutAChartAreLeftOut) {
    for (auto q : {Quantity::power_factor, Quantity::current, Quantity::frequency, Quantity::energy,
                   Quantity::state, Quantity::other}) {
        EXPECT_FALSE(chart_group(q).has_value()) << drivers::api::to_string(q);
    }
}

TEST(ChartGroup, TitlesAndKeysAreDistinctAndEveryGroupIsListedOnce) {
    std::set<ChartGroup> groups;
    std::set<std::string> titles;
    std::set<std::string> keys;
    for (auto g : kChartGroups) {
        groups.insert(g);
        titles.emplace(title(g));
        keys.emplace(key(g));
        EXPECT_FALSE(title(g).empty());
        // Keys name settings and chart files: lower case, no spaces.
        for (char c : key(g)) {
            EXPECT_TRUE(c >= 'a' && c <= 'z') << key(g);
        }
    }
    EXPECT_EQ(groups.size(), 6u);
    EXPECT_EQ(titles.size(), 6u);
    EXPECT_EQ(keys.size(), 6u);
    EXPECT_EQ(title(ChartGroup::temperature), "Temperatures [°C]");
    EXPECT_EQ(key(ChartGroup::load), "load");
    // The list's order is the order the GUI and the report lay the charts out in.
    EXPECT_EQ(kChartGroups[0], ChartGroup::power);
    EXPECT_EQ(kChartGroups[5], ChartGroup::load);
}

}  // namespace
}  // namespace wattbench::chart_style
