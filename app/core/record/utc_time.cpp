#include "app/core/record/utc_time.hpp"

#include "app/core/record/utc_ms_formatter.hpp"

namespace wattbench::core::record {

std::string format_utc_ms(std::chrono::system_clock::time_point t) {
    thread_local UtcMsFormatter formatter;
    return std::string(formatter.format(t));
}

}  // namespace wattbench::core::record
