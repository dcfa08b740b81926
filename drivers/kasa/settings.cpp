#include "drivers/kasa/settings.hpp"

#include "drivers/http/plug_options.hpp"

namespace wattbench::drivers::kasa {

namespace {

constexpr std::uint16_t kPort = 9999;

}  // namespace

std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config) {
    auto ep =
        transport::parse_connection(config.connection, transport::ConnectionDefaults{{}, kPort});
    if (auto* e = std::get_if<api::DeviceError>(&ep)) {
        return *e;
    }
    auto* tcp = std::get_if<transport::TcpEndpoint>(&std::get<transport::Endpoint>(ep));
    if (!tcp) {
        return api::DeviceError{api::ErrorKind::config,
                                "connection '" + config.connection +
                                    "': a Kasa plug is reached over TCP: tcp://HOST[:9999]"};
    }
    Settings s;
    s.endpoint = *tcp;
    auto& o = config.options;
    if (auto e = http::take_int_in(o, "outlet", 1, 16,
                                   "expected a strip's outlet number from 1 to 16", s.outlet)) {
        return *e;
    }
    if (auto e = http::take_timeout_and_check(o, s.timeout_ms)) {
        return *e;
    }
    return s;
}

}  // namespace wattbench::drivers::kasa
