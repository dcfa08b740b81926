#include "app/gui/widgets/main_menus.hpp"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QToolBar>

#include "app/gui/widgets/discovery_dialog.hpp"
#include "app/gui/widgets/recent_menu.hpp"
#include "app/gui/widgets/report_export.hpp"

namespace wattbench::gui::widgets {

MainMenus::MainMenus(QMainWindow* window) : QObject(window), window_(window) {
    build_file_menu();
    build_run_menu();
    build_other_menus();
    build_tool_bar();
}

void MainMenus::build_file_menu() {
    auto* file = window_->menuBar()->addMenu(tr("&File"));
    open_profile_ = file->addAction(tr("&Open profile…"), this, [this] {
        QSettings s;
        const auto path = QFileDialog::getOpenFileName(
            window_, tr("Open profile"), s.value(QStringLiteral("paths/profiles")).toString(),
            tr("Profiles (*.toml);;All files (*)"));
        if (!path.isEmpty()) {
            s.setValue(QStringLiteral("paths/profiles"), QFileInfo(path).absolutePath());
            emit open_profile_requested(path);
        }
    });
    open_profile_->setShortcut(QKeySequence::Open);
    open_run_ = file->addAction(tr("Open &run directory…"), this, [this] {
        QSettings s;
        const auto dir = QFileDialog::getExistingDirectory(
            window_, tr("Open run directory"), s.value(QStringLiteral("paths/runs")).toString());
        if (!dir.isEmpty()) {
            s.setValue(QStringLiteral("paths/runs"), QFileInfo(dir).absolutePath());
            emit open_run_requested(dir);
        }
    });
    open_run_->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+O")));
    recent_ = new RecentMenu(tr("Open &recent"), window_);
    file->addMenu(recent_);
    connect(recent_, &RecentMenu::open_requested, this, &MainMenus::open_path_requested);
    file->addSeparator();
    export_ = new ReportExport(file->addMenu(tr("&Export report")), window_);
    file->addSeparator();
    file->addAction(tr("&Quit"), window_, &QWidget::close)->setShortcut(QKeySequence::Quit);
}

void MainMenus::build_run_menu() {
    auto* run = window_->menuBar()->addMenu(tr("&Run"));
    start_ = run->addAction(tr("&Start"), this, &MainMenus::start_requested);
    start_->setShortcut(QKeySequence(Qt::Key_F5));
    skip_warmup_ = run->addAction(tr("Skip &warm-up"), this, &MainMenus::skip_warmup_requested);
    skip_warmup_->setShortcut(QKeySequence(Qt::Key_F6));
    skip_phase_ = run->addAction(tr("Skip &phase"), this, &MainMenus::skip_phase_requested);
    skip_phase_->setShortcut(QKeySequence(Qt::Key_F7));
    abort_ = run->addAction(tr("&Abort…"), this, &MainMenus::abort_requested);
    abort_->setShortcut(QKeySequence(Qt::Key_F8));
}

void MainMenus::build_other_menus() {
    auto* edit = window_->menuBar()->addMenu(tr("&Edit"));
    edit->addAction(tr("Copy results as &Markdown"), this, [this] { emit copy_requested(true); })
        ->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+C")));
    edit->addAction(tr("Copy results as &CSV"), this, [this] { emit copy_requested(false); })
        ->setShortcut(QKeySequence(QStringLiteral("Ctrl+Alt+C")));

    auto* view = window_->menuBar()->addMenu(tr("&View"));
    for (auto* dock : window_->findChildren<QDockWidget*>()) {
        view->addAction(dock->toggleViewAction());
    }

    auto* tools = window_->menuBar()->addMenu(tr("&Tools"));
    tools
        ->addAction(tr("&Discover devices…"), this,
                    [this] {
                        auto* d = new DiscoveryDialog(window_);
                        d->setAttribute(Qt::WA_DeleteOnClose);
                        d->open();
                    })
        ->setShortcut(QKeySequence(QStringLiteral("Ctrl+D")));

    auto* help = window_->menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About wattbench"), this, [this] {
        QMessageBox::about(window_, tr("About wattbench"),
                           tr("<b>wattbench %1</b><p>Server power, thermal and noise measurement "
                              "under load phases: the live view of the same engine as the "
                              "<tt>wattbench</tt> command.</p>")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainMenus::build_tool_bar() {
    auto* bar = window_->addToolBar(tr("Run"));
    bar->setObjectName(QStringLiteral("runToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    bar->addAction(open_profile_);
    bar->addAction(open_run_);
    bar->addSeparator();
    bar->addAction(start_);
    bar->addAction(skip_warmup_);
    bar->addAction(skip_phase_);
    bar->addAction(abort_);
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
    connect(span_, &QComboBox::currentIndexChanged, this,
            [this] { emit span_changed(span_->currentData().toDouble()); });
}

void MainMenus::set_controls(bool can_start, bool running) {
    start_->setEnabled(can_start);
    skip_warmup_->setEnabled(running);
    skip_phase_->setEnabled(running);
    abort_->setEnabled(running);
}

}  // namespace wattbench::gui::widgets
