#pragma once

#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include "app/core/record/output_file.hpp"

namespace wattbench::core::record {

// events.log: `2026-11-29T19:50:40.123Z WARN  message`, one event per line, each line written
// to the file before write() returns. Safe to call from any thread.
//
// Only the constructor throws (std::system_error). A failing write is remembered, not thrown:
// the log is what reports trouble, and a full disk must not take the samplers down with it. The
// line the failure split is cut off, and nothing more is written after it.
class EventLog {
public:
    enum class Level { info, warn, error };

    explicit EventLog(const std::string& path);

    void write(std::chrono::system_clock::time_point t, Level level, std::string_view message);

    // The line write() produces, with its line break. Line breaks inside the message become
    // spaces so that one event is always one line.
    static std::string format_line(std::chrono::system_clock::time_point t, Level level,
                                   std::string_view message);

    // The first write error, if any.
    std::error_code error() const;
    std::optional<IoError> failure() const;
    const std::string& path() const { return file_.path(); }

private:
    mutable std::mutex mutex_;
    OutputFile file_;
    std::optional<IoError> failure_;
};

}  // namespace wattbench::core::record
