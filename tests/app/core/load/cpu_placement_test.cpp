#include "app/core/load/cpu_placement.hpp"

#include <gtest/gtest.h>

namespace wattbench::core::load {
namespace {

using profile::Placement;

const CpuTopology& fixture() {
    static const CpuTopology topo =
        read_cpu_topology(std::string(WATTBENCH_TEST_DATA) + "/fixtures/sys_2x4x2");
    return topo;
}

TEST(CpuPlacement, SpreadTakesOneThreadPerCoreAcrossPackagesFirst) {
    EXPECT_EQ(place_workers(fixture(), 16, Placement::spread),
              (std::vector<int>{0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15}));
    EXPECT_EQ(place_workers(fixture(), 3, Placement::spread), (std::vector<int>{0, 4, 1}));
}

TEST(CpuPlacement, PackFillsSiblingsThenCoresThenPackages) {
    EXPECT_EQ(place_workers(fixture(), 16, Placement::pack),
              (std::vector<int>{0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15}));
    EXPECT_EQ(place_workers(fixture(), 3, Placement::pack), (std::vector<int>{0, 8, 1}));
}

TEST(CpuPlacement, EightSpreadWorkersUseEveryPhysicalCoreOnce) {
    const auto cpus = place_workers(fixture(), 8, Placement::spread);
    EXPECT_EQ(cpus, (std::vector<int>{0, 4, 1, 5, 2, 6, 3, 7}));
}

TEST(CpuPlacement, SiblingListsDecideWhereCoreIdsRepeatWithinAPackage) {
    const auto dies =
        read_cpu_topology(std::string(WATTBENCH_TEST_DATA) + "/fixtures/sys_2x2die_2x2");
    EXPECT_EQ(place_workers(dies, 8, Placement::spread),
              (std::vector<int>{0, 4, 1, 5, 2, 6, 3, 7}));
    EXPECT_EQ(place_workers(dies, 16, Placement::pack),
              (std::vector<int>{0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15}));
}

TEST(CpuPlacement, OnlyAllowedCpusAreUsed) {
    EXPECT_EQ(place_workers(fixture(), 4, Placement::spread, {2, 3, 10, 11}),
              (std::vector<int>{2, 3, 10, 11}));
    EXPECT_EQ(place_workers(fixture(), 4, Placement::pack, {2, 3, 10, 11}),
              (std::vector<int>{2, 10, 3, 11}));
}

TEST(CpuPlacement, MoreWorkersThanCpusWrapAround) {
    EXPECT_EQ(place_workers(fixture(), 3, Placement::spread, {0, 8}), (std::vector<int>{0, 8, 0}));
}

TEST(CpuPlacement, WithoutTopologyTheAllowedCpusAreUsedInOrder) {
    EXPECT_EQ(place_workers(CpuTopology{}, 3, Placement::spread, {0, 1}),
              (std::vector<int>{0, 1, 0}));
    EXPECT_TRUE(place_workers(CpuTopology{}, 2, Placement::spread).empty());
}

}  // namespace
}  // namespace wattbench::core::load
