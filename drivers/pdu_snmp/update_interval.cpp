#include "drivers/pdu_snmp/update_interval.hpp"

#include <algorithm>

namespace wattbench::drivers::pdu_snmp {

std::optional<double> UpdateInterval::observe(double value, Clock::time_point at) {
    if (reported_) {
        return std::nullopt;
    }
    if (last_ && *last_ != value) {
        if (last_change_) {
            gaps_s_.push_back(std::chrono::duration<double>(at - *last_change_).count());
        }
        last_change_ = at;
    }
    last_ = value;
    constexpr std::size_t kEnough = 5;
    if (gaps_s_.size() < kEnough) {
        return std::nullopt;
    }
    reported_ = true;
    std::nth_element(gaps_s_.begin(), gaps_s_.begin() + kEnough / 2, gaps_s_.end());
    return gaps_s_[kEnough / 2];
}

}  // namespace wattbench::drivers::pdu_snmp
