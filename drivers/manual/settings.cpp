#include "drivers/manual/settings.hpp"

#include <cmath>

namespace wattbench::drivers::manual {
namespace {

api::DeviceError config_error(const std::string& message) {
    return api::DeviceError{api::ErrorKind::config, message};
}

}  // namespace

std::variant<Settings, api::DeviceError> read_settings(api::Options& options) {
    Settings s;
    const auto reading = options.take_string("reading");
    const auto unit = options.take_string("unit");
    const auto accuracy = options.take_number("accuracy");
    if (options.error()) {
        return *options.error();
    }
    if (reading) {
        if (*reading == "energy") {
            s.reading = ReadingKind::energy;
        } else if (*reading == "power") {
            s.reading = ReadingKind::power;
        } else {
            return config_error("key 'reading': '" + *reading +
                                "' is not a reading (use \"energy\" or \"power\")");
        }
    }
    s.unit = s.reading == ReadingKind::energy ? "kWh" : "W";
    if (unit) {
        const bool fits =
            s.reading == ReadingKind::energy ? (*unit == "kWh" || *unit == "Wh") : *unit == "W";
        if (!fits) {
            return config_error("key 'unit': '" + *unit + "' does not fit reading = \"" +
                                (s.reading == ReadingKind::energy ? "energy\" (use \"kWh\" or "
                                                                    "\"Wh\")"
                                                                  : "power\" (use \"W\")"));
        }
        s.unit = *unit;
    }
    if (accuracy) {
        if (!std::isfinite(*accuracy) || *accuracy <= 0.0 || *accuracy >= 100.0) {
            return config_error(
                "key 'accuracy': expected a percentage of the reading above 0 "
                "and below 100, e.g. 1 for ±1 %");
        }
        s.accuracy = *accuracy;
    }
    return s;
}

}  // namespace wattbench::drivers::manual
