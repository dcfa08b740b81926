#include "app/core/load/cpu_topology.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

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

TEST(CpuTopology, SiblingsComeFromThreadSiblingsList) {
    const auto topo = read_cpu_topology(fixture);
    EXPECT_EQ(topo.cpus[5].first_sibling, 5);
    EXPECT_EQ(topo.cpus[13].first_sibling, 5);
    EXPECT_EQ(physical_core_key(topo.cpus[5]), physical_core_key(topo.cpus[13]));
    EXPECT_NE(physical_core_key(topo.cpus[5]), physical_core_key(topo.cpus[6]));
}

// Two packages of two dies with two cores each: core_id is 0 or 8 on every die, so it repeats
// within a package and only thread_siblings_list tells the eight cores apart.
TEST(CpuTopology, CoreIdsRepeatedWithinAPackageAreToldApartBySiblingLists) {
    const auto topo =
        read_cpu_topology(std::string(WATTBENCH_TEST_DATA) + "/fixtures/sys_2x2die_2x2");
    ASSERT_EQ(topo.cpus.size(), 16u);
    EXPECT_EQ(topo.packages(), 2u);
    EXPECT_EQ(topo.physical_cores(), 8u);
    EXPECT_EQ(topo.cpus[2].core, topo.cpus[0].core);
    EXPECT_NE(physical_core_key(topo.cpus[2]), physical_core_key(topo.cpus[0]));
    EXPECT_EQ(physical_core_key(topo.cpus[10]), physical_core_key(topo.cpus[2]));
}

TEST(CpuTopology, WithoutSiblingListsPackageAndCoreIdGroupTheThreads) {
    const auto root = std::filesystem::temp_directory_path() /
                      ("wattbench-topology-" + std::to_string(::getpid()));
    const auto base = root / "devices/system/cpu";
    for (int n = 0; n < 4; ++n) {
        const auto dir = base / ("cpu" + std::to_string(n)) / "topology";
        std::filesystem::create_directories(dir);
        std::ofstream(dir / "physical_package_id") << "0\n";
        std::ofstream(dir / "core_id") << (n % 2) << "\n";
    }
    const auto topo = read_cpu_topology(root.string());
    std::filesystem::remove_all(root);
    ASSERT_EQ(topo.cpus.size(), 4u);
    EXPECT_EQ(topo.cpus[0].first_sibling, -1);
    EXPECT_EQ(topo.physical_cores(), 2u);
    EXPECT_EQ(physical_core_key(topo.cpus[0]), physical_core_key(topo.cpus[2]));
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
