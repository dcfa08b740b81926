#include "app/gui/model/device_model.hpp"

#include <gtest/gtest.h>

#include <QColor>
#include <QSignalSpy>

#include "qt_env.hpp"

namespace wattbench::gui::model {
namespace {

using Severity = core::record::ThresholdWatcher::Severity;

core::record::Catalog bmc_catalog() {
    core::record::Catalog c;
    core::record::DeviceChannels d;
    d.device_id = "bmc";
    d.driver = "sim";
    drivers::api::ChannelSpec t;
    t.name = "system_temp";
    t.unit = "degC";
    t.quantity = drivers::api::Quantity::temperature;
    t.thresholds.upper_non_critical = 55.0;
    t.thresholds.upper_critical = 58.0;
    d.channels.push_back(t);
    drivers::api::ChannelSpec s;
    s.name = "cpu_temp";
    s.unit = "state";
    s.quantity = drivers::api::Quantity::state;
    s.states = {"Low", "High"};
    d.channels.push_back(s);
    c.devices.push_back(d);
    return c;
}

history::LiveSample reading(std::uint32_t ch, double v, std::string text = {}) {
    history::LiveSample s;
    s.channel = ch;
    s.value = v;
    s.text = std::move(text);
    return s;
}

class DeviceModelTest : public ::testing::Test {
protected:
    void SetUp() override {
        test::qt_app();
        m.set_catalog(bmc_catalog());
    }
    QString text(int ch, int col) const { return m.channel_index(0, ch, col).data().toString(); }
    DeviceModel m;
};

TEST_F(DeviceModelTest, TreeOfDevicesAndChannels) {
    EXPECT_EQ(m.rowCount(), 1);
    EXPECT_EQ(m.rowCount(m.device_index(0)), 2);
    EXPECT_EQ(m.device_index(0).data().toString(), "bmc");
    EXPECT_EQ(m.parent(m.channel_index(0, 1)), m.device_index(0));
    EXPECT_EQ(text(0, DeviceModel::name_column), "system_temp");
    EXPECT_EQ(text(0, DeviceModel::value_column), "…");
    EXPECT_EQ(text(0, DeviceModel::unit_column), "°C");
    EXPECT_EQ(text(1, DeviceModel::unit_column), "");
}

TEST_F(DeviceModelTest, LatestValueWithItsDecimals) {
    std::vector<history::LiveSample> s{reading(0, 31.04), reading(0, 34.96), reading(1, 0, "Low")};
    QSignalSpy changed(&m, &QAbstractItemModel::dataChanged);
    m.apply(s);
    EXPECT_EQ(changed.count(), 1);  // one signal per device, not per reading
    EXPECT_EQ(text(0, DeviceModel::value_column), "35.0");
    EXPECT_EQ(text(1, DeviceModel::value_column), "Low");
}

TEST_F(DeviceModelTest, ValuesBeyondLimitsAreHighlighted) {
    std::vector<history::LiveSample> s{reading(0, 40.0)};
    m.apply(s);
    auto idx = m.channel_index(0, 0, DeviceModel::value_column);
    EXPECT_EQ(idx.data(DeviceModel::kSeverityRole).toInt(), static_cast<int>(Severity::normal));
    EXPECT_FALSE(idx.data(Qt::BackgroundRole).isValid());
    s = {reading(0, 56.0)};
    m.apply(s);
    EXPECT_EQ(idx.data(DeviceModel::kSeverityRole).toInt(), static_cast<int>(Severity::warning));
    EXPECT_TRUE(idx.data(Qt::BackgroundRole).value<QColor>().isValid());
    s = {reading(0, 58.5)};
    m.apply(s);
    EXPECT_EQ(idx.data(DeviceModel::kSeverityRole).toInt(), static_cast<int>(Severity::critical));
    EXPECT_TRUE(idx.data(Qt::ToolTipRole).toString().contains("UC 58"));
}

TEST_F(DeviceModelTest, NonOkReadingsShowTheirStatus) {
    auto s = reading(0, 0.0);
    s.status = drivers::api::Status::overrange;
    std::vector<history::LiveSample> v{s};
    m.apply(v);
    EXPECT_EQ(text(0, DeviceModel::value_column), "overrange");
}

TEST_F(DeviceModelTest, ConnectionStates) {
    EXPECT_EQ(m.device_index(0).data(DeviceModel::kStateRole).toString(), "connecting");
    m.set_state(0, core::sampling::DeviceState::reconnecting, "link lost");
    EXPECT_EQ(m.device_index(0, DeviceModel::value_column).data().toString(), "reconnecting");
    EXPECT_TRUE(m.device_index(0).data(Qt::ToolTipRole).toString().contains("link lost"));
    m.set_failed("bmc", "cannot open");
    EXPECT_EQ(m.device_index(0).data(DeviceModel::kStateRole).toString(), "failed");
}

TEST_F(DeviceModelTest, AGrownCatalogAddsChannelsAndKeepsStatesAndValues) {
    std::vector<history::LiveSample> s{reading(0, 31.04)};
    m.apply(s);
    m.set_state(0, core::sampling::DeviceState::ok, {});
    auto grown = bmc_catalog();
    drivers::api::ChannelSpec fan;
    fan.name = "fan_1";
    fan.unit = "RPM";
    fan.quantity = drivers::api::Quantity::fan;
    grown.devices[0].channels.push_back(fan);
    QSignalSpy inserted(&m, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&m, &QAbstractItemModel::modelReset);
    m.extend_catalog(grown);
    EXPECT_EQ(inserted.count(), 1);
    EXPECT_EQ(reset.count(), 0);
    ASSERT_EQ(m.rowCount(m.device_index(0)), 3);
    EXPECT_EQ(text(2, DeviceModel::name_column), "fan_1");
    EXPECT_EQ(text(2, DeviceModel::unit_column), "RPM");
    EXPECT_EQ(text(0, DeviceModel::value_column), "31.0");
    EXPECT_EQ(m.device_index(0).data(DeviceModel::kStateRole).toString(), "ok");
    s = {reading(2, 1900.0)};
    m.apply(s);
    EXPECT_EQ(text(2, DeviceModel::value_column), "1900");
    // The same catalog again adds nothing.
    m.extend_catalog(grown);
    EXPECT_EQ(inserted.count(), 1);
}

}  // namespace
}  // namespace wattbench::gui::model
