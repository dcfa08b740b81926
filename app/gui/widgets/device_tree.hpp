#pragma once

#include <QTreeView>

namespace wattbench::gui::model {
class DeviceModel;
}

namespace wattbench::gui::widgets {

// The Devices dock: each device with its state, its channels' latest values and units below,
// always expanded.
class DeviceTree final : public QTreeView {
    Q_OBJECT
public:
    DeviceTree(model::DeviceModel* devices, QWidget* parent = nullptr);
};

}  // namespace wattbench::gui::widgets
