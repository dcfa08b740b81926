#include "app/gui/widgets/main_window.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include <sys/mount.h>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QImage>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QPixmap>
#include <QSettings>
#include <QTest>
#include <QTimer>
#include <QUrl>

#include "app/gui/model/device_model.hpp"
#include "app/gui/model/phase_model.hpp"
#include "app/gui/model/results_model.hpp"
#include "app/gui/widgets/charts_area.hpp"
#include "qt_env.hpp"

namespace wattbench::gui::widgets {
namespace {

using chart_style::ChartGroup;

std::string temp_dir() {
    std::string templ = (std::filesystem::temp_directory_path() / "gui-window-XXXXXX").string();
    EXPECT_NE(mkdtemp(templ.data()), nullptr);
    return templ;
}

std::size_t colour_count(const QImage& img) {
    std::set<QRgb> colours;
    for (int y = 0; y < img.height(); y += 2) {
        for (int x = 0; x < img.width(); x += 2) {
            colours.insert(img.pixel(x, y));
        }
    }
    return colours.size();
}

core::profile::Overrides short_phases() {
    core::profile::Overrides o;
    o.warmup = std::chrono::seconds(1);
    o.window = std::chrono::seconds(2);
    o.only = {"idle", "cpu-1"};
    return o;
}

TEST(MainWindow, DemoRunFillsChartsLadderAndResults) {
    test::qt_app();
    const auto out = temp_dir() + "/run";
    MainWindow w;
    w.set_overrides(short_phases());
    w.set_out_dir(QString::fromStdString(out));
    w.resize(1400, 900);
    w.show();
    ASSERT_TRUE(w.open_profile(QStringLiteral(WATTBENCH_SOURCE_DIR "/profiles/demo.toml")));
    EXPECT_EQ(w.phase_model()->rowCount(), 2);
    // Every sim channel is listed before the run starts.
    EXPECT_GE(w.device_model()->device_count(), 2);
    w.start_run();
    bool ended = false;
    QObject::connect(&w, &MainWindow::run_ended, [&] { ended = true; });
    ASSERT_TRUE(QTest::qWaitFor([&] { return ended; }, 60'000)) << "the run did not end";
    ASSERT_TRUE(w.last_error().isEmpty()) << w.last_error().toStdString();

    // Done, or done and flagged (a busy machine can push the idle phase's uncertainty up).
    for (int p = 0; p < 2; ++p) {
        const auto s = w.phase_model()->state(p);
        EXPECT_TRUE(s == model::PhaseModel::State::done || s == model::PhaseModel::State::flagged)
            << model::PhaseModel::to_text(s).toStdString();
    }
    EXPECT_GT(w.charts()->point_count(ChartGroup::power), 4u);
    EXPECT_GT(w.charts()->point_count(ChartGroup::temperature), 2u);
    EXPECT_GT(w.charts()->overview_point_count(), 2u);
    EXPECT_FALSE(w.history().bands().empty());
    // The results table holds the numbers phases.csv holds.
    auto* results = w.results_model();
    ASSERT_EQ(results->columnCount(), 2);
    bool ok = false;
    // The number, without the low-coverage mark a busy machine may add (" ⚠").
    const double idle_power =
        results->index(0, 0).data().toString().section(QLatin1Char(' '), 0, 0).toDouble(&ok);
    EXPECT_TRUE(ok);
    EXPECT_GT(idle_power, 50.0);
    EXPECT_TRUE(std::filesystem::exists(out + "/phases.csv"));
    // Devices show their latest values and are connected.
    auto* dm = w.device_model();
    EXPECT_EQ(dm->device_index(0).data(model::DeviceModel::kStateRole).toString(), "ok");
    EXPECT_NE(dm->channel_index(0, 0, model::DeviceModel::value_column).data().toString(), "…");

    const QImage img = w.grab().toImage();
    EXPECT_GT(colour_count(img), 50u);
    std::filesystem::remove_all(std::filesystem::path(out).parent_path());
}

TEST(MainWindow, AFailingDeviceShowsAsFailedWithoutFreezingTheWindow) {
    test::qt_app();
    const auto dir = temp_dir();
    const auto profile = dir + "/failing.toml";
    {
        std::ofstream f(profile);
        f << "[run]\nname = \"failing\"\nwarmup = \"1s\"\nwindow = \"1s\"\n"
          << "[[device]]\nid = \"wattmeter\"\ndriver = \"sim\"\nconnection = \"sim://wattmeter\"\n"
          << "open_delay = \"700ms\"\nfail_open = true\n"
          << "[[phase]]\nname = \"idle\"\nload = \"idle\"\n";
    }
    MainWindow w;
    w.set_out_dir(QString::fromStdString(dir + "/run"));
    w.show();
    ASSERT_TRUE(w.open_profile(QString::fromStdString(profile)));
    bool ended = false;
    QObject::connect(&w, &MainWindow::run_ended, [&] { ended = true; });
    w.start_run();
    // The event loop keeps turning while the device is being opened on the worker thread.
    int ticks = 0;
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, [&] { ++ticks; });
    tick.start(10);
    ASSERT_TRUE(QTest::qWaitFor([&] { return ended; }, 30'000));
    EXPECT_GT(ticks, 0);
    EXPECT_FALSE(w.run_active());
    EXPECT_TRUE(w.last_error().contains("wattmeter")) << w.last_error().toStdString();
    EXPECT_EQ(w.device_model()->device_index(0).data(model::DeviceModel::kStateRole).toString(),
              "failed");
    EXPECT_FALSE(std::filesystem::exists(dir + "/run"));
    std::filesystem::remove_all(dir);
}

TEST(MainWindow, AnOptionalDeviceThatFailsIsShownReconnectingWhileTheRunGoesOn) {
    test::qt_app();
    const auto dir = temp_dir();
    const auto profile = dir + "/optional.toml";
    {
        std::ofstream f(profile);
        f << "[run]\nname = \"optional\"\nwarmup = \"0s\"\nwindow = \"2s\"\n"
          << "[[device]]\nid = \"wattmeter\"\ndriver = \"sim\"\nconnection = \"sim://wattmeter\"\n"
          << "[[device]]\nid = \"slm\"\ndriver = \"sim\"\nconnection = \"sim://sound\"\n"
          << "optional = true\nfail_open = true\n"
          << "[[phase]]\nname = \"idle\"\nload = \"idle\"\n";
    }
    MainWindow w;
    w.set_out_dir(QString::fromStdString(dir + "/run"));
    w.show();
    ASSERT_TRUE(w.open_profile(QString::fromStdString(profile)));
    bool ended = false;
    QObject::connect(&w, &MainWindow::run_ended, [&] { ended = true; });
    w.start_run();
    ASSERT_TRUE(QTest::qWaitFor([&] { return ended; }, 30'000));
    EXPECT_TRUE(w.last_error().isEmpty()) << w.last_error().toStdString();
    EXPECT_EQ(w.device_model()->device_index(1).data(model::DeviceModel::kStateRole).toString(),
              "reconnecting");
    EXPECT_EQ(w.phase_model()->state(0), model::PhaseModel::State::done);
    std::filesystem::remove_all(dir);
}

TEST(MainWindow, OpensARunDirectory) {
    test::qt_app();
    MainWindow w;
    w.show();
    ASSERT_TRUE(w.open_run(QStringLiteral(WATTBENCH_TEST_DATA "/fixtures/demo-run")));
    EXPECT_EQ(w.results_model()->columnCount(), 3);
    EXPECT_EQ(w.phase_model()->state(2), model::PhaseModel::State::done);
    EXPECT_GT(w.charts()->point_count(ChartGroup::power), 10u);
    EXPECT_EQ(w.history().bands().size(), 3u);
    EXPECT_FALSE(w.can_start());
}

// File > Export writes what `wattbench report` would: the opened run's content in each format.
TEST(MainWindow, ExportsTheOpenedRunInEveryFormat) {
    test::qt_app();
    MainWindow w;
    ASSERT_TRUE(w.open_run(QStringLiteral(WATTBENCH_TEST_DATA "/fixtures/demo-run")));
    const std::string dir = temp_dir();
    auto read = [](const std::string& path) {
        std::ifstream in(path, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    for (const char* format : {"md", "csv", "json", "html", "pdf"}) {
        const std::string path = dir + "/report." + format;
        const auto err = w.write_report(QString::fromLatin1(format), QString::fromStdString(path));
        ASSERT_FALSE(err.has_value()) << format << ": " << err->toStdString();
        EXPECT_GT(std::filesystem::file_size(path), 500u) << format;
    }
    EXPECT_NE(read(dir + "/report.md").find("## Validity"), std::string::npos);
    EXPECT_NE(read(dir + "/report.md").find("## Power versus load"), std::string::npos);
    EXPECT_NE(read(dir + "/report.html").find("<svg"), std::string::npos);
    EXPECT_EQ(read(dir + "/report.pdf").rfind("%PDF-", 0), 0u);
    const auto err =
        w.write_report(QStringLiteral("md"), QString::fromStdString(dir + "/no/such/dir/r.md"));
    ASSERT_TRUE(err.has_value());
    EXPECT_TRUE(err->contains(QStringLiteral("no/such/dir"))) << err->toStdString();
    std::filesystem::remove_all(dir);
}

TEST(MainWindow, ADroppedRunOpensIsCopyableAndTheWindowRemembersItsSettings) {
    test::qt_app();
    const QString fixture = QStringLiteral(WATTBENCH_TEST_DATA "/fixtures/demo-run");
    {
        MainWindow w;
        w.show();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(fixture)});
        QDragEnterEvent enter(QPoint(200, 200), Qt::CopyAction, &mime, Qt::LeftButton,
                              Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        EXPECT_TRUE(enter.isAccepted());
        QDropEvent drop(QPointF(200, 200), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &drop);
        EXPECT_EQ(w.run_dir().toStdString(), fixture.toStdString()) << w.last_error().toStdString();
        ASSERT_EQ(w.results_model()->columnCount(), 3);

        const auto trigger = [&](const QString& text) {
            for (auto* a : w.findChildren<QAction*>()) {
                if (a->text() == text) {
                    a->trigger();
                    return true;
                }
            }
            return false;
        };
        ASSERT_TRUE(trigger(QStringLiteral("Copy results as &Markdown")));
        const QString md = QApplication::clipboard()->text();
        EXPECT_TRUE(md.contains(QStringLiteral("\n| Power [W] (wattmeter/power)")))
            << md.toStdString();
        EXPECT_TRUE(md.contains(QStringLiteral("idle"))) << md.toStdString();
        EXPECT_TRUE(md.contains(QStringLiteral("---"))) << md.toStdString();
        ASSERT_TRUE(trigger(QStringLiteral("Copy results as &CSV")));
        const QString csv = QApplication::clipboard()->text();
        EXPECT_FALSE(csv.contains(QStringLiteral("---"))) << csv.toStdString();
        EXPECT_TRUE(csv.contains(QStringLiteral("idle"))) << csv.toStdString();
        EXPECT_TRUE(csv.contains(QStringLiteral("wattmeter/power"))) << csv.toStdString();

        EXPECT_EQ(QSettings().value(QStringLiteral("recent")).toStringList().value(0), fixture);
        auto* span = w.findChild<QComboBox*>(QStringLiteral("spanChoice"));
        ASSERT_NE(span, nullptr);
        span->setCurrentIndex(span->findData(3600.0));
        w.close();
    }
    MainWindow again;
    auto* span = again.findChild<QComboBox*>(QStringLiteral("spanChoice"));
    ASSERT_NE(span, nullptr);
    EXPECT_EQ(span->currentData().toDouble(), 3600.0);
    EXPECT_EQ(again.charts()->span(), 3600.0);
}

// A run that stopped because a file of its directory could not be written ends in a warning
// dialog with the engine's message, which does not block the window: it stays usable.
TEST(MainWindow, ARunStoppedByAFullDiskShowsItsReasonInADialog) {
    test::qt_app();
    MainWindow w;
    w.show();
    ASSERT_TRUE(w.open_profile(QStringLiteral(WATTBENCH_SOURCE_DIR "/profiles/demo.toml")));
    history::Batch batch;
    core::engine::RunFinished finished;
    finished.status = core::engine::RunStatus::failed;
    finished.message = "run failed: runs/x/samples.csv: No space left on device";
    batch.finished = finished;
    w.apply_batch(batch);
    EXPECT_EQ(w.last_error().toStdString(), finished.message);
    QMessageBox* box = nullptr;
    for (auto* b : w.findChildren<QMessageBox*>()) {
        if (b->isVisible() && b->text().contains(QStringLiteral("No space left on device"))) {
            box = b;
        }
    }
    ASSERT_NE(box, nullptr) << "no dialog names the cause";
    EXPECT_EQ(box->icon(), QMessageBox::Warning);
    EXPECT_TRUE(box->text().contains(QStringLiteral("runs/x/samples.csv")));
    // Still usable: the event loop turns and a run directory opens behind the dialog.
    int ticks = 0;
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, [&] { ++ticks; });
    tick.start(5);
    EXPECT_TRUE(QTest::qWaitFor([&] { return ticks > 2; }, 5'000));
    EXPECT_TRUE(w.open_run(QStringLiteral(WATTBENCH_TEST_DATA "/fixtures/demo-run")));
    box->accept();
}

// The same stop from a real run: its directory on a tmpfs too small for the run (as root; the
// test is skipped where tmpfs cannot be mounted).
TEST(MainWindow, ARealRunOnAFullDiskEndsInTheDialogNotACrash) {
    test::qt_app();
    const auto dir = temp_dir();
    const auto mnt = dir + "/small";
    std::filesystem::create_directories(mnt);
    if (::mount("tmpfs", mnt.c_str(), "tmpfs", 0, "size=96k") != 0) {
        std::filesystem::remove_all(dir);
        GTEST_SKIP() << "cannot mount a tmpfs here (needs root)";
    }
    const auto profile = dir + "/full.toml";
    {
        std::ofstream f(profile);
        f << "[run]\nname = \"full\"\ninterval = \"100ms\"\nwarmup = \"0s\"\nwindow = \"5m\"\n"
          << "[[device]]\nid = \"wattmeter\"\ndriver = \"sim\"\nconnection = \"sim://wattmeter\"\n"
          << "[[device]]\nid = \"bmc\"\ndriver = \"sim\"\nconnection = \"sim://bmc\"\n"
          << "[[phase]]\nname = \"idle\"\nload = \"idle\"\n";
    }
    {
        MainWindow w;
        w.set_out_dir(QString::fromStdString(mnt + "/run"));
        w.show();
        ASSERT_TRUE(w.open_profile(QString::fromStdString(profile)));
        bool ended = false;
        QObject::connect(&w, &MainWindow::run_ended, [&] { ended = true; });
        w.start_run();
        EXPECT_TRUE(QTest::qWaitFor([&] { return ended; }, 120'000)) << "the run did not stop";
        EXPECT_FALSE(w.run_active());
        EXPECT_TRUE(w.last_error().contains(QStringLiteral("No space left on device")))
            << w.last_error().toStdString();
        bool shown = false;
        for (auto* b : w.findChildren<QMessageBox*>()) {
            shown = shown || (b->isVisible() && b->text() == w.last_error());
        }
        EXPECT_TRUE(shown);
        EXPECT_TRUE(w.open_run(QString::fromStdString(mnt + "/run")))
            << w.last_error().toStdString();
    }
    ::umount2(mnt.c_str(), MNT_DETACH);
    std::filesystem::remove_all(dir);
}

// A late device's channels join the run's tables and charts without losing what was read.
TEST(MainWindow, ChannelsNamedDuringTheRunJoinTheDevicesAndCharts) {
    test::qt_app();
    MainWindow w;
    w.show();
    ASSERT_TRUE(w.open_profile(QStringLiteral(WATTBENCH_SOURCE_DIR "/profiles/demo.toml")));
    core::record::Catalog catalog = w.history().catalog();
    ASSERT_GE(catalog.devices.size(), 2u);
    // As at a run's start with the BMC down: it has no channels yet.
    const auto bmc_channels = catalog.devices[1].channels;
    ASSERT_FALSE(bmc_channels.empty());
    catalog.devices[1].channels.clear();
    history::Batch start;
    start.started = catalog;
    history::LiveSample power;
    power.t = 1'000'000.0;
    power.device = 0;
    power.channel = 0;
    power.value = 120.0;
    start.samples = {power};
    w.apply_batch(start);
    EXPECT_EQ(w.device_model()->rowCount(w.device_model()->device_index(1)), 0);

    history::Batch grown;
    catalog.devices[1].channels = bmc_channels;
    grown.catalog = catalog;
    history::LiveSample temp;
    temp.t = 1'000'001.0;
    temp.device = 1;
    temp.channel = 0;
    temp.value = 31.5;
    power.t = 1'000'001.0;
    grown.samples = {power, temp};
    w.apply_batch(grown);
    EXPECT_EQ(w.device_model()->rowCount(w.device_model()->device_index(1)),
              static_cast<int>(bmc_channels.size()));
    EXPECT_EQ(w.history().catalog().devices[1].channels.size(), bmc_channels.size());
    ASSERT_NE(w.history().channel(1, 0), nullptr);
    EXPECT_EQ(w.history().channel(0, 0)->recent().size(), 2u);
    EXPECT_EQ(w.history().channel(1, 0)->recent().size(), 1u);
    EXPECT_NE(
        w.device_model()->channel_index(1, 0, model::DeviceModel::value_column).data().toString(),
        "…");
}

// A run directory whose manifest still says running, with nobody recording it, was killed:
// the ladder shows the phase it was in as interrupted and the status bar says killed.
TEST(MainWindow, OpensAKilledRunAsKilled) {
    test::qt_app();
    MainWindow w;
    w.show();
    ASSERT_TRUE(
        w.open_run(QStringLiteral(WATTBENCH_SOURCE_DIR "/tests/app/core/report/cases/killed")))
        << w.last_error().toStdString();
    EXPECT_EQ(w.phase_model()->state(0), model::PhaseModel::State::flagged);
    EXPECT_EQ(w.phase_model()->state(1), model::PhaseModel::State::interrupted);
    EXPECT_EQ(w.phase_model()->state(2), model::PhaseModel::State::pending);
    auto* status = w.findChild<QLabel*>(QStringLiteral("runStatus"));
    ASSERT_NE(status, nullptr);
    EXPECT_TRUE(status->text().contains(QStringLiteral("killed (no end recorded)")))
        << status->text().toStdString();
    // A run that ended by itself says finished, not killed.
    ASSERT_TRUE(w.open_run(QStringLiteral(WATTBENCH_TEST_DATA "/fixtures/demo-run")));
    EXPECT_FALSE(status->text().contains(QStringLiteral("killed")));
    EXPECT_TRUE(status->text().contains(QStringLiteral("finished")));
}

TEST(MainWindow, RejectsABadProfileWithItsLocation) {
    test::qt_app();
    const auto dir = temp_dir();
    const auto profile = dir + "/bad.toml";
    {
        std::ofstream f(profile);
        f << "[run]\nname = \"bad\"\nwarmupp = \"1s\"\n";
    }
    MainWindow w;
    EXPECT_FALSE(w.open_profile(QString::fromStdString(profile)));
    EXPECT_TRUE(w.last_error().contains("bad.toml:3")) << w.last_error().toStdString();
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace wattbench::gui::widgets
