#include "drivers/sim/kind.hpp"

namespace wattbench::drivers::sim {

std::optional<Kind> kind_from_connection(std::string_view connection) {
    if (connection == "sim://wattmeter") {
        return Kind::wattmeter;
    }
    if (connection == "sim://bmc") {
        return Kind::bmc;
    }
    if (connection == "sim://sound") {
        return Kind::sound;
    }
    return std::nullopt;
}

}  // namespace wattbench::drivers::sim
