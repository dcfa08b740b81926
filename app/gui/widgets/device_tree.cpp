#include "app/gui/widgets/device_tree.hpp"

#include <QHeaderView>
#include <QStyle>

#include <algorithm>

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
    // Each column needs room for its widest usual value and for its header in the window's
    // language ("Единица" is wider than any unit), else the dock cuts the header off.
    const int margin = 2 * style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header()) + 8;
    auto column_width = [&](int column, const QString& sample) {
        const QString label = devices->headerData(column, Qt::Horizontal).toString();
        return std::max(fontMetrics().horizontalAdvance(sample),
                        header()->fontMetrics().horizontalAdvance(label)) +
               margin;
    };
    setMinimumWidth(
        indentation() + column_width(DeviceModel::name_column, QStringLiteral("apparent_power")) +
        column_width(DeviceModel::value_column, QStringLiteral("0000.00")) +
        column_width(DeviceModel::unit_column, QStringLiteral("RPM")) + 2 * frameWidth());
    connect(devices, &QAbstractItemModel::modelReset, this, &QTreeView::expandAll);
}

}  // namespace wattbench::gui::widgets
