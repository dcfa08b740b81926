#pragma once

#include <chrono>
#include <optional>
#include <vector>

namespace wattbench::drivers::pdu_snmp {

// PDUs refresh their readings every few seconds whatever the poll rate; the interval is not in
// any of the MIBs, so it is observed: the median time between changes of one value.
class UpdateInterval {
public:
    using Clock = std::chrono::steady_clock;

    // Returns the interval once, when enough changes have been seen to know it.
    std::optional<double> observe(double value, Clock::time_point at);

private:
    std::optional<double> last_;
    std::optional<Clock::time_point> last_change_;
    std::vector<double> gaps_s_;
    bool reported_ = false;
};

}  // namespace wattbench::drivers::pdu_snmp
