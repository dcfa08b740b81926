#pragma once

#include <memory>
#include <string>
#include <variant>

#include "app/metrics/latest_readings.hpp"
#include "app/metrics/metrics_server.hpp"

namespace wattbench::metrics {

// What --metrics-listen sets up in `run`, `monitor` and the GUI: the observer keeping the latest
// readings and the endpoint serving them, bound before any device is opened so that a bad
// address or a port in use is reported before anything starts.
class Exporter {
public:
    // An error names the option and says what is wrong: "--metrics-listen '1.2.3.4:x': the
    // port 'x' is not …", "--metrics-listen: cannot listen on 127.0.0.1:9877: Address already
    // in use".
    static std::variant<std::unique_ptr<Exporter>, std::string> open(const std::string& listen,
                                                                     std::string run_name,
                                                                     bool phased);

    LatestReadings& readings() { return readings_; }
    std::string url() const { return server_->url(); }

private:
    Exporter(std::string run_name, bool phased) : readings_(std::move(run_name), phased) {}

    LatestReadings readings_;
    std::unique_ptr<MetricsServer> server_;  // after readings_: stops before it goes
};

}  // namespace wattbench::metrics
