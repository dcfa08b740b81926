#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include <fmt/format.h>

#include "app/cli/commands.hpp"
#include "app/cli/metrics_endpoint.hpp"
#include "app/cli/profile_loading.hpp"
#include "app/cli/signal_watcher.hpp"
#include "app/core/record/catalog.hpp"
#include "app/core/record/event_log.hpp"
#include "app/core/record/samples_csv_writer.hpp"
#include "app/core/record/threshold_watcher.hpp"
#include "app/core/record/utc_time.hpp"
#include "app/core/sampling/sampler.hpp"
#include "drivers/builtin_registry.hpp"

namespace wattbench::cli {

namespace {

namespace fs = std::filesystem;
using core::record::Sample;
using core::sampling::EventLevel;

core::record::EventLog::Level log_level(EventLevel l) {
    switch (l) {
        case EventLevel::warn:
            return core::record::EventLog::Level::warn;
        case EventLevel::error:
            return core::record::EventLog::Level::error;
        case EventLevel::info:
            break;
    }
    return core::record::EventLog::Level::info;
}

std::string value_text(const Sample& s, const drivers::api::ChannelSpec& spec) {
    if (s.status != drivers::api::Status::ok) {
        return std::string(drivers::api::to_string(s.status));
    }
    return spec.discrete() ? s.text : fmt::format("{:.6g}", s.value);
}

// What the monitor shows: the latest reading of every channel as a table redrawn in place on a
// terminal, or one line per reading otherwise; events go to stderr either way (and to
// events.log with --out). Called from the sampler threads (events) and the main thread
// (readings), hence the lock.
class MonitorView final : public core::sampling::SamplerListener {
public:
    // `exporter`: --metrics-listen's observer, which hears of device states here too; or null.
    MonitorView(const core::record::Catalog& catalog, bool interactive, core::record::EventLog* log,
                core::engine::Observer* exporter)
        : catalog_(catalog), interactive_(interactive), log_(log), exporter_(exporter) {
        for (const auto& d : catalog.devices) {
            latest_.emplace_back(d.channels.size());
        }
    }

    void on_device_state(std::uint32_t device, core::sampling::DeviceState state,
                         const std::string& detail) override {
        if (exporter_) {
            exporter_->on_device_state({device, catalog_.devices[device].device_id, state, detail});
        }
        std::lock_guard lock(mutex_);
        states_[device] = state == core::sampling::DeviceState::ok
                              ? std::string()
                              : std::string(core::sampling::to_string(state)) +
                                    (detail.empty() ? "" : ": " + detail);
    }

    void on_device_event(std::uint32_t, EventLevel level, const std::string& message) override {
        event(level, message);
    }

    void on_device_notice(std::uint32_t, const core::sampling::StageTag&,
                          const drivers::api::Notice& notice) override {
        if (!notice.message.empty()) {
            event(notice.warning ? EventLevel::warn : EventLevel::info, notice.message);
        }
    }

    void event(EventLevel level, const std::string& message) {
        const auto now = std::chrono::system_clock::now();
        std::lock_guard lock(mutex_);
        if (log_) {
            log_->write(now, log_level(level), message);
        }
        std::string line = core::record::EventLog::format_line(now, log_level(level), message);
        line.pop_back();  // its line break
        if (interactive_) {
            recent_.push_back(line);
            if (recent_.size() > 5) {
                recent_.erase(recent_.begin());
            }
        } else {
            fmt::print(stderr, "{}\n", line);
        }
    }

    void readings(const std::vector<Sample>& samples) {
        std::lock_guard lock(mutex_);
        for (const auto& s : samples) {
            const auto& spec = catalog_.channel(s.device, s.channel);
            if (!interactive_) {
                fmt::print(stdout, "{} {}/{} {}{}\n", core::record::format_utc_ms(s.utc),
                           catalog_.devices[s.device].device_id, spec.name, value_text(s, spec),
                           s.status == drivers::api::Status::ok && !spec.discrete() &&
                                   !spec.unit.empty() && spec.unit != "1"
                               ? " " + spec.unit
                               : std::string());
                continue;
            }
            latest_[s.device][s.channel] = s;
        }
        if (!interactive_) {
            std::fflush(stdout);
        }
    }

    // The catalog grew in place (a device discovered channels on a late open): room for the
    // new channels' latest readings. The catalog itself is only read on the main thread, which
    // is the one that changed it.
    void catalog_grew() {
        std::lock_guard lock(mutex_);
        latest_.resize(catalog_.devices.size());
        for (std::size_t d = 0; d < latest_.size(); ++d) {
            latest_[d].resize(std::max(latest_[d].size(), catalog_.devices[d].channels.size()));
        }
    }

