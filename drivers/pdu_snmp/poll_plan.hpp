#pragma once

#include <map>
#include <string>
#include <variant>
#include <vector>

#include "drivers/api/channel_spec.hpp"
#include "drivers/api/device_error.hpp"
#include "drivers/pdu_snmp/oid.hpp"
#include "drivers/pdu_snmp/varbind.hpp"
#include "drivers/pdu_snmp/vendor_table.hpp"

namespace wattbench::drivers::pdu_snmp {

// One OID a poll reads, and how its raw value becomes a number.
struct Source {
    Oid oid;
    double scale = 1.0;
    bool signed_magnitude = false;
};

// A channel's value is the sum of its sources (one for most; the selected outlets for `power`
// when `outlets` is set). Any source missing or unsupported makes the reading unavailable.
struct PlannedChannel {
    std::vector<std::size_t> sources;
    bool counter = false;  // energy: logged when it goes backwards
};

struct PollPlan {
    std::vector<api::ChannelSpec> channels;
    std::vector<PlannedChannel> planned;  // parallel to channels
    std::vector<Source> sources;          // what a poll GETs, in this order
    std::map<int, std::string> outlet_names;
    std::vector<std::string> notes;  // for events.log: assumptions made while planning
};

// Turns the discovery walk of `table`'s subtrees into channels. Values the PDU marks as
// unsupported (negative, not available) leave their channel out. With `outlets`, `power`
// (and apparent_power, current, energy where every selected outlet has them) is their sum and
// the strip's own values become pdu_power, …; an outlet that is not there is a config error.
std::variant<PollPlan, api::DeviceError> build_plan(const VendorTable& table,
                                                    const std::vector<Varbind>& walk,
                                                    const std::vector<int>& outlets);

// The raw number of a varbind, nullopt when it is not a number (missing, text that is not).
std::optional<double> raw_number(const Varbind& v);

// A source's value, nullopt when unsupported (negative; -1 on signed-magnitude columns).
std::optional<double> scaled(const Source& s, const Varbind& v);

}  // namespace wattbench::drivers::pdu_snmp
