#include "app/gui/model/results_model.hpp"

#include <QFont>

#include "app/core/report/csv_report.hpp"
#include "app/core/report/markdown_report.hpp"

namespace wattbench::gui::model {

ResultsModel::ResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

void ResultsModel::set_run(core::report::RunData run) {
    beginResetModel();
    run_ = std::move(run);
    phases_ = core::report::run_phases(run_);
    table_ = core::report::build_summary(run_, phases_);
    has_run_ = true;
    endResetModel();
}

void ResultsModel::clear() {
    beginResetModel();
    table_ = {};
    phases_.clear();
    run_ = {};
    has_run_ = false;
    endResetModel();
}

std::string ResultsModel::to_markdown() const {
    return has_run_ ? core::report::render_summary_markdown(run_) : std::string();
}

std::string ResultsModel::to_csv() const {
    return has_run_ ? core::report::render_csv(run_) : std::string();
}

int ResultsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(table_.rows.size());
}

int ResultsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(table_.columns.size());
}

QVariant ResultsModel::data(const QModelIndex& index, int role) const {
    using core::report::CellKind;
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) {
        return {};
    }
    const auto& row = table_.rows[static_cast<std::size_t>(index.row())];
    if (static_cast<std::size_t>(index.column()) >= row.cells.size()) {
        return {};
    }
    const auto& cell = row.cells[static_cast<std::size_t>(index.column())];
    switch (role) {
        case Qt::DisplayRole:
            switch (cell.kind) {
                case CellKind::number:
                    return QString::fromStdString(cell.text) +
                           (cell.low_coverage ? QStringLiteral(" ⚠") : QString());
                case CellKind::no_data:
                    return QStringLiteral("–");
                case CellKind::not_numeric:  // a discrete channel: the states it took
                    return cell.text.empty() ? QStringLiteral("n/a")
                                             : QString::fromStdString(cell.text);
            }
            return {};
        case Qt::TextAlignmentRole:
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        case kLowCoverageRole:
            return cell.low_coverage;
        case Qt::ToolTipRole:
            if (cell.low_coverage) {
                return tr("The window missed readings: coverage below %1 %")
                    .arg(core::report::kCoverageWarning * 100.0);
            }
            return {};
        default:
            return {};
    }
}

QVariant ResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) {
        return {};
    }
    if (orientation == Qt::Horizontal) {
        if (section < 0 || section >= columnCount()) {
            return {};
        }
        return QString::fromStdString(table_.columns[static_cast<std::size_t>(section)]->title());
    }
    if (section < 0 || section >= rowCount()) {
        return {};
    }
    return QString::fromStdString(table_.rows[static_cast<std::size_t>(section)].label);
}

}  // namespace wattbench::gui::model
