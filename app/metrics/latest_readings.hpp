#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "app/core/engine/observer.hpp"
#include "app/metrics/snapshot.hpp"

namespace wattbench::metrics {

// The exporter's view of a run: one more engine observer, keeping only the latest reading of
// each channel, the device states and counters, the phase and the closed windows' means, so
// that memory does not grow with the run's length. Callbacks take the lock just long enough to
// overwrite a few values; a scrape copies them out and renders without it.
class LatestReadings final : public core::engine::Observer {
public:
    // `phased`: false under `monitor`, whose readings carry stage `none`.
    LatestReadings(std::string run_name, bool phased);

    void on_started(const core::record::Catalog& catalog) override;
    void on_catalog_changed(const core::record::Catalog& catalog) override;
    void on_readings(std::span<const core::record::Sample> samples) override;
    void on_stage(const core::engine::StageChange& change) override;
    void on_device_state(const core::engine::DeviceStateChange& change) override;
    void on_phase_finished(const core::engine::PhaseFinished& result) override;

    // The GUI runs one profile after another: each run's name before it starts.
    void set_run_name(std::string name);

    Snapshot snapshot() const;

private:
    void adopt(const core::record::Catalog& catalog);  // holds mutex_

    mutable std::mutex mutex_;
    Snapshot state_;
};

}  // namespace wattbench::metrics
