#include "drivers/chroma/models.hpp"

#include <string>
#include <utility>

#include "drivers/chroma/dialect.hpp"
#include "drivers/scpi_analyzer/driver_info.hpp"

namespace wattbench::drivers::chroma {
namespace {

using scpi_analyzer::Model;

// 9600 8N1 and no TCP port: assumed for all three (README). No accuracy: no source at hand
// gives the 6620x's. The voltage range steps are in no source: any range up to 600 V is sent
// and read back, so `ranging = "calibrate"` has no table to pick from.
Model chroma(std::string driver, std::string description, const scpi_analyzer::Dialect& dialect,
             std::string idn, int channels, int ptdaemon) {
    Model m;
    m.driver = std::move(driver);
    m.description = std::move(description);
    m.dialect = &dialect;
    m.identity_models = {std::move(idn)};
    m.serial = transport::SerialSettings{9600, 8, transport::Parity::none, 1};
    m.ptdaemon_device = ptdaemon;
    m.example_connection = "serial:///dev/ttyUSB0?baud=9600&format=8N1";
    m.transports = "serial, tcp";
    m.channels = channels;
    m.voltage_limits = scpi_analyzer::RangeLimits{0.0, 600.0};
    m.current_limits = scpi_analyzer::RangeLimits{0.0, 20.0};
    return m;
}

std::vector<Model> make_table() {
    auto c66202 = chroma("chroma-66202", "Chroma 66202 digital power meter (SPEC ranges only)",
                         dialect(false), "66202", 1, 31);
    // SPEC's accepted ones (PTDaemon 1.11.1 device list: low shunt 0.01/0.1/0.4/2 A, high
    // shunt 20 A); a table, so any other current range is refused.
    c66202.current_ranges = {0.01, 0.1, 0.4, 2.0, 20.0};
    c66202.current_limits.reset();
    std::vector<Model> t;
    t.push_back(std::move(c66202));
    t.push_back(chroma("chroma-66203", "Chroma 66203 digital power meter, one of 3 channels",
                       dialect(true), "66203", 3, 51));
    t.push_back(chroma("chroma-66204", "Chroma 66204 digital power meter, one of 4 channels",
                       dialect(true), "66204", 4, 51));
    return t;
}

}  // namespace

std::span<const Model> models() {
    static const std::vector<Model> table = make_table();
    return table;
}

std::vector<api::DriverInfo> driver_infos() {
    return scpi_analyzer::driver_infos(models());
}

}  // namespace wattbench::drivers::chroma
