#include "app/core/load/cpu_topology.hpp"

#include <gtest/gtest.h>

namespace wattbench::core::load {
namespace {

const std::string fixture = std::string(WATTBENCH_TEST_DATA) + "/fixtures/sys_2x4x2";

TEST(CpuTopology, ReadsTwoPackagesOfFourCoresWithTwoThreads) {
    const auto topo = read_cpu_topology(fixture);
    ASSERT_EQ(topo.cpus.size(), 16u);
    EXPECT_EQ(topo.packages(), 2u);
    EXPECT_EQ(topo.physical_cores(), 8u);
    EXPECT_EQ(topo.cpus[0].cpu, 0);
    EXPECT_EQ(topo.cpus[5].package, 1);
    EXPECT_EQ(topo.cpus[5].core, 1);
    EXPECT_EQ(topo.cpus[13].package, 1);
    EXPECT_EQ(topo.cpus[13].core, 1);
}

TEST(CpuTopology, MissingTreeGivesEmptyTopology) {
    const auto topo = read_cpu_topology("/nonexistent/wattbench");
    EXPECT_TRUE(topo.cpus.empty());
    EXPECT_EQ(topo.physical_cores(), 0u);
}

TEST(CpuTopology, ThisMachineHasAtLeastOneCpu) {
    const auto topo = read_cpu_topology();
    EXPECT_GE(topo.cpus.size(), 1u);
    EXPECT_GE(topo.physical_cores(), 1u);
}

}  // namespace
}  // namespace wattbench::core::load
