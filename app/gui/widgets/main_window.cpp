#include "app/gui/widgets/main_window.hpp"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>

#include <map>

#include "app/core/profile/duration.hpp"
#include "app/core/report/run_liveness.hpp"
#include "app/gui/history/opened_run.hpp"
#include "app/gui/history/planned_run.hpp"
#include "app/gui/model/device_model.hpp"
#include "app/gui/model/phase_model.hpp"
#include "app/gui/model/results_model.hpp"
#include "app/gui/widgets/charts_area.hpp"
#include "app/gui/widgets/device_tree.hpp"
#include "app/gui/widgets/event_log.hpp"
#include "app/gui/widgets/main_menus.hpp"
#include "app/gui/widgets/phase_ladder.hpp"
#include "app/gui/widgets/prompt_dialog.hpp"
#include "app/gui/widgets/recent_menu.hpp"
#include "app/gui/widgets/report_export.hpp"
#include "app/gui/widgets/results_panel.hpp"
#include "app/gui/widgets/run_controller.hpp"
#include "drivers/builtin_registry.hpp"

namespace wattbench::gui::widgets {

namespace {

// The detail charts can show up to this far back at full resolution.
constexpr double kRecentSpanS = 3600.0;

double now_utc() {
    return static_cast<double>(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
}

double seconds(std::chrono::nanoseconds d) {
    return std::chrono::duration<double>(d).count();
}

QString q(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      controller_(new RunController(this)),
      devices_(new model::DeviceModel(this)),
      phases_(new model::PhaseModel(this)),
      results_(new model::ResultsModel(this)),
      history_(kRecentSpanS) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("wattbench"));
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);

    charts_ = new ChartsArea(this);
    setCentralWidget(charts_);
    ladder_ = new PhaseLadder(phases_, this);
    build_docks();
    build_actions();

    controller_->on_batch = [this](history::Batch& b) { apply_batch(b); };
    connect(controller_, &RunController::prepared, this, &MainWindow::on_prepared);
    connect(controller_, &RunController::ended, this, &MainWindow::on_ended);
    connect(ladder_, &PhaseLadder::start_requested, this, &MainWindow::start_run);
    connect(ladder_, &PhaseLadder::skip_warmup_requested, controller_, &RunController::skip_warmup);
    connect(ladder_, &PhaseLadder::skip_phase_requested, controller_, &RunController::skip_phase);
    connect(ladder_, &PhaseLadder::abort_requested, this, [this] { abort_run(true); });

    // Progress bars and time left move with the clock even when no reading arrives.
    clock_ = new QTimer(this);
    clock_->setInterval(500);
    connect(clock_, &QTimer::timeout, this, [this] {
        if (controller_->running()) {
            phases_->set_now(now_utc());
            ladder_->update_progress();
            update_status();
        }
    });

