#include "app/gui/widgets/main_window.hpp"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>

#include <map>

#include "app/core/host/host_facts.hpp"
#include "app/core/profile/duration.hpp"
#include "app/core/profile/loader.hpp"
#include "app/core/report/csv_report.hpp"
#include "app/core/report/json_report.hpp"
#include "app/core/report/markdown_report.hpp"
#include "app/core/report/report_content.hpp"
#include "app/core/report/run_data.hpp"
#include "app/core/report/run_liveness.hpp"
#include "app/gui/history/run_directory.hpp"
#include "app/gui/model/device_model.hpp"
#ifdef WATTBENCH_HAS_REPORT_QT
#include "app/report_render/html_report.hpp"
#include "app/report_render/pdf_report.hpp"
#endif
#include "app/gui/model/phase_model.hpp"
#include "app/gui/model/results_model.hpp"
#include "app/gui/widgets/charts_area.hpp"
#include "app/gui/widgets/discovery_dialog.hpp"
#include "app/gui/widgets/phase_ladder.hpp"
#include "app/gui/widgets/run_controller.hpp"
#include "drivers/builtin_registry.hpp"

namespace wattbench::gui::widgets {

namespace {

constexpr int kMaxRecent = 8;
// The detail charts can show up to this far back at full resolution.
constexpr double kRecentSpanS = 3600.0;
constexpr int kLogLines = 5000;

double now_utc() {
    return static_cast<double>(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
}

double seconds(std::chrono::nanoseconds d) {
    return std::chrono::duration<double>(d).count();
}

// A catalog before the run: every driver lists its channels without touching the instrument,
// so the devices panel and the chart legends are complete before Start.
core::record::Catalog planned_catalog(const core::profile::Profile& profile) {
    core::record::Catalog catalog;
    for (const auto& d : profile.devices) {
        core::record::DeviceChannels dc;
        dc.device_id = d.id;
        dc.driver = d.driver;
        dc.interval = d.interval;
        drivers::api::DeviceConfig cfg{d.id, d.driver, d.connection, d.options};
        auto made = drivers::builtin_registry().create(cfg);
        if (auto* dev = std::get_if<std::unique_ptr<drivers::api::Device>>(&made)) {
            dc.channels = (*dev)->channels();
        }
        catalog.devices.push_back(std::move(dc));
    }
    for (const auto& p : profile.phases) {
        catalog.phase_names.push_back(p.name);
        catalog.phase_loads.emplace_back(core::profile::to_string(p.load));
    }
    return catalog;
}

// How a phase a run directory records shows in the ladder. A killed run's phase that was
// warming up or measuring was cut short; in a run still being recorded it goes on.
model::PhaseModel::State recorded_state(const std::string& status, bool flagged,
                                        core::report::Liveness liveness) {
    using S = model::PhaseModel::State;
    const bool in_progress = status == "warmup" || status == "window";
    if (status == "done") {
        return flagged ? S::flagged : S::done;
    }
    if (status == "skipped") {
        return S::skipped;
    }
    if (status == "interrupted" || (in_progress && liveness == core::report::Liveness::killed)) {
        return S::interrupted;
    }
    if (status == "failed") {
        return S::failed;
    }
    if (in_progress && liveness == core::report::Liveness::live) {
        return status == "warmup" ? S::warming_up : S::measuring;
    }
    return S::pending;
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
    auto* phases = new QDockWidget(tr("Phases"), this);
    phases->setObjectName(QStringLiteral("phasesDock"));
    phases->setWidget(ladder_);
    addDockWidget(Qt::LeftDockWidgetArea, phases);

    device_view_ = new QTreeView(this);
    device_view_->setObjectName(QStringLiteral("deviceTree"));
    device_view_->setModel(devices_);
    device_view_->setAlternatingRowColors(true);
    device_view_->setUniformRowHeights(true);
    device_view_->header()->setStretchLastSection(false);
    device_view_->header()->setSectionResizeMode(model::DeviceModel::name_column,
                                                 QHeaderView::ResizeToContents);
    device_view_->header()->setSectionResizeMode(model::DeviceModel::value_column,
                                                 QHeaderView::ResizeToContents);
    device_view_->header()->setSectionResizeMode(model::DeviceModel::unit_column,
                                                 QHeaderView::Stretch);
    device_view_->setMinimumWidth(device_view_->fontMetrics().horizontalAdvance(
                                      QStringLiteral("apparent_power  0000.00  RPM")) +
                                  60);
    connect(devices_, &QAbstractItemModel::modelReset, device_view_, &QTreeView::expandAll);
    auto* devices = new QDockWidget(tr("Devices"), this);
    devices->setObjectName(QStringLiteral("devicesDock"));
    devices->setWidget(device_view_);
    addDockWidget(Qt::RightDockWidgetArea, devices);

    auto* results_box = new QWidget(this);
    auto* rl = new QVBoxLayout(results_box);
    rl->setContentsMargins(4, 2, 4, 2);
    results_view_ = new QTableView(results_box);
    results_view_->setObjectName(QStringLiteral("resultsTable"));
    results_view_->setModel(results_);
    results_view_->setAlternatingRowColors(true);
    results_view_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    results_view_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    results_view_->verticalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    // Room for the headline rows (power, VA, PF, temperatures, fans, noise) without scrolling.
    results_view_->setMinimumHeight(results_view_->fontMetrics().height() * 9);
    auto* copy_row = new QHBoxLayout();
    auto* copy_md = new QPushButton(tr("Copy as Markdown"), results_box);
    auto* copy_csv = new QPushButton(tr("Copy as CSV"), results_box);
    copy_row->addStretch(1);
    copy_row->addWidget(copy_md);
    copy_row->addWidget(copy_csv);
    rl->addWidget(results_view_, 1);
    rl->addLayout(copy_row);
    connect(copy_md, &QPushButton::clicked, this, [this] { copy_results(true); });
    connect(copy_csv, &QPushButton::clicked, this, [this] { copy_results(false); });
    auto* results = new QDockWidget(tr("Results"), this);
    results->setObjectName(QStringLiteral("resultsDock"));
    results->setWidget(results_box);
    addDockWidget(Qt::BottomDockWidgetArea, results);

    log_ = new QPlainTextEdit(this);
    log_->setObjectName(QStringLiteral("eventLog"));
    log_->setReadOnly(true);
    log_->setMaximumBlockCount(kLogLines);
    auto* events = new QDockWidget(tr("Events"), this);
    events->setObjectName(QStringLiteral("eventsDock"));
    events->setWidget(log_);
    addDockWidget(Qt::BottomDockWidgetArea, events);
    tabifyDockWidget(results, events);
    results->raise();
}

void MainWindow::build_actions() {
    auto* file = menuBar()->addMenu(tr("&File"));
    auto* open_profile_action = file->addAction(tr("&Open profile…"), this, [this] {
        QSettings s;
        const auto path = QFileDialog::getOpenFileName(
            this, tr("Open profile"), s.value(QStringLiteral("paths/profiles")).toString(),
            tr("Profiles (*.toml);;All files (*)"));
        if (!path.isEmpty()) {
            s.setValue(QStringLiteral("paths/profiles"), QFileInfo(path).absolutePath());
            open_profile(path);
        }
    });
    open_profile_action->setShortcut(QKeySequence::Open);
    auto* open_run_action = file->addAction(tr("Open &run directory…"), this, [this] {
        QSettings s;
        const auto dir = QFileDialog::getExistingDirectory(
            this, tr("Open run directory"), s.value(QStringLiteral("paths/runs")).toString());
        if (!dir.isEmpty()) {
            s.setValue(QStringLiteral("paths/runs"), QFileInfo(dir).absolutePath());
            open_run(dir);
        }
    });
    open_run_action->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+O")));
    recent_menu_ = file->addMenu(tr("Open &recent"));
    rebuild_recent_menu();
    file->addSeparator();
    auto* export_menu = file->addMenu(tr("&Export report"));
    export_md_ = export_menu->addAction(tr("&Markdown…"), this, [this] { export_report("md"); });
    export_md_->setShortcut(QKeySequence(QStringLiteral("Ctrl+E")));
    export_csv_ = export_menu->addAction(tr("&CSV…"), this, [this] { export_report("csv"); });
    export_json_ = export_menu->addAction(tr("&JSON…"), this, [this] { export_report("json"); });
#ifdef WATTBENCH_HAS_REPORT_QT
    export_menu->addSeparator();
    export_html_ =
        export_menu->addAction(tr("&HTML with charts…"), this, [this] { export_report("html"); });
    export_pdf_ =
        export_menu->addAction(tr("&PDF with charts…"), this, [this] { export_report("pdf"); });
#endif
    file->addSeparator();
    file->addAction(tr("&Quit"), this, &QWidget::close)->setShortcut(QKeySequence::Quit);

    auto* run = menuBar()->addMenu(tr("&Run"));
    start_action_ = run->addAction(tr("&Start"), this, &MainWindow::start_run);
    start_action_->setShortcut(QKeySequence(Qt::Key_F5));
    skip_warmup_action_ =
        run->addAction(tr("Skip &warm-up"), controller_, &RunController::skip_warmup);
    skip_warmup_action_->setShortcut(QKeySequence(Qt::Key_F6));
    skip_phase_action_ = run->addAction(tr("Skip &phase"), controller_, &RunController::skip_phase);
    skip_phase_action_->setShortcut(QKeySequence(Qt::Key_F7));
    abort_action_ = run->addAction(tr("&Abort…"), this, [this] { abort_run(true); });
    abort_action_->setShortcut(QKeySequence(Qt::Key_F8));

    auto* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(tr("Copy results as &Markdown"), this, [this] { copy_results(true); })
        ->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+C")));
    edit->addAction(tr("Copy results as &CSV"), this, [this] { copy_results(false); })
        ->setShortcut(QKeySequence(QStringLiteral("Ctrl+Alt+C")));

    view_menu_ = menuBar()->addMenu(tr("&View"));
    for (auto* dock : findChildren<QDockWidget*>()) {
        view_menu_->addAction(dock->toggleViewAction());
    }

    auto* tools = menuBar()->addMenu(tr("&Tools"));
    tools
        ->addAction(tr("&Discover devices…"), this,
                    [this] {
                        auto* d = new DiscoveryDialog(this);
                        d->setAttribute(Qt::WA_DeleteOnClose);
                        d->open();
                    })
        ->setShortcut(QKeySequence(QStringLiteral("Ctrl+D")));

    auto* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About wattbench"), this, [this] {
        QMessageBox::about(this, tr("About wattbench"),
                           tr("<b>wattbench %1</b><p>Server power, thermal and noise measurement "
                              "under load phases: the live view of the same engine as the "
                              "<tt>wattbench</tt> command.</p>")
                               .arg(QApplication::applicationVersion()));
    });

