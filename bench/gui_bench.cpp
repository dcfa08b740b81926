// The GUI's refresh cost and memory over a long run, without instruments: synthetic readings
// of 30 channels at 10 Hz go through MainWindow::apply_batch exactly as the live timer hands
// them over (history, device table, charts), and the charts are painted after each batch.
//
//   1. memory: SIMULATED_HOURS of readings in one-minute batches; resident memory and the
//      points the charts keep, after the first hour and at the end;
//   2. refresh: at the end of that run, REFRESHES batches of 0.2 s each (a 5 Hz drain): the
//      drain + chart update (the refresh), the repaint of the window, and both together:
//      median, p95, max.
//
// usage: gui_bench [SIMULATED_HOURS=24] [REFRESHES=200]    (QT_QPA_PLATFORM=offscreen if headless)
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <vector>

#include <QApplication>
#include <QElapsedTimer>

#include "app/gui/history/live_buffer.hpp"
#include "app/gui/widgets/charts_area.hpp"
#include "app/gui/widgets/main_window.hpp"

namespace {

using namespace wattbench;

long rss_kib() {
    std::ifstream in("/proc/self/statm");
    long pages_total = 0, pages_resident = 0;
    in >> pages_total >> pages_resident;
    return pages_resident * sysconf(_SC_PAGESIZE) / 1024;
}

core::record::Catalog catalog() {
    using drivers::api::Quantity;
    core::record::Catalog c;
    const std::pair<Quantity, const char*> kinds[] = {
        {Quantity::power, "W"},   {Quantity::temperature, "degC"}, {Quantity::fan, "RPM"},
        {Quantity::voltage, "V"}, {Quantity::sound, "dBA"},        {Quantity::utilisation, "%"}};
    for (int d = 0; d < 3; ++d) {
        core::record::DeviceChannels dc;
        dc.device_id = "dev" + std::to_string(d);
        dc.driver = "synthetic";
        for (int ch = 0; ch < 10; ++ch) {
            drivers::api::ChannelSpec s;
            s.name = "ch" + std::to_string(ch);
            s.quantity = kinds[ch % 6].first;
            s.unit = kinds[ch % 6].second;
            dc.channels.push_back(s);
        }
        c.devices.push_back(dc);
    }
    c.phase_names = {"soak"};
    c.phase_loads = {"idle"};
    return c;
}

gui::history::Batch readings(double t0, double seconds, double hz) {
    gui::history::Batch b;
    const int ticks = static_cast<int>(seconds * hz);
    b.samples.reserve(static_cast<std::size_t>(ticks) * 30);
    for (int k = 0; k < ticks; ++k) {
        const double t = t0 + k / hz;
        for (std::uint32_t d = 0; d < 3; ++d) {
            for (std::uint32_t ch = 0; ch < 10; ++ch) {
                gui::history::LiveSample s;
                s.t = t;
                s.device = d;
                s.channel = ch;
                s.phase = 0;
                s.stage = core::phases::Stage::window;
                s.value = 100.0 + 20.0 * std::sin(t / 300.0 + ch) + (k % 7);
                b.samples.push_back(s);
            }
        }
    }
    return b;
}

}  // namespace

int main(int argc, char** argv) {
    const double hours = argc > 1 ? std::atof(argv[1]) : 24.0;
    const int refreshes = argc > 2 ? std::atoi(argv[2]) : 200;
    constexpr double kHz = 10.0;
    QApplication app(argc, argv);
    gui::widgets::MainWindow w;
    w.resize(1600, 1000);
    w.show();
    const double start = 1.8e9;
    {
        gui::history::Batch b;
        b.started = catalog();
        core::engine::StageChange sc;
        sc.phase = 0;
        sc.phase_name = "soak";
        sc.stage = core::phases::Stage::window;
        b.stages.push_back({sc, start});
        w.apply_batch(b);
    }
    QApplication::processEvents();
    const long rss_start = rss_kib();
    long rss_hour = 0;
    std::size_t points_hour = 0;
    const int minutes = static_cast<int>(hours * 60.0);
    QElapsedTimer wall;
    wall.start();
    for (int m = 0; m < minutes; ++m) {
        auto b = readings(start + m * 60.0, 60.0, kHz);
        w.apply_batch(b);
        QApplication::processEvents();
        if (m == 59) {
            rss_hour = rss_kib();
            points_hour = w.history().stored_points();
        }
    }
    const long rss_end = rss_kib();
    std::printf("memory: %.1f h of 30 channels at %.0f Hz (%.1f M readings) in %.1f s\n", hours,
                kHz, hours * 3600 * kHz * 30 / 1e6, wall.elapsed() / 1000.0);
    std::printf("  rss at start %ld KiB, after 1 h %ld KiB, after %.1f h %ld KiB\n", rss_start,
                rss_hour, hours, rss_end);
    std::printf("  chart points kept: after 1 h %zu, after %.1f h %zu\n", points_hour, hours,
                w.history().stored_points());

    // The "refresh" is the drain plus the chart update (apply_batch: history, device
    // table, every chart's series replaced); painting is timed separately, and the sum is the
    // honest cost of one live tick with the window on screen.
    std::vector<double> apply_ms, paint_ms, total_ms;
    double t = start + minutes * 60.0;
    for (int i = 0; i < refreshes; ++i) {
        auto b = readings(t, 0.2, kHz);
        t += 0.2;
        QElapsedTimer timer;
        timer.start();
        w.apply_batch(b);
        const auto applied = timer.nsecsElapsed();
        w.repaint();  // paint now, synchronously, so the time includes drawing every chart
        const auto painted = timer.nsecsElapsed();
        apply_ms.push_back(static_cast<double>(applied) / 1e6);
        paint_ms.push_back(static_cast<double>(painted - applied) / 1e6);
        total_ms.push_back(static_cast<double>(painted) / 1e6);
    }
    const auto report = [refreshes](const char* what, std::vector<double>& ms) {
        std::sort(ms.begin(), ms.end());
        if (!ms.empty()) {
            std::printf("%s, %d times: median %.2f ms, p95 %.2f ms, max %.2f ms\n", what, refreshes,
                        ms[ms.size() / 2], ms[ms.size() * 95 / 100], ms.back());
        }
    };
    std::size_t drawn = w.charts()->overview_point_count();
    for (auto g : chart_style::kChartGroups) {
        drawn += w.charts()->point_count(g);
    }
    std::printf("points handed to Qt Charts per refresh: %zu (30 lines + the overview's)\n", drawn);
    report("refresh (drain 0.2 s of readings + chart update)", apply_ms);
    report("paint (repaint of the whole window)", paint_ms);
    report("refresh + paint", total_ms);
    return 0;
}
