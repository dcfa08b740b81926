#pragma once

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::pdu_snmp {

api::DriverInfo driver_info();

}  // namespace wattbench::drivers::pdu_snmp
