#pragma once

#include <string>

#include "drivers/api/channel_spec.hpp"
#include "drivers/pdu_snmp/vendor_table.hpp"

namespace wattbench::drivers::pdu_snmp {

// "power", "apparent_power", … : the wattmeter channel names DESIGN.md gives.
std::string field_name(Field f);
api::ChannelSpec channel_spec(const std::string& name, Field f);

}  // namespace wattbench::drivers::pdu_snmp
