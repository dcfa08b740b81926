#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include <QAbstractItemModel>

#include "app/core/record/catalog.hpp"
#include "app/core/record/threshold_watcher.hpp"
#include "app/core/sampling/device_state.hpp"
#include "app/gui/history/live_sample.hpp"

namespace wattbench::gui::model {

// Devices and their channels as a two-level tree: a device row shows its connection state, its
// channel rows the latest value and unit. Values in a threshold's warning or critical zone
// carry a background colour (Qt::BackgroundRole) and say which limit in their tooltip.
class DeviceModel final : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { name_column, value_column, unit_column, column_count };
    // Device rows: the connection state text ("ok", "failed", ...), for tests and delegates.
    static constexpr int kStateRole = Qt::UserRole + 1;
    // Channel rows: ThresholdWatcher::Severity as int.
    static constexpr int kSeverityRole = Qt::UserRole + 2;

    explicit DeviceModel(QObject* parent = nullptr);

    void set_catalog(const core::record::Catalog& catalog);
    // The catalog grew during the run (a late device named its channels): rows are added for
    // the new devices and channels; states and latest values stay.
    void extend_catalog(const core::record::Catalog& catalog);
    void set_state(std::uint32_t device, core::sampling::DeviceState state,
                   const std::string& detail);
    // A device that never got as far as a sampler (its open failed before the run started).
    void set_failed(const std::string& device_id, const std::string& detail);
    void apply(std::span<const history::LiveSample> samples);

    int device_count() const { return static_cast<int>(devices_.size()); }
    QModelIndex device_index(int device, int column = 0) const;
    QModelIndex channel_index(int device, int channel, int column = 0) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct ChannelRow {
        drivers::api::ChannelSpec spec;
        int decimals = 2;
        QString unit;
        bool seen = false;
        drivers::api::Status status = drivers::api::Status::ok;
        double value = 0.0;
        std::string text;
        core::record::ThresholdWatcher::Severity severity =
            core::record::ThresholdWatcher::Severity::normal;
    };
    struct DeviceRow {
        std::string id;
        std::string driver;
        core::sampling::DeviceState state = core::sampling::DeviceState::connecting;
        bool failed = false;
        std::string detail;
        std::vector<ChannelRow> channels;
    };

    static DeviceRow device_row(const core::record::DeviceChannels& device);
    static ChannelRow channel_row(const core::record::DeviceChannels& device,
                                  const drivers::api::ChannelSpec& spec);
    QVariant device_data(const DeviceRow& d, int column, int role) const;
    QVariant channel_data(const ChannelRow& c, int column, int role) const;
    QString state_text(const DeviceRow& d) const;
    static QString status_text(drivers::api::Status status);

    std::vector<DeviceRow> devices_;
};

}  // namespace wattbench::gui::model
