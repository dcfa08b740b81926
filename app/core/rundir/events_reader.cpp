#include "app/core/rundir/events_reader.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "app/core/rundir/utc_time.hpp"

namespace wattbench::core::rundir {

namespace {

constexpr std::size_t kTimeLength = 24;  // 2026-11-29T19:50:40.123Z

struct LevelField {
    std::string_view text;
    EventLevel level;
};
constexpr LevelField kLevels[] = {
    {" INFO  ", EventLevel::info}, {" WARN  ", EventLevel::warn}, {" ERROR ", EventLevel::error}};

}  // namespace

std::optional<Event> parse_event_line(std::string_view text, std::string* error) {
    const auto fail = [&](const char* what) -> std::optional<Event> {
        if (error != nullptr) {
            *error = what;
        }
        return std::nullopt;
    };
    if (!text.empty() && text.back() == '\r') {
        text.remove_suffix(1);
    }
    Event e;
    e.time = text.substr(0, kTimeLength);
    const auto ms = e.time.size() == kTimeLength ? parse_utc_ms(e.time) : std::nullopt;
    if (!ms) {
        return fail("no time like 2026-11-29T19:50:40.123Z at the start");
    }
    e.time_ms = *ms;
    const std::string_view rest = text.substr(kTimeLength);
    for (const auto& l : kLevels) {
        if (rest.substr(0, l.text.size()) == l.text) {
            e.level = l.level;
            e.message = rest.substr(l.text.size());
            return e;
        }
    }
    return fail("no level INFO, WARN or ERROR after the time");
}

ReadResult<EventsFileInfo> read_events_text(std::string_view text, const std::string& file,
                                            const std::function<void(const Event&)>& event) {
    EventsFileInfo info;
    std::size_t pos = 0;
    std::size_t line = 1;
    while (pos < text.size()) {
        const auto nl = text.find('\n', pos);
        if (nl == std::string_view::npos) {
            info.truncated = true;
            break;
        }
        const std::string_view l = text.substr(pos, nl - pos);
        if (!l.empty() && l != "\r") {
            std::string why;
            auto e = parse_event_line(l, &why);
            if (!e) {
                ReadError err{file, "", why};
                err.line = line;
                return err;
            }
            e->line = line;
            event(*e);
            ++info.events;
        }
        pos = nl + 1;
        ++line;
    }
    return info;
}

ReadResult<EventsFileInfo> read_events(const std::string& path,
                                       const std::function<void(const Event&)>& event) {
    // events.log is a few hundred lines even for a day-long run: read it whole.
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        if (errno == ENOENT) {
            EventsFileInfo info;
            info.missing = true;
            return info;
        }
        return ReadError{path, "", std::string("cannot read: ") + std::strerror(errno)};
    }
    std::ostringstream text;
    text << in.rdbuf();
    return read_events_text(text.str(), path, event);
}

}  // namespace wattbench::core::rundir