    status_run_ = new QLabel(this);
    status_run_->setObjectName(QStringLiteral("runStatus"));
    status_left_ = new QLabel(this);
    statusBar()->addWidget(status_run_, 1);
    statusBar()->addPermanentWidget(status_left_);
    restore_settings();
    update_controls();
    update_status();
}

MainWindow::~MainWindow() = default;

void MainWindow::build_docks() {
    const auto dock = [this](QWidget* widget, const QString& title, const char* name,
                             Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(QLatin1String(name));
        d->setWidget(widget);
        addDockWidget(area, d);
        return d;
    };
    dock(ladder_, tr("Phases"), "phasesDock", Qt::LeftDockWidgetArea);
    dock(new DeviceTree(devices_, this), tr("Devices"), "devicesDock", Qt::RightDockWidgetArea);
    results_panel_ = new ResultsPanel(results_, this);
    connect(results_panel_, &ResultsPanel::copied, this,
            [this](const QString& m) { statusBar()->showMessage(m, 4000); });
    auto* results = dock(results_panel_, tr("Results"), "resultsDock", Qt::BottomDockWidgetArea);
    log_ = new EventLog(this);
    auto* events = dock(log_, tr("Events"), "eventsDock", Qt::BottomDockWidgetArea);
    tabifyDockWidget(results, events);
    results->raise();
}

void MainWindow::build_actions() {
    menus_ = new MainMenus(this);
    connect(menus_, &MainMenus::open_profile_requested, this, &MainWindow::open_profile);
    connect(menus_, &MainMenus::open_run_requested, this, &MainWindow::open_run);
    connect(menus_, &MainMenus::open_path_requested, this, &MainWindow::open_path);
    connect(menus_, &MainMenus::start_requested, this, &MainWindow::start_run);
    connect(menus_, &MainMenus::skip_warmup_requested, controller_, &RunController::skip_warmup);
    connect(menus_, &MainMenus::skip_phase_requested, controller_, &RunController::skip_phase);
    connect(menus_, &MainMenus::abort_requested, this, [this] { abort_run(true); });
    connect(menus_, &MainMenus::copy_requested, this,
            [this](bool md) { statusBar()->showMessage(results_panel_->copy(md), 4000); });
    connect(menus_, &MainMenus::span_changed, this, [this](double span) {
        charts_->set_span(span);
        charts_->refresh(history_);
    });
    connect(menus_->export_menu(), &ReportExport::error, this, &MainWindow::show_error);
    connect(menus_->export_menu(), &ReportExport::written, this, [this](const QString& path) {
        statusBar()->showMessage(tr("Report written to %1").arg(path), 6000);
    });
}

void MainWindow::update_controls() {
    const bool running = controller_->running();
    const bool busy = controller_->busy();
    const bool can_start = profile_.has_value() && !busy;
    ladder_->set_controls(can_start, running);
    menus_->set_controls(can_start, running);
    menus_->export_menu()->set_run_dir(run_dir_);
    menus_->export_menu()->set_enabled(results_->has_run());
}

void MainWindow::update_status() {
    QString text;
    if (controller_->preparing()) {
        text = tr("Opening devices…");
    } else if (controller_->running()) {
        text = tr("Running → %1").arg(run_dir_);
    } else if (!run_dir_.isEmpty()) {
        text = !ended_as_.isEmpty() ? tr("Run %1: %2").arg(ended_as_, run_dir_)
               : finished_          ? tr("Run finished: %1").arg(run_dir_)
                                    : tr("Run: %1").arg(run_dir_);
    } else if (profile_) {
        text = tr("Profile %1: press Start (F5)").arg(profile_path_);
    } else {
        text = tr("Open a profile (Ctrl+O) or a run directory (Ctrl+Shift+O), or drop one here");
    }
    status_run_->setText(text);
    if (controller_->running() && phases_->phase_count() > 0) {
        status_left_->setText(
            tr("run: %1 left").arg(model::PhaseModel::format_left(phases_->run_left())));
    } else {
        status_left_->clear();
    }
}

bool MainWindow::run_active() const {
    return controller_->busy();
}

void MainWindow::show_error(const QString& title, const QString& text) {
    last_error_ = text;
    log_line(text, 2);
    statusBar()->showMessage(text, 15000);
    // Non-modal: a dialog must not stop the event loop (a screenshot run must still end).
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::log_line(const QString& line, int level) {
    log_->add(line, level);
}

bool MainWindow::open_path(const QString& path) {
    const QFileInfo info(path);
    if (info.isDir()) {
        return open_run(path);
    }
    return open_profile(path);
}

void MainWindow::reset_views() {
    finished_ = false;
    ended_as_.clear();
    run_dir_.clear();
    live_results_ = {};
    results_->clear();
    history_.reset({});
}

bool MainWindow::open_profile(const QString& path) {
    if (run_active()) {
        show_error(tr("Run in progress"), tr("Finish or abort the current run first."));
        return false;
    }
    auto planned = history::plan_run(path.toStdString(), overrides_, drivers::builtin_registry());
    if (auto* err = std::get_if<std::string>(&planned)) {
        show_error(tr("Profile error"), QString::fromStdString(*err));
        return false;
    }
    auto& run = std::get<history::PlannedRun>(planned);
    reset_views();
    for (const auto& w : run.profile.warnings) {
        log_line(QString::fromStdString(w), 1);
    }
    history_.reset(run.catalog);
    devices_->set_catalog(run.catalog);
    charts_->set_catalog(run.catalog);
    phases_->set_plan(std::move(run.plan));
    profile_ = std::move(run.profile);
    profile_path_ = QFileInfo(path).absoluteFilePath();
    setWindowTitle(tr("%1 — wattbench").arg(QString::fromStdString(profile_->run.name)));
    log_line(tr("profile %1: %2, %3")
                 .arg(profile_path_,
                      tr("%Ln device(s)", nullptr, static_cast<int>(profile_->devices.size())),
                      tr("%Ln phase(s)", nullptr, static_cast<int>(profile_->phases.size()))),
             0);
    menus_->recent()->add(profile_path_);
    charts_->refresh(history_);
    update_controls();
    update_status();
    return true;
}

bool MainWindow::open_run(const QString& dir) {
    if (run_active()) {
        show_error(tr("Run in progress"), tr("Finish or abort the current run first."));
        return false;
    }
    history::RunHistory read(kRecentSpanS);
    auto opened = history::open_run_directory(dir.toStdString(), read);
    if (auto* err = std::get_if<std::string>(&opened)) {
        show_error(tr("Cannot open run"), QString::fromStdString(*err));
        return false;
    }
    auto& run = std::get<history::OpenedRun>(opened);
    reset_views();
    profile_.reset();
    history_ = std::move(read);
    if (run.samples_error) {
        log_line(QString::fromStdString(*run.samples_error), 2);
    }
    devices_->set_catalog(history_.catalog());
    charts_->set_catalog(history_.catalog());
    devices_->apply(run.latest);
    for (std::uint32_t i = 0; i < run.devices.size(); ++i) {
        devices_->set_state(i, run.devices[i].state, run.devices[i].error);
    }
    phases_->set_plan(std::move(run.plan));
    for (std::size_t i = 0; i < run.states.size(); ++i) {
        phases_->set_state(static_cast<int>(i), run.states[i]);
    }
    const auto liveness = run.run.liveness;
    if (liveness != core::report::Liveness::ended) {
        ended_as_ = liveness == core::report::Liveness::killed ? tr("killed (no end recorded)")
                                                               : tr("still being recorded");
        log_line(run.stopped_phase ? tr("the run was %1 during phase %2")
                                         .arg(ended_as_, QString::fromStdString(*run.stopped_phase))
                                   : tr("the run was %1").arg(ended_as_),
                 liveness == core::report::Liveness::killed ? 1 : 0);
    }
    results_->set_run(std::move(run.run));
    run_dir_ = QFileInfo(dir).absoluteFilePath();
    finished_ = true;
    setWindowTitle(tr("%1 — wattbench").arg(QFileInfo(dir).fileName()));
    menus_->recent()->add(run_dir_);
    log_line(tr("run directory %1: %Ln reading(s) kept for the charts", nullptr,
                static_cast<int>(history_.stored_points()))
                 .arg(run_dir_),
             0);
    menus_->span()->setCurrentIndex(menus_->span()->findData(0.0));
    refresh_views();
    update_controls();
    update_status();
    return true;
}

void MainWindow::start_run() {
    if (!profile_ || run_active()) {
        return;
    }
    if (finished_ || !run_dir_.isEmpty()) {
        // A second run of the same profile starts from a clean view.
        if (!open_profile(profile_path_)) {
            return;
        }
    }
    core::engine::RunOptions options;
    options.out_dir = out_dir_.toStdString();
    if (overrides_.warmup) {
        options.overrides["warmup"] = core::profile::format_duration(*overrides_.warmup);
    }
    if (overrides_.window) {
        options.overrides["window"] = core::profile::format_duration(*overrides_.window);
    }
    for (int i = 0; i < devices_->device_count(); ++i) {
        devices_->set_state(static_cast<std::uint32_t>(i), core::sampling::DeviceState::connecting,
                            {});
    }
    log_line(tr("opening devices…"), 0);
    controller_->prepare(*profile_, std::move(options));
    update_controls();
    update_status();
}

void MainWindow::on_prepared(bool ok, const QString& message, const QString& device) {
    if (!ok) {
        if (!device.isEmpty()) {
            devices_->set_failed(device.toStdString(), message.toStdString());
        }
        show_error(tr("Run not started"), message);
        update_controls();
        update_status();
        emit run_ended();
        return;
    }
    run_dir_ = controller_->out_dir();
    log_line(tr("run directory %1").arg(run_dir_), 0);
    if (const auto err = live_results_.begin(run_dir_.toStdString())) {
        log_line(QString::fromStdString(*err), 1);
    }
    controller_->start();
    clock_->start();
    update_controls();
    update_status();
}

void MainWindow::on_ended() {
    clock_->stop();
    finished_ = true;
    if (live_results_.started()) {
        if (const auto err = live_results_.finish()) {
            log_line(QString::fromStdString(*err), 1);
        }
        show_results();
    }
    phases_->set_now(now_utc());
    refresh_views();
    update_controls();
    update_status();
    emit run_ended();
}

void MainWindow::abort_run(bool confirm) {
    if (!controller_->running()) {
        return;
    }
    if (confirm &&
        QMessageBox::question(this, tr("Abort the run?"),
                              tr("The current phase is marked interrupted; everything gathered "
                                 "so far stays in %1.")
                                  .arg(run_dir_),
                              QMessageBox::Abort | QMessageBox::Cancel,
                              QMessageBox::Cancel) != QMessageBox::Abort) {
        return;
    }
    log_line(tr("aborting the run"), 1);
    controller_->abort();
}

void MainWindow::apply_batch(history::Batch& batch) {
    QElapsedTimer timer;
    timer.start();
    if (batch.started) {
        history_.reset(*batch.started);
        devices_->set_catalog(*batch.started);
        charts_->set_catalog(*batch.started);
    }
    if (batch.catalog) {
        extend_catalog(*batch.catalog);
    }
    for (const auto& e : batch.stages) {
        history_.on_stage(e.change.phase, e.change.phase_name, e.change.stage, e.t);
        phases_->on_stage(e.change.phase, e.change.stage, e.t, seconds(e.change.planned));
    }
    for (const auto& d : batch.devices) {
        devices_->set_state(d.device, d.state, d.detail);
    }
    for (const auto& s : batch.samples) {
        history_.add(s);
    }
    devices_->apply(batch.samples);
    for (const auto& p : batch.phases) {
        bool flagged = false;
        for (const auto& s : p.summaries) {
            flagged = flagged || !s.flags.empty();
        }
        phases_->on_finished(p.phase, p.status, flagged);
        if (live_results_.started()) {
            if (const auto err = live_results_.add_phase(p)) {
                log_line(QString::fromStdString(*err), 1);
            }
        }
    }
    for (const auto& e : batch.events) {
        log_line(QString::fromStdString(e.message), static_cast<int>(e.level));
    }
    if (batch.dropped_samples > 0) {
        log_line(tr("%Ln reading(s) not charted: the window was too busy to keep up", nullptr,
                    static_cast<int>(batch.dropped_samples)),
                 1);
    }
    for (const auto id : batch.withdrawn_prompts) {
        for (auto* d : findChildren<QDialog*>(QStringLiteral("prompt-%1").arg(id))) {
            d->reject();
        }
    }
    for (const auto& p : batch.prompts) {
        show_prompt(p);
    }
    if (!batch.phases.empty()) {
        show_results();
    }
    if (batch.finished) {
        const auto& f = *batch.finished;
        if (f.status == core::engine::RunStatus::failed) {
            // A run stopped by a full disk or an I/O error: the reason ("…/samples.csv: No
            // space left on device") must reach the operator, not only the log.
            show_error(tr("Run failed"),
                       f.message.empty() ? tr("run failed") : QString::fromStdString(f.message));
        } else {
            const QString how = f.status == core::engine::RunStatus::completed
                                    ? tr("run completed: %1")
                                : f.status == core::engine::RunStatus::interrupted
                                    ? tr("run interrupted: %1")
                                    : tr("run %1: %2").arg(q(core::engine::to_string(f.status)));
            log_line(how.arg(QString::fromStdString(f.message)),
                     f.status == core::engine::RunStatus::completed ? 0 : 1);
        }
    }
    if (controller_->running()) {
        phases_->set_now(now_utc());
    }
    refresh_views();
    last_refresh_ms_ = static_cast<double>(timer.nsecsElapsed()) / 1e6;
}

void MainWindow::extend_catalog(const core::record::Catalog& catalog) {
    // The devices are fixed when the run starts; a late device only adds its channels after
    // those it had (none), so the readings so far keep their indices.
    const auto devices = std::min(catalog.devices.size(), history_.catalog().devices.size());
    for (std::uint32_t d = 0; d < devices; ++d) {
        const auto& channels = catalog.devices[d].channels;
        for (auto c = history_.catalog().devices[d].channels.size(); c < channels.size(); ++c) {
            history_.add_channel(d, channels[c]);
        }
    }
    devices_->extend_catalog(history_.catalog());
    charts_->set_catalog(history_.catalog());
}

void MainWindow::refresh_views() {
    charts_->refresh(history_);
    ladder_->update_progress();
    update_status();
}

void MainWindow::show_results() {
    if (live_results_.started()) {
        results_->set_run(live_results_.run());
    }
    update_controls();
}

void MainWindow::show_prompt(const core::engine::PromptRequest& prompt) {
    auto* dialog = new PromptDialog(prompt, this);
    dialog->on_answer = [this](std::uint64_t id, std::optional<double> value) {
        controller_->answer_prompt(id, value);
    };
    dialog->open();
    QApplication::alert(this);
}

std::optional<QString> MainWindow::write_report(const QString& format, const QString& path) const {
    return menus_->export_menu()->write(format, path);
}

void MainWindow::save_settings() {
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState());
    s.setValue(QStringLiteral("charts/span"), menus_->span()->currentData());
    s.setValue(QStringLiteral("charts/overview"), charts_->overview_group());
    QStringList hidden;
    for (const auto& h : charts_->hidden()) {
        hidden << QString::fromStdString(h);
    }
    s.setValue(QStringLiteral("charts/hidden"), hidden);
}

void MainWindow::restore_settings() {
    QSettings s;
    if (!restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray())) {
        resize(1500, 950);
    }
    if (!restoreState(s.value(QStringLiteral("window/state")).toByteArray())) {
        auto* phases = findChild<QDockWidget*>(QStringLiteral("phasesDock"));
        auto* devices = findChild<QDockWidget*>(QStringLiteral("devicesDock"));
        auto* results = findChild<QDockWidget*>(QStringLiteral("resultsDock"));
        resizeDocks({phases, devices}, {300, 330}, Qt::Horizontal);
        resizeDocks({results}, {height() / 4}, Qt::Vertical);
    }
    const int i =
        menus_->span()->findData(s.value(QStringLiteral("charts/span"), 300.0).toDouble());
    if (i >= 0) {
        menus_->span()->setCurrentIndex(i);
    }
    charts_->set_span(menus_->span()->currentData().toDouble());
    charts_->set_overview_group(s.value(QStringLiteral("charts/overview")).toString());
    std::set<std::string> hidden;
    for (const auto& h : s.value(QStringLiteral("charts/hidden")).toStringList()) {
        hidden.insert(h.toStdString());
    }
    charts_->set_hidden(std::move(hidden));
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (controller_->running()) {
        const auto answer = QMessageBox::question(
            this, tr("Run in progress"),
            tr("Quitting aborts the run; everything gathered so far is written to %1.")
                .arg(run_dir_),
            QMessageBox::Abort | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Abort) {
            event->ignore();
            return;
        }
        controller_->abort();
    }
    save_settings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls() && event->mimeData()->urls().size() == 1 &&
        event->mimeData()->urls().front().isLocalFile()) {
        event->acceptProposedAction();
    }
}

void MainWindow::dropEvent(QDropEvent* event) {
    const auto urls = event->mimeData()->urls();
    if (!urls.isEmpty()) {
        open_path(urls.front().toLocalFile());
        event->acceptProposedAction();
    }
}

void MainWindow::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange ||
        event->type() == QEvent::ApplicationPaletteChange) {
        charts_->apply_palette();
    }
    QMainWindow::changeEvent(event);
}

}  // namespace wattbench::gui::widgets
