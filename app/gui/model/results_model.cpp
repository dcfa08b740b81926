#include "app/gui/model/results_model.hpp"

#include <QFont>
#include <QLocale>

#include "app/core/report/csv_report.hpp"
#include "app/core/report/markdown_report.hpp"
#include "app/gui/model/ui_language.hpp"

namespace wattbench::gui::model {

namespace {

// A summary cell's number ("1234.50", as the report library formats it) in the GUI's locale with
// the same decimals; anything that is not a plain number stays as it is.
QString localized(const std::string& text) {
    const QString c = QString::fromStdString(text);
    bool ok = false;
    const double value = QLocale::c().toDouble(c, &ok);
    if (!ok) {
        return c;
    }
    const auto point = c.indexOf(QLatin1Char('.'));
    const int decimals = point < 0 ? 0 : static_cast<int>(c.size() - point - 1);
    return QLocale().toString(value, 'f', decimals);
}

}  // namespace

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
    return has_run_ ? core::report::render_summary_markdown(run_, ui_language()) : std::string();
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
                    return localized(cell.text) +
                           (cell.low_coverage ? QStringLiteral(" ⚠") : QString());
                case CellKind::no_data:
                    return QStringLiteral("–");
                case CellKind::not_numeric:  // a discrete channel: the states it took
                    if (cell.text.empty()) {
                        return tr("n/a");
                    }
                    if (cell.text == core::report::kBelowBackgroundCell) {
                        const auto text =
                            core::i18n::tr(ui_language(), core::report::kBelowBackgroundCell);
                        return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
                    }
                    return QString::fromStdString(cell.text);
            }
            return {};
        case Qt::TextAlignmentRole:
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        case kLowCoverageRole:
            return cell.low_coverage;
        case Qt::ToolTipRole:
            if (cell.low_coverage) {
                return tr("The window missed readings: coverage below %1 %")
                    .arg(QLocale().toString(core::report::kCoverageWarning * 100.0));
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
    // The row labels are the report's ("Power [W] (wattmeter/power)"), from its catalog.
    const auto& row = table_.rows[static_cast<std::size_t>(section)];
    return QString::fromStdString(row.label_message.empty() ? row.label
                                                            : row.label_message.in(ui_language()));
}

}  // namespace wattbench::gui::model
