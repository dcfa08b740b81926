#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "app/core/rundir/read_error.hpp"

namespace wattbench::core::rundir {

enum class EventLevel { info, warn, error };

// One line of events.log as record::EventLog writes it:
// `2026-11-29T19:50:40.123Z WARN  message` (the level padded to five letters).
struct Event {
    std::size_t line = 0;
    std::string_view time;  // as written
    std::int64_t time_ms = 0;
    EventLevel level = EventLevel::info;
    std::string_view message;
};

struct EventsFileInfo {
    std::uint64_t events = 0;
    bool truncated = false;  // the last line has no line break (a run killed mid-write)
    bool missing = false;
};

// Parses one line (no line break; a trailing CR is dropped); the error says what is wrong.
std::optional<Event> parse_event_line(std::string_view text, std::string* error = nullptr);

// Reads events.log line by line; `event` is valid only inside the call. A malformed line is an
// error naming file:line; a cut-off last line is not passed on, only reported as truncated.
ReadResult<EventsFileInfo> read_events(const std::string& path,
                                       const std::function<void(const Event&)>& event);
ReadResult<EventsFileInfo> read_events_text(std::string_view text, const std::string& file,
                                            const std::function<void(const Event&)>& event);

}  // namespace wattbench::core::rundir