    void redraw() {
        std::lock_guard lock(mutex_);
        std::size_t width = 7;
        for (const auto& d : catalog_.devices) {
            for (const auto& c : d.channels) {
                width = std::max(width, d.device_id.size() + 1 + c.name.size());
            }
        }
        // Home and clear, then the whole table: simple, and a terminal redraws it without
        // flicker at this rate.
        std::string out = "\x1b[H\x1b[2J";
        out += fmt::format("wattbench monitor — {} (Ctrl-C to stop)\n\n",
                           core::record::format_utc_ms(std::chrono::system_clock::now()));
        out += fmt::format("{:<{}}  {:>14}  {:<6}\n", "channel", width, "value", "unit");
        for (std::size_t d = 0; d < catalog_.devices.size(); ++d) {
            const auto& dev = catalog_.devices[d];
            for (std::size_t c = 0; c < dev.channels.size(); ++c) {
                const auto& spec = dev.channels[c];
                const auto& s = latest_[d][c];
                out += fmt::format("{:<{}}  {:>14}  {:<6}\n", dev.device_id + "/" + spec.name,
                                   width, s ? value_text(*s, spec) : "…", spec.unit);
            }
        }
        std::string trouble;
        for (const auto& [device, state] : states_) {
            if (!state.empty()) {
                trouble += fmt::format("{}: {}\n", catalog_.devices[device].device_id, state);
            }
        }
        if (!trouble.empty()) {
            out += "\n" + trouble;
        }
        if (!recent_.empty()) {
            out += "\n";
            for (const auto& line : recent_) {
                out += line + "\n";
            }
        }
        std::fputs(out.c_str(), stdout);
        std::fflush(stdout);
    }

private:
    const core::record::Catalog& catalog_;
    bool interactive_;
    core::record::EventLog* log_;
    core::engine::Observer* exporter_;
    std::mutex mutex_;
    std::vector<std::vector<std::optional<Sample>>> latest_;
    std::vector<std::string> recent_;
    std::map<std::uint32_t, std::string> states_;  // devices not ok: their state and why
};

}  // namespace

int monitor_command(const MonitorArgs& args) {
    std::atomic<int> stop_signal{0};
    core::sampling::StopSignal stop;
    // Before any thread exists, so that every thread inherits the blocked signal mask.
    SignalWatcher signals([&](int sig) {
        stop_signal.store(sig);
        stop.request();
    });

    auto loaded = load_profile_for_cli(args.profile, false);
    if (!loaded) {
        return kExitUsage;
    }
    const auto& profile = *loaded;
    const auto& registry = drivers::builtin_registry();
    auto endpoint = open_metrics(args.metrics_listen, profile.run.name, false);
    if (!endpoint) {
        return kExitUsage;
    }
    metrics::LatestReadings* exporter = *endpoint ? &(*endpoint)->readings() : nullptr;

    std::vector<std::unique_ptr<drivers::api::Device>> devices;
    for (const auto& d : profile.devices) {
        auto made = registry.create({d.id, d.driver, d.connection, d.options});
        if (auto* err = std::get_if<drivers::api::DeviceError>(&made)) {
            fmt::print(stderr, "wattbench: {}:{}: device '{}': {}\n", d.location.file,
                       d.location.line, d.id, err->message);
            return kExitUsage;
        }
        devices.push_back(std::get<std::unique_ptr<drivers::api::Device>>(std::move(made)));
    }
    if (devices.empty()) {
        fmt::print(stderr, "wattbench: {}: the profile has no [[device]] to monitor\n",
                   args.profile);
        return kExitUsage;
    }
    // In parallel, as for a run: a BMC timing out must not hold up the other instruments.
    std::vector<std::future<std::optional<drivers::api::DeviceError>>> opening;
    for (auto& dev : devices) {
        opening.push_back(std::async(std::launch::async, [&dev] { return dev->open(); }));
    }
    std::vector<bool> opened;
    std::vector<std::string> warnings;
    std::vector<std::string> open_errors(devices.size());
    for (std::size_t i = 0; i < devices.size(); ++i) {
        const auto& d = profile.devices[i];
        auto err = opening[i].get();
        opened.push_back(!err);
        if (!err) {
            continue;
        }
        if (!d.optional) {
            fmt::print(stderr, "wattbench: device '{}' ({} at '{}') could not be opened: {} ({})\n",
                       d.id, d.driver, d.connection, err->message,
                       drivers::api::to_string(err->kind));
            return kExitUsage;
        }
        warnings.push_back(fmt::format("optional device '{}' could not be opened: {}; retrying",
                                       d.id, err->message));
        open_errors[i] = err->message;
    }

    core::record::Catalog catalog;
    for (std::size_t i = 0; i < devices.size(); ++i) {
        const auto& d = profile.devices[i];
        catalog.devices.push_back({d.id, d.driver, d.interval, devices[i]->channels()});
    }

    std::unique_ptr<core::record::SamplesCsvWriter> csv;
    std::unique_ptr<core::record::EventLog> log;
    if (!args.out.empty()) {
        std::error_code ec;
        if (fs::exists(args.out, ec) && !fs::is_empty(args.out, ec)) {
            fmt::print(stderr, "wattbench: output directory '{}' is not empty\n", args.out);
            return kExitUsage;
        }
        try {
            fs::create_directories(args.out);
            csv = std::make_unique<core::record::SamplesCsvWriter>(args.out + "/samples.csv",
                                                                   catalog);
            log = std::make_unique<core::record::EventLog>(args.out + "/events.log");
        } catch (const std::exception& e) {
            fmt::print(stderr, "wattbench: cannot write into '{}': {}\n", args.out, e.what());
            return kExitUsage;
        }
    }

    const bool interactive = isatty(STDOUT_FILENO) != 0;
    if (exporter) {
        exporter->on_started(catalog);
    }
    MonitorView view(catalog, interactive, log.get(), exporter);
    for (const auto& w : warnings) {
        view.event(EventLevel::warn, w);
    }
    for (std::size_t i = 0; i < devices.size(); ++i) {
        view.on_device_state(
            static_cast<std::uint32_t>(i),
            opened[i] ? core::sampling::DeviceState::ok : core::sampling::DeviceState::reconnecting,
            open_errors[i]);
    }
    core::sampling::SampleQueue queue;
    core::sampling::StageBoard board;  // no phases: every reading is "between"
    core::sampling::RunAnchor anchor{std::chrono::steady_clock::now(),
                                     std::chrono::system_clock::now()};
    std::vector<std::unique_ptr<core::sampling::Sampler>> samplers;
    for (std::size_t i = 0; i < devices.size(); ++i) {
        core::sampling::SamplerConfig cfg;
        cfg.device_index = static_cast<std::uint32_t>(i);
        cfg.device_id = catalog.devices[i].device_id;
        cfg.interval = catalog.devices[i].interval;
        cfg.anchor = anchor;
        cfg.opened = opened[i];
        samplers.push_back(std::make_unique<core::sampling::Sampler>(
            cfg, std::move(devices[i]), core::sampling::steady_clock(), queue, board, view));
    }
    for (auto& s : samplers) {
        s->start();
    }

    core::record::ThresholdWatcher thresholds(catalog);
    // A device that came back with channels it did not have at start (an optional BMC that was
    // down): its sampler says so before their first reading, and everything holding the
    // catalog learns of them here, in queue order.
    const auto adopt = [&](const core::sampling::ChannelsDiscovered& found) {
        auto& channels = catalog.devices.at(found.device).channels;
        if (found.channels.size() <= channels.size()) {
            return;
        }
        channels = found.channels;
        if (csv) {
            csv->set_catalog(catalog);
        }
        thresholds.catalog_grew();
        view.catalog_grew();
        if (exporter) {
            exporter->on_catalog_changed(catalog);
        }
    };
    std::vector<core::sampling::QueueItem> batch;
    std::vector<Sample> samples;
    // The first file error ends the monitor: samples.csv is cut back to its last whole row by
    // the writer, and what came before stays readable.
    std::optional<core::record::IoError> lost;
    const auto keep = [&](std::optional<core::record::IoError> e) {
        if (e && !lost) {
            lost = std::move(e);
        }
    };
    auto next_draw = std::chrono::steady_clock::now();
    while (!stop.requested() && !lost) {
        queue.pop_all(batch, std::chrono::milliseconds(250));
        for (auto& item : batch) {
            if (const auto* found = std::get_if<core::sampling::ChannelsDiscovered>(&item)) {
                adopt(*found);
            } else if (auto* s = std::get_if<Sample>(&item)) {
                if (csv) {
                    keep(csv->write(*s));
                }
                if (auto e = thresholds.observe(*s)) {
                    view.event(e->severity == core::record::ThresholdWatcher::Severity::critical
                                   ? EventLevel::error
                               : e->severity == core::record::ThresholdWatcher::Severity::warning
                                   ? EventLevel::warn
                                   : EventLevel::info,
                               e->message);
                }
                samples.push_back(std::move(*s));
            }
        }
        batch.clear();
        if (exporter) {
            exporter->on_readings(samples);
        }
        view.readings(samples);
        samples.clear();
        if (csv) {
            keep(csv->maybe_flush(std::chrono::steady_clock::now()));
        }
        if (interactive && std::chrono::steady_clock::now() >= next_draw) {
            view.redraw();
            next_draw = std::chrono::steady_clock::now() + std::chrono::milliseconds(250);
        }
    }
    for (auto& s : samplers) {
        s->request_stop();
    }
    for (auto& s : samplers) {
        s->join();
    }
    queue.close();
    samplers.clear();  // closes the devices
    if (csv) {
        // Readings taken before the samplers stopped still belong in the file.
        while (queue.pop_all(batch, std::chrono::milliseconds(0))) {
            for (const auto& item : batch) {
                if (const auto* found = std::get_if<core::sampling::ChannelsDiscovered>(&item)) {
                    adopt(*found);
                } else if (const auto* s = std::get_if<Sample>(&item)) {
                    keep(csv->write(*s));
                }
            }
            batch.clear();
        }
        keep(csv->flush());
    }
    if (lost) {
        fmt::print(stderr, "wattbench: {}; monitoring stopped\n", lost->message());
        return kExitRunFailed;
    }
    const int sig = stop_signal.load();
    return 128 + (sig > 0 ? sig : SIGINT);
}

}  // namespace wattbench::cli
