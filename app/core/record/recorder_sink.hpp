#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "app/core/record/catalog.hpp"
#include "app/core/record/io_error.hpp"
#include "app/core/record/sample.hpp"
#include "app/core/record/threshold_watcher.hpp"
#include "app/core/stats/channel_summary.hpp"

namespace wattbench::core::record {

// What the recorder tells the run it records, on the recorder's thread. Implementations must
// not throw and must return quickly: every call delays the files.
class RecorderSink {
public:
    virtual ~RecorderSink() = default;
    // Readings in queue order, after they were handed to samples.csv.
    virtual void on_recorded(std::span<const Sample> samples) = 0;
    // A window closed; the run adds what it knows (flags, achieved load) before the rows are
    // written to phases.csv.
    virtual void on_window_closed(std::int32_t phase, std::vector<stats::ChannelSummary>& rows) = 0;
    // The window's rows are in phases.csv and samples.csv is flushed up to its close (or the
    // recorder had already failed and wrote nothing).
    virtual void on_window_recorded(std::int32_t phase,
                                    const std::vector<stats::ChannelSummary>& rows) = 0;
    virtual void on_threshold(const ThresholdWatcher::Event& event) = 0;
    // A device's channel table grew; the catalog given is the recorder's new one.
    virtual void on_catalog_changed(const Catalog& catalog) = 0;
    // The first failure to write samples.csv or phases.csv. The recorder writes nothing more
    // but goes on draining its queue until it is closed, so no sampler ever blocks on it.
    virtual void on_write_failed(const IoError& error) = 0;
};

}  // namespace wattbench::core::record
