#include "app/metrics/exporter.hpp"

namespace wattbench::metrics {

std::variant<std::unique_ptr<Exporter>, std::string> Exporter::open(const std::string& listen,
                                                                    std::string run_name,
                                                                    bool phased) {
    auto address = parse_listen_address(listen);
    if (auto* err = std::get_if<std::string>(&address)) {
        return "--metrics-listen '" + listen + "': " + *err;
    }
    std::unique_ptr<Exporter> e(new Exporter(std::move(run_name), phased));
    auto* readings = &e->readings_;
    auto server = MetricsServer::start(std::get<ListenAddress>(address), [readings](Format f) {
        return render(readings->snapshot(), f);
    });
    if (auto* err = std::get_if<std::string>(&server)) {
        return "--metrics-listen: " + *err;
    }
    e->server_ = std::get<std::unique_ptr<MetricsServer>>(std::move(server));
    return e;
}

}  // namespace wattbench::metrics
