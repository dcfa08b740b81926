#include "drivers/pdu_snmp/channel_names.hpp"

namespace wattbench::drivers::pdu_snmp {

std::string field_name(Field f) {
    switch (f) {
        case Field::power:
            return "power";
        case Field::apparent_power:
            return "apparent_power";
        case Field::power_factor:
            return "power_factor";
        case Field::voltage:
            return "voltage";
        case Field::current:
            return "current";
        case Field::frequency:
            return "frequency";
        case Field::energy:
            return "energy";
        case Field::name:
            break;
    }
    return "name";
}

api::ChannelSpec channel_spec(const std::string& name, Field f) {
    api::ChannelSpec c;
    c.name = name;
    switch (f) {
        case Field::power:
            c.quantity = api::Quantity::power;
            c.unit = "W";
            break;
        case Field::apparent_power:
            c.quantity = api::Quantity::apparent_power;
            c.unit = "VA";
            break;
        case Field::power_factor:
            c.quantity = api::Quantity::power_factor;
            c.unit = "1";
            break;
        case Field::voltage:
            c.quantity = api::Quantity::voltage;
            c.unit = "V";
            break;
        case Field::current:
            c.quantity = api::Quantity::current;
            c.unit = "A";
            break;
        case Field::frequency:
            c.quantity = api::Quantity::frequency;
            c.unit = "Hz";
            break;
        case Field::energy:
            c.quantity = api::Quantity::energy;
            c.unit = "Wh";
            break;
        case Field::name:
            break;
    }
    c.key = name == "power";
    return c;
}

}  // namespace wattbench::drivers::pdu_snmp
