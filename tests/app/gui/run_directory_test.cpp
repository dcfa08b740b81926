#include "app/gui/history/run_directory.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace wattbench::gui::history {
namespace {

const std::string kRun = std::string(WATTBENCH_TEST_DATA) + "/fixtures/demo-run";

core::rundir::Manifest manifest() {
    auto m = core::rundir::read_manifest(kRun + "/manifest.json");
    EXPECT_TRUE(m.ok()) << m.error().text();
    return m.ok() ? *m : core::rundir::Manifest{};
}

// A folder holding a samples.csv of the header and `rows`.
std::filesystem::path samples_dir(const std::string& rows) {
    std::string templ = (std::filesystem::temp_directory_path() / "gui-run-dir-XXXXXX").string();
    EXPECT_NE(mkdtemp(templ.data()), nullptr);
    std::ofstream(templ + "/samples.csv")
        << "time,elapsed_s,phase,stage,device,channel,value,unit,status\n"
        << rows;
    return templ;
}

TEST(CatalogFromManifest, ReadsDevicesChannelsThresholdsAndPhases) {
    const auto c = catalog_from_manifest(manifest());
    ASSERT_EQ(c.devices.size(), 4u);
    EXPECT_EQ(c.devices[0].device_id, "wattmeter");
    EXPECT_EQ(c.devices[0].channels[0].name, "power");
    EXPECT_EQ(c.devices[0].channels[0].quantity, drivers::api::Quantity::power);
    EXPECT_TRUE(c.devices[0].channels[0].key);
    const auto& bmc = c.devices[1];
    ASSERT_EQ(bmc.channels[0].name, "system_temp");
    EXPECT_EQ(bmc.channels[0].thresholds.upper_critical, 58.0);
    EXPECT_EQ(c.phase_names, (std::vector<std::string>{"idle", "cpu-1", "cpu-2"}));
}

TEST(ReadSamplesCsv, FillsHistoryAndRebuildsPhaseBands) {
    RunHistory h;
    h.reset(catalog_from_manifest(manifest()));
    std::size_t rows = 0;
    auto err = read_samples_csv(kRun + "/samples.csv", h, [&](const LiveSample&) { ++rows; });
    ASSERT_FALSE(err) << *err;
    EXPECT_EQ(rows, 180u);
    EXPECT_FALSE(h.channel(0, 0)->recent().empty());
    ASSERT_EQ(h.bands().size(), 3u);
    EXPECT_EQ(h.bands()[1].name, "cpu-1");
    EXPECT_TRUE(h.bands()[1].has_window());
    EXPECT_FALSE(h.bands()[2].open());
    EXPECT_LT(h.bands()[0].start, h.bands()[0].window_start);
}

TEST(ReadSamplesCsv, ErrorsNameFileAndLine) {
    const auto dir = samples_dir(
        "2026-11-29T21:12:00.863Z,0.000,,between,wattmeter,power,1.5,W,ok\n"
        "yesterday,0.000,,between,wattmeter,power,1.5,W,ok\n");
    const auto path = (dir / "samples.csv").string();
    RunHistory h;
    h.reset({});
    const auto err = read_samples_csv(path, h);
    ASSERT_TRUE(err);
    EXPECT_EQ(*err, path + ":3: column 'time': not a UTC time 'yesterday'");
    // The first row's device was not in the (empty) catalog and was added on the way.
    EXPECT_EQ(h.catalog().devices.at(0).channels.at(0).name, "power");
    std::filesystem::remove_all(dir);
}

// A run killed mid-write leaves a cut-off last line: the rows before it are the run's.
TEST(ReadSamplesCsv, ACutOffLastLineKeepsTheRowsBeforeIt) {
    const auto dir = samples_dir(
        "2026-11-29T21:12:00.863Z,0.000,idle,warmup,wattmeter,power,1.5,W,ok\n"
        "2026-11-29T21:12:01.863Z,1.000,idle,warmup,wattmeter,power,2.5,W,ok\n"
        "2026-11-29T21:12:02.8");
    const auto path = (dir / "samples.csv").string();
    RunHistory h;
    h.reset({});
    std::vector<double> values;
    const auto err =
        read_samples_csv(path, h, [&](const LiveSample& s) { values.push_back(s.value); });
    EXPECT_FALSE(err) << *err;
    EXPECT_EQ(values, (std::vector<double>{1.5, 2.5}));
    ASSERT_EQ(h.bands().size(), 1u);
    EXPECT_FALSE(h.bands()[0].open());
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace wattbench::gui::history
