#include "app/gui/model/device_model.hpp"

#include <QColor>
#include <QFont>
#include <QLocale>

#include <nlohmann/json.hpp>

#include "app/core/report/channel_presentation.hpp"

namespace wattbench::gui::model {

namespace {

using Severity = core::record::ThresholdWatcher::Severity;

// Device rows have an internal id of 0; channel rows carry their device index + 1.
constexpr quintptr kDeviceLevel = 0;

// "UNC 85, UC 95": the IPMI abbreviations stay (a BMC's own tools print them so in every
// language), the numbers follow the GUI's locale.
QString limits_text(const drivers::api::Thresholds& t) {
    QStringList parts;
    auto add = [&](const char* name, const std::optional<double>& v) {
        if (v) {
            parts << QStringLiteral("%1 %2").arg(QLatin1String(name), QLocale().toString(*v));
        }
    };
    add("LNR", t.lower_non_recoverable);
    add("LC", t.lower_critical);
    add("LNC", t.lower_non_critical);
    add("UNC", t.upper_non_critical);
    add("UC", t.upper_critical);
    add("UNR", t.upper_non_recoverable);
    return parts.join(QStringLiteral(", "));
}

}  // namespace

DeviceModel::DeviceModel(QObject* parent) : QAbstractItemModel(parent) {}

DeviceModel::ChannelRow DeviceModel::channel_row(const core::record::DeviceChannels& device,
                                                 const drivers::api::ChannelSpec& spec) {
    // present_channel reads the quantity from the manifest's channel table; give it this one.
    core::rundir::Manifest manifest;
    auto& entry = manifest.devices.emplace_back();
    entry.id = device.device_id;
    auto& channel = entry.channels.emplace_back();
    channel.name = spec.name;
    channel.unit = spec.unit;
    channel.quantity = std::string(drivers::api::to_string(spec.quantity));
    ChannelRow cr;
    cr.spec = spec;
    const auto p = core::report::present_channel(manifest, device.device_id, spec.name, spec.unit);
    cr.decimals = p.decimals;
    cr.unit = QString::fromStdString(spec.discrete() ? std::string() : p.unit);
    return cr;
}

DeviceModel::DeviceRow DeviceModel::device_row(const core::record::DeviceChannels& device) {
    DeviceRow row;
    row.id = device.device_id;
    row.driver = device.driver;
    for (const auto& c : device.channels) {
        row.channels.push_back(channel_row(device, c));
    }
    return row;
}

void DeviceModel::set_catalog(const core::record::Catalog& catalog) {
    beginResetModel();
    devices_.clear();
    for (const auto& d : catalog.devices) {
        devices_.push_back(device_row(d));
    }
    endResetModel();
}

void DeviceModel::extend_catalog(const core::record::Catalog& catalog) {
    for (std::size_t d = 0; d < catalog.devices.size(); ++d) {
        const auto& dev = catalog.devices[d];
        const int row = static_cast<int>(d);
        if (d >= devices_.size()) {
            beginInsertRows({}, row, row);
            devices_.push_back(device_row(dev));
            endInsertRows();
            continue;
        }
        auto& channels = devices_[d].channels;
        const auto have = channels.size();
        if (dev.channels.size() <= have) {
            continue;
        }
        beginInsertRows(device_index(row), static_cast<int>(have),
                        static_cast<int>(dev.channels.size()) - 1);
        for (std::size_t c = have; c < dev.channels.size(); ++c) {
            channels.push_back(channel_row(dev, dev.channels[c]));
        }
        endInsertRows();
    }
}

void DeviceModel::set_state(std::uint32_t device, core::sampling::DeviceState state,
                            const std::string& detail) {
    if (device >= devices_.size()) {
        return;
    }
    auto& d = devices_[device];
    d.state = state;
    d.failed = false;
    d.detail = detail;
    emit dataChanged(device_index(static_cast<int>(device)),
                     device_index(static_cast<int>(device), column_count - 1));
}

void DeviceModel::set_failed(const std::string& device_id, const std::string& detail) {
    for (std::size_t i = 0; i < devices_.size(); ++i) {
        if (devices_[i].id == device_id) {
            devices_[i].failed = true;
            devices_[i].state = core::sampling::DeviceState::failed;
            devices_[i].detail = detail;
            emit dataChanged(device_index(static_cast<int>(i)),
                             device_index(static_cast<int>(i), column_count - 1));
        }
    }
}

void DeviceModel::apply(std::span<const history::LiveSample> samples) {
    std::vector<std::pair<int, int>> touched(devices_.size(), {INT32_MAX, -1});
    for (const auto& s : samples) {
        if (s.device >= devices_.size() || s.channel >= devices_[s.device].channels.size()) {
            continue;
        }
        auto& c = devices_[s.device].channels[s.channel];
        c.seen = true;
        c.status = s.status;
        c.value = s.value;
        c.text = s.text;
        c.severity = s.status == drivers::api::Status::ok && !c.spec.discrete()
                         ? core::record::ThresholdWatcher::classify(s.value, c.spec.thresholds)
                         : Severity::normal;
        auto& t = touched[s.device];
        t.first = std::min(t.first, static_cast<int>(s.channel));
        t.second = std::max(t.second, static_cast<int>(s.channel));
    }
    // One signal per device keeps a 30-channel refresh to a handful of repaints.
    for (std::size_t d = 0; d < touched.size(); ++d) {
        if (touched[d].second >= 0) {
            emit dataChanged(channel_index(static_cast<int>(d), touched[d].first, value_column),
                             channel_index(static_cast<int>(d), touched[d].second, unit_column));
        }
    }
}

QModelIndex DeviceModel::device_index(int device, int column) const {
    return index(device, column);
}

QModelIndex DeviceModel::channel_index(int device, int channel, int column) const {
    return index(channel, column, device_index(device));
}

QModelIndex DeviceModel::index(int row, int column, const QModelIndex& parent) const {
    if (column < 0 || column >= column_count || row < 0) {
        return {};
    }
    if (!parent.isValid()) {
        return row < static_cast<int>(devices_.size()) ? createIndex(row, column, kDeviceLevel)
                                                       : QModelIndex();
    }
    if (parent.internalId() != kDeviceLevel) {
        return {};
    }
    const auto& d = devices_[static_cast<std::size_t>(parent.row())];
    if (row >= static_cast<int>(d.channels.size())) {
        return {};
    }
    return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex DeviceModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == kDeviceLevel) {
        return {};
    }
    return createIndex(static_cast<int>(child.internalId() - 1), 0, kDeviceLevel);
}

int DeviceModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) {
        return static_cast<int>(devices_.size());
    }
    if (parent.internalId() == kDeviceLevel && parent.column() == 0) {
        return static_cast<int>(devices_[static_cast<std::size_t>(parent.row())].channels.size());
    }
    return 0;
}

int DeviceModel::columnCount(const QModelIndex&) const {
    return column_count;
}

QString DeviceModel::state_text(const DeviceRow& d) const {
    using core::sampling::DeviceState;
    switch (d.state) {
        case DeviceState::connecting:
            return tr("connecting");
        case DeviceState::ok:
            return tr("ok");
        case DeviceState::reconnecting:
            return tr("reconnecting");
        case DeviceState::failed:
            return tr("failed");
    }
    return {};
}

QString DeviceModel::status_text(drivers::api::Status status) {
    using drivers::api::Status;
    switch (status) {
        case Status::ok:
            return tr("ok");
        case Status::overrange:
            return tr("overrange");
        case Status::unavailable:
            return tr("unavailable");
        case Status::error:
            return tr("error");
    }
    return {};
}

QVariant DeviceModel::device_data(const DeviceRow& d, int column, int role) const {
    using core::sampling::DeviceState;
    if (role == kStateRole) {
        const auto key = core::sampling::to_string(d.state);
        return QString::fromUtf8(key.data(), static_cast<qsizetype>(key.size()));
    }
    if (role == Qt::DisplayRole) {
        switch (column) {
            case name_column:
                return QString::fromStdString(d.id);
            case value_column:
                return state_text(d);
            case unit_column:
                return QString::fromStdString(d.driver);
            default:
                return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        QString tip =
            QStringLiteral("%1 (%2): %3")
                .arg(QString::fromStdString(d.id), QString::fromStdString(d.driver), state_text(d));
        if (!d.detail.empty()) {
            tip += QStringLiteral("\n") + QString::fromStdString(d.detail);
        }
        return tip;
    }
    if (role == Qt::FontRole && column == name_column) {
        QFont f;
        f.setBold(true);
        return f;
    }
    if (role == Qt::ForegroundRole && column == value_column) {
        switch (d.state) {
            case DeviceState::ok:
                return QColor(0x2e, 0x9e, 0x44);
            case DeviceState::connecting:
            case DeviceState::reconnecting:
                return QColor(0xd0, 0x84, 0x00);
            case DeviceState::failed:
                return QColor(0xd0, 0x30, 0x30);
        }
    }
    return {};
}

QVariant DeviceModel::channel_data(const ChannelRow& c, int column, int role) const {
    if (role == kSeverityRole) {
        return static_cast<int>(c.severity);
    }
    if (role == Qt::DisplayRole) {
        switch (column) {
            case name_column:
                return QString::fromStdString(c.spec.name);
            case value_column:
                if (!c.seen) {
                    return QStringLiteral("…");
                }
                if (c.status != drivers::api::Status::ok) {
                    return status_text(c.status);
                }
                if (c.spec.discrete() || !c.text.empty()) {
                    return QString::fromStdString(c.text);
                }
                return QLocale().toString(c.value, 'f', c.decimals);
            case unit_column:
                return c.unit;
            default:
                return {};
        }
    }
    if (role == Qt::TextAlignmentRole && column == value_column) {
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (role == Qt::BackgroundRole && c.seen) {
        switch (c.severity) {
            case Severity::warning:
                return QColor(255, 170, 0, 110);
            case Severity::critical:
                return QColor(230, 40, 40, 130);
            case Severity::normal:
                break;
        }
    }
    if (role == Qt::ToolTipRole) {
        QString tip = QString::fromStdString(c.spec.name);
        const auto limits = limits_text(c.spec.thresholds);
        if (!limits.isEmpty()) {
            tip += QLatin1Char('\n') + tr("limits: %1").arg(limits);
        }
        if (c.severity == Severity::warning) {
            tip += QLatin1Char('\n') + tr("beyond a non-critical limit");
        } else if (c.severity == Severity::critical) {
            tip += QLatin1Char('\n') + tr("beyond a critical limit");
        }
        return tip;
    }
    return {};
}

QVariant DeviceModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) {
        return {};
    }
    if (index.internalId() == kDeviceLevel) {
        return device_data(devices_[static_cast<std::size_t>(index.row())], index.column(), role);
    }
    const auto& d = devices_[index.internalId() - 1];
    return channel_data(d.channels[static_cast<std::size_t>(index.row())], index.column(), role);
}

QVariant DeviceModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    switch (section) {
        case name_column:
            return tr("Device / channel");
        case value_column:
            return tr("Value");
        case unit_column:
            return tr("Unit");
        default:
            return {};
    }
}

}  // namespace wattbench::gui::model
