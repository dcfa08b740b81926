#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/record/catalog.hpp"
#include "app/core/record/output_file.hpp"
#include "app/core/record/sample.hpp"
#include "app/core/record/utc_ms_formatter.hpp"

namespace wattbench::core::record {

// samples.csv: every reading as one row, appended as it arrives (docs/run-directory.md).
// Used by one recorder thread; it does no locking of its own.
//
// Rows are formatted into a buffer that is written with write(2) when it fills, when flush()
// or a due maybe_flush() is called, and on destruction. Nothing is fsynced: the bytes are in
// the kernel, which is what survives a Ctrl-C or a crash of this process.
//
// `value` is the shortest text that reads back to the same double (std::to_chars), so an ok
// reading that is not finite appears as nan/inf rather than being hidden; discrete channels
// write the state text, or the catalog's state name for the value when the text is empty.
//
// The caller owns the "at least once a second" promise of the run directory: call
// maybe_flush(now) after each batch of samples and, when idle, wake up by flush_deadline().
//
// Errors: the constructor throws std::system_error naming the file (it runs while a run is
// prepared, on the caller's thread). write() (when the buffer fills), flush() and maybe_flush()
// return an IoError instead: the file is then cut back to its last whole row, the writer stops
// writing and every later call returns the same error, so what is on disk always parses.
// write() throws std::out_of_range for a sample whose device, channel or phase the catalog
// does not know, before anything of that row is buffered (a programming error, not an I/O
// one). The destructor never throws.
//
// While the writer is open it holds an exclusive flock on the file: a reader that finds
// samples.csv unlocked knows no process is recording into it any more.
class SamplesCsvWriter {
public:
    static constexpr std::string_view kHeader =
        "time,elapsed_s,phase,stage,device,channel,value,unit,status\n";
    static constexpr std::chrono::steady_clock::duration kFlushPeriod = std::chrono::seconds(1);
    // Big enough that a flush is one cheap syscall per few thousand rows, small enough that
    // the buffer is never a memory concern.
    static constexpr std::size_t kFlushBytes = 256 * 1024;

    // Creates or truncates `path` and writes the header (to the file, immediately).
    SamplesCsvWriter(const std::string& path, const Catalog& catalog);
    ~SamplesCsvWriter();
    SamplesCsvWriter(const SamplesCsvWriter&) = delete;
    SamplesCsvWriter& operator=(const SamplesCsvWriter&) = delete;

    // Picks up channels and phases added to the catalog after construction (drivers that
    // discover their channels on open). Existing indices must keep their meaning.
    void set_catalog(const Catalog& catalog);

    // No heap allocation in the steady state, except when a state text longer than the buffer
    // arrives.
    std::optional<IoError> write(const Sample& sample);
    std::optional<IoError> flush();

    // True when there are buffered rows and the last timed flush is kFlushPeriod or more ago.
    bool flush_due(std::chrono::steady_clock::time_point now) const;
    std::optional<IoError> maybe_flush(std::chrono::steady_clock::time_point now);
    // The error that stopped the writer, if any.
    const std::optional<IoError>& failure() const { return failure_; }
    // When the buffered rows must be written at the latest; nullopt when nothing is buffered.
    std::optional<std::chrono::steady_clock::time_point> flush_deadline() const;

    std::uint64_t rows() const { return rows_; }
    std::size_t buffered_bytes() const { return buffer_.size(); }
    const std::string& path() const { return file_.path(); }

private:
    struct ChannelFields {
        std::string device_channel;              // "device,channel," quoted as needed
        std::array<std::string, 4> unit_status;  // ",unit,<status>\n" for each Status
        bool discrete = false;
        std::vector<std::string> states;  // quoted; names a discrete reading without text
    };

    OutputFile file_;
    UtcMsFormatter time_;
    std::string buffer_;
    std::vector<std::string> phase_fields_;  // "name," quoted as needed
    std::vector<std::size_t> first_channel_;
    std::vector<std::size_t> channel_count_;
    std::vector<ChannelFields> channels_;
    std::chrono::steady_clock::time_point last_timed_flush_{};
    std::uint64_t rows_ = 0;
    std::optional<IoError> failure_;
};

}  // namespace wattbench::core::record
