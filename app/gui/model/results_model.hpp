#pragma once

#include <string>
#include <vector>

#include <QAbstractTableModel>

#include "app/core/report/run_data.hpp"
#include "app/core/report/run_phases.hpp"
#include "app/core/report/summary_table.hpp"

namespace wattbench::gui::model {

// The review's table, phases across and headline channels down, exactly as the report library
// builds it from a run's data: an opened run directory, or a live run's finished phases
// (history::LiveResults), so what it shows is what `wattbench report` will print.
class ResultsModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    // Cells: true when the window missed readings (the mean may be skewed).
    static constexpr int kLowCoverageRole = Qt::UserRole + 1;

    explicit ResultsModel(QObject* parent = nullptr);

    void set_run(core::report::RunData run);
    void clear();
    bool has_run() const { return has_run_; }
    const core::report::RunData& run() const { return run_; }

    // The summary as the report library spells it.
    std::string to_markdown() const;
    std::string to_csv() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    core::report::RunData run_;
    std::vector<core::report::PhaseView> phases_;  // the table's columns point into these
    core::report::SummaryTable table_;
    bool has_run_ = false;
};

}  // namespace wattbench::gui::model
