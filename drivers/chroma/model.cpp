#include "drivers/chroma/model.hpp"

#include <array>

namespace wattbench::drivers::chroma {
namespace {

constexpr std::array<double, 5> spec_66202_amps = {0.01, 0.1, 0.4, 2.0, 20.0};

constexpr std::array<Model, 3> table{{
    {"chroma-66202", "Chroma 66202 digital power meter (SPEC ranges only)", "66202", 1,
     spec_66202_amps, 20.0, 600.0, "serial:///dev/ttyUSB0?baud=9600&format=8N1"},
    {"chroma-66203",
     "Chroma 66203 digital power meter, one of 3 channels",
     "66203",
     3,
     {},
     20.0,
     600.0,
     "serial:///dev/ttyUSB0?baud=9600&format=8N1"},
    {"chroma-66204",
     "Chroma 66204 digital power meter, one of 4 channels",
     "66204",
     4,
     {},
     20.0,
     600.0,
     "serial:///dev/ttyUSB0?baud=9600&format=8N1"},
}};

}  // namespace

std::span<const Model> models() {
    return table;
}

const Model* find_model(std::string_view driver) {
    for (const auto& m : table) {
        if (m.driver == driver) {
            return &m;
        }
    }
    return nullptr;
}

}  // namespace wattbench::drivers::chroma
