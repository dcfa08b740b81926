#include "drivers/pdu_snmp/register.hpp"

#include "drivers/api/factory_for.hpp"
#include "drivers/pdu_snmp/pdu_device.hpp"
#include "drivers/pdu_snmp/settings.hpp"

namespace wattbench::drivers::pdu_snmp {

api::DriverInfo driver_info() {
    return api::DriverInfo{"pdu-snmp",
                           "metered rack PDUs: APC, Raritan, ServerTech, Eaton, Vertiv/Geist",
                           "SNMP v2c/v3 (net-snmp)", "snmp://public@192.0.2.20",
                           api::factory_for<PduDevice>(&parse_settings)};
}

}  // namespace wattbench::drivers::pdu_snmp
