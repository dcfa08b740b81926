#pragma once

#include <memory>
#include <optional>
#include <string>

#include <QMainWindow>

#include "app/core/profile/overrides.hpp"
#include "app/core/profile/profile.hpp"
#include "app/gui/history/live_buffer.hpp"
#include "app/gui/history/live_results.hpp"
#include "app/gui/history/run_history.hpp"

class QLabel;

namespace wattbench::gui::model {
class DeviceModel;
class PhaseModel;
class ResultsModel;
}  // namespace wattbench::gui::model

namespace wattbench::gui::widgets {

class ChartsArea;
class EventLog;
class MainMenus;
class PhaseLadder;
class ResultsPanel;
class RunController;

// The lab-session window: charts in the middle, the phase ladder and its controls on the
// left, devices on the right, results and the event log below. Everything it shows of a live
// run comes through RunController batches; a run directory is read back through the same
// history, models and report library.
class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Applied to every profile opened afterwards (the command line's --warmup/--window).
    void set_overrides(core::profile::Overrides overrides) { overrides_ = std::move(overrides); }
    // Where runs go: empty lets the engine choose runs/<name>-<time> under the current folder.
    void set_out_dir(QString dir) { out_dir_ = std::move(dir); }
    // Opens a profile file or a run directory; false (with a message shown) if it cannot.
    bool open_path(const QString& path);
    bool open_profile(const QString& path);
    bool open_run(const QString& dir);
    void start_run();
    // Asks first unless `confirm` is false.
    void abort_run(bool confirm = true);
    // Feeds engine output as the live timer does; public so benchmarks can drive the window.
    void apply_batch(history::Batch& batch);
    // Redraws charts and progress from what is already there.
    void refresh_views();

    bool run_active() const;
    bool can_start() const { return profile_.has_value(); }
    bool run_finished() const { return finished_; }
    QString last_error() const { return last_error_; }
    QString run_dir() const { return run_dir_; }
    // What File > Export writes, without the file dialog: md, csv, json and, in builds with
    // the Qt report renderer, html and pdf. An error message, or nothing on success.
    std::optional<QString> write_report(const QString& format, const QString& path) const;

    RunController* run_controller() const { return controller_; }
    ChartsArea* charts() const { return charts_; }
    model::DeviceModel* device_model() const { return devices_; }
    model::PhaseModel* phase_model() const { return phases_; }
    model::ResultsModel* results_model() const { return results_; }
    const history::RunHistory& history() const { return history_; }
    double last_refresh_ms() const { return last_refresh_ms_; }

signals:
    // The run ended, or it could not start (a device failed to open, ...).
    void run_ended();

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void build_actions();
    void build_docks();
    void update_controls();
    void update_status();
    void show_error(const QString& title, const QString& text);
    void log_line(const QString& line, int level);
    // The results table from the finished phases the engine reported.
    void show_results();
    void show_prompt(const core::engine::PromptRequest& prompt);
    void on_prepared(bool ok, const QString& message, const QString& device);
    void on_ended();
    void reset_views();
    void extend_catalog(const core::record::Catalog& catalog);
    void save_settings();
    void restore_settings();

    RunController* controller_;
    model::DeviceModel* devices_;
    model::PhaseModel* phases_;
    model::ResultsModel* results_;
    history::RunHistory history_;
    history::LiveResults live_results_;
    std::optional<core::profile::Profile> profile_;
    core::profile::Overrides overrides_;
    QString out_dir_;
    QString profile_path_;
    QString run_dir_;
    QString last_error_;
    // How an opened run directory ended when that is not by itself: "killed (no end
    // recorded)", "still being recorded"; empty otherwise.
    QString ended_as_;
    bool finished_ = false;
    double last_refresh_ms_ = 0.0;

    ChartsArea* charts_;
    PhaseLadder* ladder_;
    ResultsPanel* results_panel_;
    EventLog* log_;
    MainMenus* menus_;
    QLabel* status_run_;
    QLabel* status_left_;
    QTimer* clock_;
};

}  // namespace wattbench::gui::widgets
