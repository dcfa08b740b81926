#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace wattbench::gui::model {
class PhaseModel;
}

namespace wattbench::gui::widgets {

// The phase ladder with the run's controls: each phase's state and progress, bars for the
// current stage and the whole run, and start / skip warm-up / skip phase / abort.
class PhaseLadder final : public QWidget {
    Q_OBJECT
public:
    PhaseLadder(model::PhaseModel* model, QWidget* parent = nullptr);

    // Refreshes the two bars and their texts from the model.
    void update_progress();
    // Which controls make sense: idle with a profile loaded, running, or neither.
    void set_controls(bool can_start, bool running);

    QTableView* table() const { return table_; }
    // The texts beside the bars: "0:45 left", "finished", "–".
    QString stage_text() const;
    QString run_text() const;

signals:
    void start_requested();
    void skip_warmup_requested();
    void skip_phase_requested();
    void abort_requested();

private:
    model::PhaseModel* model_;
    QTableView* table_;
    QLabel* stage_label_;
    QProgressBar* stage_bar_;
    QLabel* stage_text_;  // time left in the stage, beside its bar
    QLabel* run_label_;
    QProgressBar* run_bar_;
    QLabel* run_text_;
    QPushButton* start_;
    QPushButton* skip_warmup_;
    QPushButton* skip_phase_;
    QPushButton* abort_;
    double run_total_ = 0.0;
};

}  // namespace wattbench::gui::widgets
