#include <gtest/gtest.h>

#include <string>

#include "tests/app/core/profile/load_helpers.hpp"

namespace wattbench::core::profile {
namespace {

using testing::load_error;
using testing::load_ok;

const std::string run = "[run]\nname = \"t\"\n";

std::string cpu_phase(const std::string& extra) {
    return run + "[[phase]]\nname = \"cpu-{n}\"\nload = \"cpu\"\nworkers = [1, 2]\n" + extra;
}

TEST(LoaderCpuKeys, DefaultsAreSpreadFullIntensityIntegerKernel) {
    const Profile p = load_ok(cpu_phase(""));
    ASSERT_EQ(p.phases.size(), 2u);
    EXPECT_EQ(p.phases[0].placement, Placement::spread);
    EXPECT_DOUBLE_EQ(p.phases[0].intensity, 100.0);
    EXPECT_EQ(p.phases[0].kernel, CpuKernel::integer);
}

TEST(LoaderCpuKeys, KeysApplyToEveryExpandedPhase) {
    const Profile p = load_ok(cpu_phase("placement = \"pack\"\nintensity = 30\nkernel = \"fp\"\n"));
    ASSERT_EQ(p.phases.size(), 2u);
    for (const auto& phase : p.phases) {
        EXPECT_EQ(phase.placement, Placement::pack);
        EXPECT_DOUBLE_EQ(phase.intensity, 30.0);
        EXPECT_EQ(phase.kernel, CpuKernel::fp);
    }
    EXPECT_DOUBLE_EQ(load_ok(cpu_phase("intensity = 12.5\n")).phases[0].intensity, 12.5);
}

TEST(LoaderCpuKeys, BadValuesNameTheirLine) {
    EXPECT_EQ(
        load_error(cpu_phase("placement = \"scatter\"\n")),
        "test.toml:7:1: phase[1].placement: unknown placement 'scatter' (use spread or pack)");
    EXPECT_EQ(load_error(cpu_phase("kernel = \"avx\"\n")),
              "test.toml:7:1: phase[1].kernel: unknown kernel 'avx' (use int or fp)");
    EXPECT_EQ(load_error(cpu_phase("intensity = 0\n")),
              "test.toml:7:1: phase[1].intensity: must be between 1 and 100 (percent), got 0");
    EXPECT_EQ(load_error(cpu_phase("intensity = 150\n")),
              "test.toml:7:1: phase[1].intensity: must be between 1 and 100 (percent), got 150");
    EXPECT_EQ(
        load_error(cpu_phase("intensity = \"50%\"\n")),
        "test.toml:7:1: phase[1].intensity: expected a percentage (1 to 100), got string \"50%\"");
}

TEST(LoaderCpuKeys, CpuKeysOnAnotherLoadAreRefused) {
    EXPECT_EQ(load_error(run + "[[phase]]\nname = \"idle\"\nload = \"idle\"\nintensity = 50\n"),
              "test.toml:6:1: phase[1].intensity: only valid with load = \"cpu\" (this phase has "
              "load = \"idle\")");
}

}  // namespace
}  // namespace wattbench::core::profile
