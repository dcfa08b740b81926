#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>

#include "app/core/record/catalog.hpp"
#include "app/core/record/io_error.hpp"
#include "app/core/record/phases_csv_writer.hpp"
#include "app/core/record/recorder_sink.hpp"
#include "app/core/record/samples_csv_writer.hpp"
#include "app/core/sampling/sample_queue.hpp"

namespace wattbench::core::record {

// The run's one writer of samples.csv and phases.csv: drains the samplers' queue, writes every
// reading, keeps the open windows' statistics and writes each window's rows when its close
// marker arrives (queue order guarantees the window's readings came first).
//
// I/O failures are values: the first one is cut back to a whole row (the writers do that),
// reported once through RecorderSink::on_write_failed, and the recorder then only drains.
// run() never throws.
class Recorder {
public:
    Recorder(Catalog catalog, std::unique_ptr<SamplesCsvWriter> samples,
             std::unique_ptr<PhasesCsvWriter> phases, double uncertainty_limit,
             sampling::SampleQueue& queue, RecorderSink& sink);
    ~Recorder();
    Recorder(const Recorder&) = delete;
    Recorder& operator=(const Recorder&) = delete;

    // Until the queue is closed and empty; then flushes samples.csv and closes both files
    // (which releases samples.csv's lock: the run directory is complete).
    void run();

    // Readings tagged `window` that arrived after their window had closed (excluded from its
    // statistics). Safe from any thread.
    std::uint64_t late_readings() const { return late_.load(std::memory_order_relaxed); }
    std::optional<IoError> failure() const;

private:
    struct State;
    void fail(const IoError& e);

    std::unique_ptr<State> state_;
    sampling::SampleQueue& queue_;
    RecorderSink& sink_;
    std::atomic<std::uint64_t> late_{0};
    mutable std::mutex failure_mutex_;
    std::optional<IoError> failure_;
};

}  // namespace wattbench::core::record
