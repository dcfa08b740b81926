#include "drivers/eastron/model.hpp"

namespace wattbench::drivers::eastron {
namespace {

using api::ChannelSpec;
using api::Quantity;

ChannelSpec ch(const char* name, Quantity q, const char* unit, bool key = false) {
    ChannelSpec c;
    c.name = name;
    c.quantity = q;
    c.unit = unit;
    c.key = key;
    return c;
}

Model single_phase(const char* name) {
    Model m;
    m.name = name;
    m.channels = {ch("power", Quantity::power, "W", true),
                  ch("apparent_power", Quantity::apparent_power, "VA", true),
                  ch("power_factor", Quantity::power_factor, "1", true),
                  ch("voltage", Quantity::voltage, "V"),
                  ch("current", Quantity::current, "A"),
                  ch("frequency", Quantity::frequency, "Hz"),
                  ch("energy", Quantity::energy, "Wh")};
    m.fields = {{0x000C, 0}, {0x0012, 1}, {0x001E, 2},        {0x0000, 3},
                {0x0006, 4}, {0x0046, 5}, {0x0048, 6, 1000.0}};
    m.blocks = {{0x0000, 0x20}, {0x0046, 4}};
    m.channels[0].accuracy = api::Accuracy{m.accuracy, 0.0, 0.0};
    return m;
}

Model three_phase() {
    Model m;
    m.name = "sdm630";
    m.channels = {ch("power", Quantity::power, "W", true),
                  ch("apparent_power", Quantity::apparent_power, "VA", true),
                  ch("power_factor", Quantity::power_factor, "1", true),
                  ch("voltage_l1", Quantity::voltage, "V"),
                  ch("voltage_l2", Quantity::voltage, "V"),
                  ch("voltage_l3", Quantity::voltage, "V"),
                  ch("current_l1", Quantity::current, "A"),
                  ch("current_l2", Quantity::current, "A"),
                  ch("current_l3", Quantity::current, "A"),
                  ch("power_l1", Quantity::power, "W"),
                  ch("power_l2", Quantity::power, "W"),
                  ch("power_l3", Quantity::power, "W"),
                  ch("frequency", Quantity::frequency, "Hz"),
                  ch("energy", Quantity::energy, "Wh")};
    m.fields = {{0x0034, 0},  {0x0038, 1},  {0x003E, 2},  {0x0000, 3},         {0x0002, 4},
                {0x0004, 5},  {0x0006, 6},  {0x0008, 7},  {0x000A, 8},         {0x000C, 9},
                {0x000E, 10}, {0x0010, 11}, {0x0046, 12}, {0x0048, 13, 1000.0}};
    m.blocks = {{0x0000, 0x12}, {0x0034, 0x0C}, {0x0046, 4}};
    for (std::size_t c : {0u, 9u, 10u, 11u}) {
        m.channels[c].accuracy = api::Accuracy{m.accuracy, 0.0, 0.0};
    }
    return m;
}

}  // namespace

std::optional<Model> find_model(std::string_view name) {
    if (name == "sdm120" || name == "sdm230") {
        return single_phase(std::string(name).c_str());
    }
    if (name == "sdm630") {
        return three_phase();
    }
    return std::nullopt;
}

}  // namespace wattbench::drivers::eastron
