#include "app/core/host/host_facts.hpp"

#include <gtest/gtest.h>

namespace wattbench::core::host {
namespace {

// Two packages of two dies with two 2-thread cores each; core_id is 0 or 8 on every die, so
// only thread_siblings_list tells the eight cores apart.
TEST(HostFacts, PhysicalCoresFollowThreadSiblingLists) {
    const auto f = read_host_facts(std::string(WATTBENCH_TEST_DATA) + "/fixtures/root_dies");
    EXPECT_EQ(f.logical_cpus, 16u);
    EXPECT_EQ(f.cpu_model, "Test CPU with dies");
    EXPECT_EQ(f.packages, 2u);
    EXPECT_EQ(f.physical_cores, 8u);
}

}  // namespace
}  // namespace wattbench::core::host
