#include "app/core/record/recorder.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <variant>
#include <vector>

#include "app/core/record/threshold_watcher.hpp"
#include "app/core/stats/counter_windows.hpp"
#include "app/core/stats/window_accumulator.hpp"

namespace wattbench::core::record {

// Everything that refers to the catalog lives here, after it, so the references the watchers
// keep stay valid when the catalog grows in place.
struct Recorder::State {
    State(Catalog c, std::unique_ptr<SamplesCsvWriter> s, std::unique_ptr<PhasesCsvWriter> p,
          double limit)
        : catalog(std::move(c)),
          samples_csv(std::move(s)),
          phases_csv(std::move(p)),
          uncertainty_limit(limit),
          thresholds(catalog),
          counters(catalog) {}

    Catalog catalog;
    std::unique_ptr<SamplesCsvWriter> samples_csv;
    std::unique_ptr<PhasesCsvWriter> phases_csv;
    double uncertainty_limit;
    ThresholdWatcher thresholds;
    stats::CounterWindows counters;
    std::map<std::int32_t, stats::WindowAccumulator> windows;
};

Recorder::Recorder(Catalog catalog, std::unique_ptr<SamplesCsvWriter> samples,
                   std::unique_ptr<PhasesCsvWriter> phases, double uncertainty_limit,
                   sampling::SampleQueue& queue, RecorderSink& sink)
    : state_(std::make_unique<State>(std::move(catalog), std::move(samples), std::move(phases),
                                     uncertainty_limit)),
      queue_(queue),
      sink_(sink) {}

Recorder::~Recorder() = default;

std::optional<IoError> Recorder::failure() const {
    std::lock_guard lock(failure_mutex_);
    return failure_;
}

void Recorder::fail(const IoError& e) {
    {
        std::lock_guard lock(failure_mutex_);
        if (failure_) {
            return;
        }
        failure_ = e;
    }
    sink_.on_write_failed(e);
}

void Recorder::run() {
    auto& st = *state_;
    std::vector<sampling::QueueItem> batch;
    std::vector<Sample> samples;
    batch.reserve(4096);
    samples.reserve(4096);

    auto hand_out = [&] {
        if (!samples.empty()) {
            sink_.on_recorded(samples);
            samples.clear();
        }
    };
    auto check = [&](std::optional<IoError> e) {
        if (e) {
            fail(*e);
        }
    };

    for (;;) {
        // Sleep until readings arrive or buffered rows are due on disk, and no longer: every
        // needless wake-up is CPU time added to the idle power being measured.
        auto wait = std::chrono::milliseconds(2000);
        if (auto due = st.samples_csv->flush_deadline()) {
            wait = std::clamp(std::chrono::duration_cast<std::chrono::milliseconds>(
                                  *due - std::chrono::steady_clock::now()) +
                                  std::chrono::milliseconds(1),
                              std::chrono::milliseconds(1), wait);
        }
        const bool more = queue_.pop_all(batch, wait);
        for (auto& item : batch) {
            if (auto* s = std::get_if<Sample>(&item)) {
                check(st.samples_csv->write(*s));
                if (auto e = st.thresholds.observe(*s)) {
                    sink_.on_threshold(*e);
                }
                if (s->stage == phases::Stage::window) {
                    st.counters.add(*s);
                    auto it = st.windows.find(s->phase);
                    if (it != st.windows.end()) {
                        it->second.add(*s);
                    } else {
                        late_.fetch_add(1, std::memory_order_relaxed);
                    }
                }
                samples.push_back(std::move(*s));
                continue;
            }
            if (auto* d = std::get_if<sampling::ChannelsDiscovered>(&item)) {
                hand_out();
                auto& channels = st.catalog.devices.at(d->device).channels;
                if (d->channels.size() > channels.size()) {
                    channels = d->channels;
                    st.samples_csv->set_catalog(st.catalog);
                    st.thresholds.catalog_grew();
                    // A window already open keeps the channels it opened with: its coverage
                    // would count readings it never expected. The next window has them all.
                    sink_.on_catalog_changed(st.catalog);
                }
                continue;
            }
            const auto& m = std::get<sampling::WindowMarker>(item);
            if (m.kind == sampling::WindowMarker::Kind::open) {
                auto [it, _] =
                    st.windows.try_emplace(m.phase, st.catalog, m.phase, st.uncertainty_limit);
                it->second.open(m.utc, m.mono);
                continue;
            }
            auto it = st.windows.find(m.phase);
            if (it == st.windows.end()) {
                continue;
            }
            if (m.kind == sampling::WindowMarker::Kind::close) {
                // Readings before the marker belong to the window; hand them out first so
                // observers see the readings before the result they produced.
                hand_out();
                st.counters.feed(it->second, m.phase);
                auto rows = it->second.close(m.utc, m.mono);
                sink_.on_window_closed(m.phase, rows);
                check(st.phases_csv->write(rows));
                check(st.samples_csv->flush());
                sink_.on_window_recorded(m.phase, rows);
            }
            st.windows.erase(it);
        }
        batch.clear();
        hand_out();
        check(st.samples_csv->maybe_flush(std::chrono::steady_clock::now()));
        if (!more) {
            break;
        }
    }
    check(st.samples_csv->flush());
    // Closing releases samples.csv's lock only now, when everything the run recorded is in.
    st.samples_csv.reset();
    st.phases_csv.reset();
}

}  // namespace wattbench::core::record
