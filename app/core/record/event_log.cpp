#include "app/core/record/event_log.hpp"

#include "app/core/record/utc_time.hpp"
#include "drivers/api/enum_text.hpp"

namespace wattbench::core::record {

namespace {

constexpr drivers::api::EnumTexts<EventLog::Level, 3> kLevelFields{{
    {EventLog::Level::info, " INFO  "},
    {EventLog::Level::warn, " WARN  "},
    {EventLog::Level::error, " ERROR "},
}};

std::string_view level_field(EventLog::Level level) {
    return drivers::api::text_of(kLevelFields, level, " INFO  ");
}

}  // namespace

EventLog::EventLog(const std::string& path) : file_(path) {}

std::string EventLog::format_line(std::chrono::system_clock::time_point t, Level level,
                                  std::string_view message) {
    std::string line = format_utc_ms(t);
    line += level_field(level);
    const std::size_t start = line.size();
    line += message;
    for (std::size_t i = start; i < line.size(); ++i) {
        if (line[i] == '\n' || line[i] == '\r') {
            line[i] = ' ';
        }
    }
    line.push_back('\n');
    return line;
}

void EventLog::write(std::chrono::system_clock::time_point t, Level level,
                     std::string_view message) {
    const std::string line = format_line(t, level, message);
    std::lock_guard lock(mutex_);
    if (failure_) {
        return;
    }
    const std::uint64_t before = file_.size();
    if (auto e = file_.try_write_all(line)) {
        (void)file_.try_truncate(before);
        failure_ = std::move(e);
    }
}

std::error_code EventLog::error() const {
    std::lock_guard lock(mutex_);
    return failure_ ? failure_->code : std::error_code{};
}

std::optional<IoError> EventLog::failure() const {
    std::lock_guard lock(mutex_);
    return failure_;
}

}  // namespace wattbench::core::record
