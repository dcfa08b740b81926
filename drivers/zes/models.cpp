#include "drivers/zes/models.hpp"

#include "drivers/scpi_analyzer/driver_info.hpp"
#include "drivers/zes/dialect.hpp"

namespace wattbench::drivers::zes {
namespace {

using scpi_analyzer::Model;

// LMG95: RS-232 115200 8N1 (cuveland/lmgtools lmg95.py). The meter's range steps are in no
// source: any range up to 1000 V / 32 A is sent and the read-back records what it picked; so
// there is no table for `ranging = "calibrate"`. No accuracy: none at hand. The measuring
// cycle (`cycl`) takes 0.05 … 60 s.
Model lmg(const char* driver, const char* description, const scpi_analyzer::Dialect& dialect,
          const char* identity, std::uint16_t port, int ptdaemon, const char* example,
          int channels) {
    Model m;
    m.driver = driver;
    m.description = description;
    m.dialect = &dialect;
    m.identity_models = {identity};
    m.tcp_port = port;
    m.serial = transport::SerialSettings{115200, 8, transport::Parity::none, 1};
    m.ptdaemon_device = ptdaemon;
    m.example_connection = example;
    m.transports = port != 0 ? "tcp, serial" : "serial, tcp";
    m.channels = channels;
    m.voltage_limits = scpi_analyzer::RangeLimits{0.0, 1000.0};
    m.current_limits = scpi_analyzer::RangeLimits{0.0, 32.0};
    m.min_update_interval = 0.05;
    m.max_update_interval = 60.0;
    return m;
}

constexpr const char* serial_example = "serial:///dev/ttyUSB0?baud=115200&format=8N1";

// The LMG450 and LMG500 take the LMG95's language, names and line end: UNCONFIRMED (README).
// PTDaemon numbers: 22 is the LMG95; 16…19 name the LMG450/LMG500 without saying which.
const std::vector<Model>& table() {
    static const std::vector<Model> t = {
        lmg("zes-lmg95", "ZES Zimmer LMG95 power analyzer (short language, streamed)",
            single_channel(), "LMG95", 0, 22, serial_example, 1),
        lmg("zes-lmg450", "ZES Zimmer LMG450 power analyzer, channel 1 (short language, streamed)",
            single_channel(), "LMG450", 0, 0, serial_example, 1),
        lmg("zes-lmg500", "ZES Zimmer LMG500 power analyzer, channel 1 (short language, streamed)",
            single_channel(), "LMG500", 0, 0, serial_example, 1),
        lmg("zes-lmg600",
            "ZES Zimmer LMG6xx (LMG610…LMG671) power analyzer, one channel (streamed)",
            per_channel(), "LMG6", 5025, 0, "tcp://192.0.2.10:5025", 7),
    };
    return t;
}

}  // namespace

std::span<const Model> models() {
    return table();
}

std::vector<api::DriverInfo> driver_infos() {
    return scpi_analyzer::driver_infos(models());
}

}  // namespace wattbench::drivers::zes