    auto* bar = addToolBar(tr("Run"));
    bar->setObjectName(QStringLiteral("runToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    bar->addAction(open_profile_action);
    bar->addAction(open_run_action);
    bar->addSeparator();
    bar->addAction(start_action_);
    bar->addAction(skip_warmup_action_);
    bar->addAction(skip_phase_action_);
    bar->addAction(abort_action_);
    bar->addSeparator();
    bar->addWidget(new QLabel(tr(" Show: "), bar));
    span_ = new QComboBox(bar);
    span_->setObjectName(QStringLiteral("spanChoice"));
    span_->addItem(tr("last minute"), 60.0);
    span_->addItem(tr("last 5 minutes"), 300.0);
    span_->addItem(tr("last 15 minutes"), 900.0);
    span_->addItem(tr("last hour"), 3600.0);
    span_->addItem(tr("whole run"), 0.0);
    span_->setCurrentIndex(1);
    bar->addWidget(span_);
    connect(span_, &QComboBox::currentIndexChanged, this, [this] {
        charts_->set_span(span_->currentData().toDouble());
        charts_->refresh(history_);
    });
}

void MainWindow::update_controls() {
    const bool running = controller_->running();
    const bool busy = controller_->busy();
    const bool can_start = profile_.has_value() && !busy;
    ladder_->set_controls(can_start, running);
    start_action_->setEnabled(can_start);
    skip_warmup_action_->setEnabled(running);
    skip_phase_action_->setEnabled(running);
    abort_action_->setEnabled(running);
    const bool have = results_->has_run();
    export_md_->setEnabled(have);
    export_csv_->setEnabled(have);
    export_json_->setEnabled(have);
    if (export_html_) {
        export_html_->setEnabled(have);
        export_pdf_->setEnabled(have);
    }
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
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss"));
    const char* tag = level >= 2 ? "error" : level == 1 ? "warn " : "info ";
    log_->appendPlainText(QStringLiteral("%1 %2 %3").arg(stamp, QLatin1String(tag), line));
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
    results_->clear();
    history_.reset({});
}

bool MainWindow::open_profile(const QString& path) {
    if (run_active()) {
        show_error(tr("Run in progress"), tr("Finish or abort the current run first."));
        return false;
    }
    core::profile::LoadContext ctx;
    ctx.registry = &drivers::builtin_registry();
    ctx.logical_cpus = core::host::read_host_facts().logical_cpus;
    auto loaded = core::profile::load_profile_file(path.toStdString(), ctx);
    if (auto* err = std::get_if<core::profile::ProfileError>(&loaded)) {
        show_error(tr("Profile error"), QString::fromStdString(err->to_string()));
        return false;
    }
    auto profile = std::move(std::get<core::profile::Profile>(loaded));
    if (auto err = core::profile::apply_overrides(profile, overrides_)) {
        show_error(tr("Profile error"), QString::fromStdString(*err));
        return false;
    }
    reset_views();
    for (const auto& w : profile.warnings) {
        log_line(QString::fromStdString(w), 1);
    }
    const auto catalog = planned_catalog(profile);
    history_.reset(catalog);
    devices_->set_catalog(catalog);
    charts_->set_catalog(catalog);
    std::vector<model::PhaseModel::Plan> plan;
    for (const auto& p : profile.phases) {
        plan.push_back({p.name, std::string(core::profile::to_string(p.load)), seconds(p.warmup),
                        seconds(p.window)});
    }
    phases_->set_plan(std::move(plan));
    profile_ = std::move(profile);
    profile_path_ = QFileInfo(path).absoluteFilePath();
    setWindowTitle(tr("%1 — wattbench").arg(QString::fromStdString(profile_->run.name)));
    log_line(tr("profile %1: %2 device(s), %3 phase(s)")
                 .arg(profile_path_)
                 .arg(profile_->devices.size())
                 .arg(profile_->phases.size()),
             0);
    add_recent(profile_path_);
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
    auto loaded = core::report::load_run(dir.toStdString());
    if (auto* err = std::get_if<std::string>(&loaded)) {
        show_error(tr("Cannot open run"), QString::fromStdString(*err));
        return false;
    }
    auto run = std::move(std::get<core::report::RunData>(loaded));
    reset_views();
    profile_.reset();
    const auto catalog = history::catalog_from_manifest(run.manifest);
    history_.reset(catalog);
    std::map<std::pair<std::uint32_t, std::uint32_t>, history::LiveSample> latest;
    const QString samples = QDir(dir).filePath(QStringLiteral("samples.csv"));
    if (QFileInfo::exists(samples)) {
        if (auto err = history::read_samples_csv(samples.toStdString(), history_,
                                                 [&](const history::LiveSample& s) {
                                                     latest[{s.device, s.channel}] = s;
                                                 })) {
            log_line(QString::fromStdString(*err), 2);
        }
    }
    devices_->set_catalog(history_.catalog());
    charts_->set_catalog(history_.catalog());
    std::vector<history::LiveSample> last;
    for (auto& [k, s] : latest) {
        last.push_back(s);
    }
    devices_->apply(last);
    const auto& devs = run.manifest.value("devices", nlohmann::json::array());
    for (std::uint32_t i = 0; i < devs.size(); ++i) {
        const auto state = devs[i].value("state", std::string("ok"));
        const auto error = devs[i].contains("error") && devs[i]["error"].is_string()
                               ? devs[i]["error"].get<std::string>()
                               : std::string();
        for (auto s :
             {core::sampling::DeviceState::connecting, core::sampling::DeviceState::ok,
              core::sampling::DeviceState::reconnecting, core::sampling::DeviceState::failed}) {
            if (core::sampling::to_string(s) == state) {
                devices_->set_state(i, s, error);
            }
        }
    }
    std::vector<model::PhaseModel::Plan> plan;
    std::vector<std::pair<std::string, bool>> statuses;
    for (const auto& p : run.manifest.value("phases", nlohmann::json::array())) {
        plan.push_back({p.value("name", std::string()), p.value("load", std::string()),
                        p.value("warmup_s", 0.0), p.value("window_s", 0.0)});
        const bool flagged = p.contains("flags") && p["flags"].is_array() && !p["flags"].empty();
        statuses.emplace_back(p.value("status", std::string("pending")), flagged);
    }
    phases_->set_plan(std::move(plan));
    for (std::size_t i = 0; i < statuses.size(); ++i) {
        const auto& [st, flagged] = statuses[i];
        phases_->set_state(static_cast<int>(i), recorded_state(st, flagged, run.liveness));
    }
    ended_as_.clear();
    if (run.liveness != core::report::Liveness::ended) {
        const auto phase = core::report::stopped_phase(run.liveness, run.manifest);
        ended_as_ = run.liveness == core::report::Liveness::killed ? tr("killed (no end recorded)")
                                                                   : tr("still being recorded");
        log_line(phase ? tr("the run was %1 during phase %2")
                             .arg(ended_as_, QString::fromStdString(*phase))
                       : tr("the run was %1").arg(ended_as_),
                 run.liveness == core::report::Liveness::killed ? 1 : 0);
    }
    results_->set_run(std::move(run));
    run_dir_ = QFileInfo(dir).absoluteFilePath();
    finished_ = true;
    setWindowTitle(tr("%1 — wattbench").arg(QFileInfo(dir).fileName()));
    add_recent(run_dir_);
    log_line(tr("run directory %1: %2 readings kept for the charts")
                 .arg(run_dir_)
                 .arg(history_.stored_points()),
             0);
    span_->setCurrentIndex(span_->findData(0.0));
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
    controller_->start();
    clock_->start();
    update_controls();
    update_status();
}

void MainWindow::on_ended() {
    clock_->stop();
    finished_ = true;
    reload_results();
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
    bool results_changed = false;
    for (const auto& p : batch.phases) {
        bool flagged = false;
        for (const auto& s : p.summaries) {
            flagged = flagged || !s.flags.empty();
        }
        phases_->on_finished(p.phase, p.status, flagged);
        results_changed = true;
    }
    for (const auto& e : batch.events) {
        log_line(QString::fromStdString(e.message), static_cast<int>(e.level));
    }
    if (batch.dropped_samples > 0) {
        log_line(tr("%1 readings were not charted: the window was too busy to keep up")
                     .arg(batch.dropped_samples),
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
    if (results_changed) {
        reload_results();
    }
    if (batch.finished) {
        const auto& f = *batch.finished;
        if (f.status == core::engine::RunStatus::failed) {
            // A run stopped by a full disk or an I/O error: the reason ("…/samples.csv: No
            // space left on device") must reach the operator, not only the log.
            show_error(tr("Run failed"),
                       f.message.empty() ? tr("run failed") : QString::fromStdString(f.message));
        } else {
            log_line(
                tr("run %1: %2")
                    .arg(q(core::engine::to_string(f.status)), QString::fromStdString(f.message)),
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

void MainWindow::reload_results() {
    if (run_dir_.isEmpty()) {
        return;
    }
    auto loaded = core::report::load_run(run_dir_.toStdString());
    if (auto* run = std::get_if<core::report::RunData>(&loaded)) {
        results_->set_run(std::move(*run));
    } else {
        log_line(QString::fromStdString(std::get<std::string>(loaded)), 1);
    }
    update_controls();
}

void MainWindow::show_prompt(const core::engine::PromptRequest& prompt) {
    const auto id = prompt.id;
    const QString where = prompt.device_id.empty()
                              ? tr("Phase %1").arg(QString::fromStdString(prompt.phase_name))
                              : tr("Phase %1, %2")
                                    .arg(QString::fromStdString(prompt.phase_name),
                                         QString::fromStdString(prompt.device_id));
    QDialog* dialog = nullptr;
    if (prompt.kind == core::engine::PromptRequest::Kind::number) {
        auto* input = new QInputDialog(this);
        input->setInputMode(QInputDialog::DoubleInput);
        input->setDoubleDecimals(4);
        input->setDoubleRange(-1e12, 1e12);
        if (prompt.default_value) {
            input->setDoubleValue(*prompt.default_value);
        }
        input->setLabelText(QStringLiteral("%1\n\n%2 [%3]")
                                .arg(where, QString::fromStdString(prompt.question),
                                     QString::fromStdString(prompt.unit)));
        input->setOkButtonText(tr("Record"));
        input->setCancelButtonText(tr("Skip"));
        connect(input, &QInputDialog::doubleValueSelected, this,
                [this, id](double v) { controller_->answer_prompt(id, v); });
        dialog = input;
    } else {
        auto* box =
            new QMessageBox(QMessageBox::Question, where, QString::fromStdString(prompt.question),
                            QMessageBox::Ok | QMessageBox::Cancel, this);
        box->button(QMessageBox::Ok)->setText(tr("Done, continue"));
        box->button(QMessageBox::Cancel)->setText(tr("Skip phase"));
        connect(box, &QMessageBox::accepted, this,
                [this, id] { controller_->answer_prompt(id, 1.0); });
        dialog = box;
    }
    dialog->setObjectName(QStringLiteral("prompt-%1").arg(id));
    dialog->setWindowTitle(tr("wattbench needs you — %1").arg(where));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::rejected, this,
            [this, id] { controller_->answer_prompt(id, std::nullopt); });
    dialog->open();
    QApplication::alert(this);
}

void MainWindow::copy_results(bool markdown) {
    const auto text = markdown ? results_->to_markdown() : results_->to_csv();
    if (text.empty()) {
        statusBar()->showMessage(tr("No results yet"), 4000);
        return;
    }
    QApplication::clipboard()->setText(QString::fromStdString(text));
    statusBar()->showMessage(
        markdown ? tr("Results copied as Markdown") : tr("Results copied as CSV"), 4000);
}

void MainWindow::export_report(const QString& format) {
    if (!results_->has_run()) {
        return;
    }
    const QString suggested = QDir(run_dir_).filePath(QStringLiteral("report.") + format);
    const QString path = QFileDialog::getSaveFileName(this, tr("Export report"), suggested);
    if (path.isEmpty()) {
        return;
    }
    if (const auto err = write_report(format, path)) {
        show_error(tr("Export failed"), *err);
        return;
    }
    statusBar()->showMessage(tr("Report written to %1").arg(path), 6000);
}

std::optional<QString> MainWindow::write_report(const QString& format, const QString& path) const {
    if (run_dir_.isEmpty()) {
        return tr("No run to report on");
    }
    // The same content as `wattbench report`: read back from the run directory, so the export
    // of a live run is what the command would print at this moment.
    auto built = core::report::build_report_content(run_dir_.toStdString());
    if (auto* err = std::get_if<std::string>(&built)) {
        return QString::fromStdString(*err);
    }
    const auto& content = *std::get<std::unique_ptr<core::report::ReportContent>>(built);
#ifdef WATTBENCH_HAS_REPORT_QT
    if (format == QLatin1String("pdf")) {
        if (const auto err = report_render::render_pdf(content, path.toStdString())) {
            return QString::fromStdString(*err);
        }
        return std::nullopt;
    }
#endif
    std::string text;
    if (format == QLatin1String("md")) {
        text = core::report::render_markdown(content);
    } else if (format == QLatin1String("csv")) {
        text = core::report::render_csv(content);
#ifdef WATTBENCH_HAS_REPORT_QT
    } else if (format == QLatin1String("html")) {
        text = report_render::render_html(content);
#endif
    } else if (format == QLatin1String("json")) {
        text = core::report::render_json(content);
    } else {
        return tr("This build cannot write %1 reports").arg(format);
    }
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly) ||
        out.write(text.data(), static_cast<qint64>(text.size())) !=
            static_cast<qint64>(text.size()) ||
        !out.commit()) {
        return tr("Cannot write %1: %2").arg(path, out.errorString());
    }
    return std::nullopt;
}

void MainWindow::add_recent(const QString& path) {
    QSettings s;
    QStringList recent = s.value(QStringLiteral("recent")).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent) {
        recent.removeLast();
    }
    s.setValue(QStringLiteral("recent"), recent);
    rebuild_recent_menu();
}

void MainWindow::rebuild_recent_menu() {
    recent_menu_->clear();
    const QStringList recent = QSettings().value(QStringLiteral("recent")).toStringList();
    int n = 1;
    for (const auto& path : recent) {
        auto* a = recent_menu_->addAction(QStringLiteral("&%1 %2").arg(n).arg(path), this,
                                          [this, path] { open_path(path); });
        if (n <= 9) {
            a->setShortcut(QKeySequence(QStringLiteral("Alt+%1").arg(n)));
        }
        ++n;
    }
    recent_menu_->setEnabled(!recent.isEmpty());
}

void MainWindow::save_settings() {
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState());
    s.setValue(QStringLiteral("charts/span"), span_->currentData());
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
    const int i = span_->findData(s.value(QStringLiteral("charts/span"), 300.0).toDouble());
    if (i >= 0) {
        span_->setCurrentIndex(i);
    }
    charts_->set_span(span_->currentData().toDouble());
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
