#include "drivers/hwmon/hwmon_device.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "drivers/hwmon/register.hpp"

namespace wattbench::drivers::hwmon {
namespace {

namespace fs = std::filesystem;

const std::string kFixture = std::string(WATTBENCH_TEST_DATA) + "/fixtures/server";

std::unique_ptr<api::Device> make(const std::string& root, const std::string& chips = "") {
    api::DeviceConfig c{"host", "hwmon", "hwmon://local", {}};
    c.options.set("root", root);
    if (!chips.empty()) {
        c.options.set("chips", chips);
    }
    auto made = driver_info().factory(c);
    EXPECT_TRUE(std::holds_alternative<std::unique_ptr<api::Device>>(made));
    return std::get<std::unique_ptr<api::Device>>(std::move(made));
}

std::vector<std::string> names(const api::Device& d) {
    std::vector<std::string> out;
    for (const auto& c : d.channels()) {
        out.push_back(c.name);
    }
    return out;
}

TEST(HwmonDevice, DiscoversEveryInputOfEveryChip) {
    auto d = make(kFixture);
    EXPECT_TRUE(d->channels().empty());
    ASSERT_FALSE(d->open());
    EXPECT_EQ(names(*d),
              (std::vector<std::string>{"coretemp_package_id_0", "coretemp_core_0", "nct6775_curr1",
                                        "nct6775_cpu_fan", "nct6775_12v", "nct6775_in1",
                                        "nct6775_psu", "nct6775_temp7", "acpitz_temp1",
                                        "nvme_composite", "nvme_composite_2"}));
    auto r = d->poll(std::chrono::steady_clock::now() + std::chrono::seconds(1));
    ASSERT_FALSE(r.error);
    ASSERT_EQ(r.readings.size(), 11u);
    EXPECT_DOUBLE_EQ(r.readings[0].value, 45.0);
    EXPECT_DOUBLE_EQ(r.readings[2].value, 0.85);
    EXPECT_DOUBLE_EQ(r.readings[3].value, 1250.0);
    EXPECT_DOUBLE_EQ(r.readings[4].value, 12.096);
    EXPECT_DOUBLE_EQ(r.readings[6].value, 95.5);
    EXPECT_DOUBLE_EQ(r.readings[8].value, 27.8);  // found under device/
    EXPECT_DOUBLE_EQ(*d->channels()[8].thresholds.upper_critical, 105.0);
    EXPECT_DOUBLE_EQ(*d->channels()[9].thresholds.lower_non_critical, -273.15);
}

TEST(HwmonDevice, ChipFilter) {
    auto d = make(kFixture, "coretemp, acpitz");
    ASSERT_FALSE(d->open());
    EXPECT_EQ(names(*d), (std::vector<std::string>{"coretemp_package_id_0", "coretemp_core_0",
                                                   "acpitz_temp1"}));
}

TEST(HwmonDevice, UnreadableInputIsUnavailable) {
    const fs::path tmp = fs::temp_directory_path() / ("wb_hwmon_" + std::to_string(::getpid()));
    fs::remove_all(tmp);
    fs::copy(kFixture, tmp, fs::copy_options::recursive);
    auto d = make(tmp.string(), "coretemp");
    ASSERT_FALSE(d->open());
    fs::remove(tmp / "sys/class/hwmon/hwmon0/temp2_input");
    auto r = d->poll(std::chrono::steady_clock::now() + std::chrono::seconds(1));
    EXPECT_EQ(r.readings[0].status, api::Status::ok);
    EXPECT_EQ(r.readings[1].status, api::Status::unavailable);
    fs::remove_all(tmp);
}

TEST(HwmonDevice, NoHwmonIsAClearError) {
    auto d = make("/nonexistent-wattbench-root");
    auto e = d->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, api::ErrorKind::unreachable);
    EXPECT_NE(e->message.find("no hwmon sensors"), std::string::npos);
    EXPECT_NE(e->message.find("/nonexistent-wattbench-root/sys/class/hwmon"), std::string::npos);
    EXPECT_TRUE(make(kFixture, "nosuchchip")->open());
}

TEST(HwmonDevice, RejectsBadConfiguration) {
    api::DeviceConfig c{"host", "hwmon", "serial:///dev/ttyS0", {}};
    EXPECT_TRUE(std::holds_alternative<api::DeviceError>(driver_info().factory(c)));
    api::DeviceConfig e{"host", "hwmon", "", {}};
    e.options.set("chips", std::string("a,,b"));
    EXPECT_TRUE(std::holds_alternative<api::DeviceError>(driver_info().factory(e)));
}

}  // namespace
}  // namespace wattbench::drivers::hwmon
