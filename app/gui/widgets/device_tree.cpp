#include "app/gui/widgets/device_tree.hpp"

#include <QHeaderView>

#include "app/gui/model/device_model.hpp"

namespace wattbench::gui::widgets {

DeviceTree::DeviceTree(model::DeviceModel* devices, QWidget* parent) : QTreeView(parent) {
    using model::DeviceModel;
    setObjectName(QStringLiteral("deviceTree"));
    setModel(devices);
    setAlternatingRowColors(true);
    setUniformRowHeights(true);
    header()->setStretchLastSection(false);
    header()->setSectionResizeMode(DeviceModel::name_column, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(DeviceModel::value_column, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(DeviceModel::unit_column, QHeaderView::Stretch);
    setMinimumWidth(
        fontMetrics().horizontalAdvance(QStringLiteral("apparent_power  0000.00  RPM")) + 60);
    connect(devices, &QAbstractItemModel::modelReset, this, &QTreeView::expandAll);
}

}  // namespace wattbench::gui::widgets
