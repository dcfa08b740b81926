#pragma once

#include <string>
#include <vector>

#include <QAbstractTableModel>

#include "app/core/engine/observer.hpp"
#include "app/core/phases/stage.hpp"
#include "app/gui/history/phase_plan.hpp"

namespace wattbench::gui::model {

// The phase ladder: one row per phase with its state and the progress through its current
// stage. Times are UTC seconds, the same axis as the charts; set_now() moves the clock so the
// model itself never reads one (tests drive it).
class PhaseModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    using State = history::PhaseState;
    enum Column { name_column, load_column, state_column, progress_column, column_count };
    // progress_column: share of the current stage done, 0..1 (a double); -1 when not running.
    static constexpr int kProgressRole = Qt::UserRole + 1;
    static constexpr int kStateRole = Qt::UserRole + 2;  // State as int

    using Plan = history::PhasePlan;

    explicit PhaseModel(QObject* parent = nullptr);

    void set_plan(std::vector<Plan> plan);
    void on_stage(int phase, core::phases::Stage stage, double t, double planned_s);
    void on_finished(int phase, core::engine::PhaseStatus status, bool flagged);
    void set_state(int phase, State state);  // run directories read back
    void set_now(double t);

    State state(int phase) const { return rows_.at(static_cast<std::size_t>(phase)).state; }
    int current() const { return current_; }
    int phase_count() const { return static_cast<int>(rows_.size()); }
    // Seconds left in the current stage and in the whole run (the remaining stages of the
    // current phase and every pending phase's warm-up and window).
    double stage_left() const;
    double run_left() const;
    double stage_fraction() const;
    QString stage_name() const;

    static QString to_text(State s);
    // "1:05", "12:00", "1:02:03"
    static QString format_left(double seconds);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Row {
        Plan plan;
        State state = State::pending;
    };
    void changed_row(int row);

    std::vector<Row> rows_;
    int current_ = -1;
    core::phases::Stage stage_ = core::phases::Stage::between;
    double stage_start_ = 0.0;
    double stage_planned_ = 0.0;
    double now_ = 0.0;
};

}  // namespace wattbench::gui::model
