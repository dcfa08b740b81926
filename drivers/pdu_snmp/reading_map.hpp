#pragma once

#include <optional>
#include <vector>

#include "drivers/api/reading.hpp"
#include "drivers/pdu_snmp/poll_plan.hpp"

namespace wattbench::drivers::pdu_snmp {

// Each source's value from a poll's answer (matched by OID, so a reordered or short answer
// leaves the rest unavailable); nullopt where missing or unsupported.
std::vector<std::optional<double>> source_values(const PollPlan& plan,
                                                 const std::vector<Varbind>& answer);

// One reading per channel: the sum of its sources, `unavailable` when any is missing.
std::vector<api::Reading> map_readings(const PollPlan& plan,
                                       const std::vector<std::optional<double>>& values);

}  // namespace wattbench::drivers::pdu_snmp
