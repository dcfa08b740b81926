#include "tests/drivers/tasmota/tasmota_emulator.hpp"

#include <cstdio>

namespace wattbench::tests::tasmota {

namespace {

using tests::http::Reply;
using tests::http::Request;

std::string num(double v, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

// The value of `key` in a query, percent-decoded.
std::string query_value(const std::string& query, const std::string& key) {
    std::size_t at = 0;
    while (at <= query.size()) {
        const auto end = std::min(query.find('&', at), query.size());
        const std::string part = query.substr(at, end - at);
        if (part.starts_with(key + "=")) {
            std::string raw = part.substr(key.size() + 1), out;
            for (std::size_t i = 0; i < raw.size(); ++i) {
                if (raw[i] == '%' && i + 2 < raw.size()) {
                    out.push_back(static_cast<char>(std::stoi(raw.substr(i + 1, 2), nullptr, 16)));
                    i += 2;
                } else {
                    out.push_back(raw[i] == '+' ? ' ' : raw[i]);
                }
            }
            return out;
        }
        at = end + 1;
    }
    return "";
}

}  // namespace

TasmotaEmulator::TasmotaEmulator(std::string password) : password_(std::move(password)) {
    http_ =
        std::make_unique<tests::http::HttpEmulator>([this](const Request& r) { return route(r); });
    server_ = std::make_unique<tests::emulators::StreamServer>(
        tests::emulators::StreamServer::Kind::tcp,
        [this](std::string& in) { return http_->handle(in); });
}

std::string TasmotaEmulator::connection() const {
    return "http://" + server_->connection().substr(6);
}

void TasmotaEmulator::set(double watts, double volts, double amps, double kwh) {
    std::lock_guard lock(mutex_);
    watts_ = watts;
    volts_ = volts;
    amps_ = amps;
    kwh_ = kwh;
}

std::string TasmotaEmulator::last_query() const {
    std::lock_guard lock(mutex_);
    return last_query_;
}

Reply TasmotaEmulator::route(const Request& r) {
    std::lock_guard lock(mutex_);
    last_query_ = r.query;
    if (r.path != "/cm") {
        return {404, "Not Found", {}};
    }
    if (!password_.empty() && (query_value(r.query, "user") != "admin" ||
                               query_value(r.query, "password") != password_)) {
        return {401, "{\"WARNING\":\"Need user=<username>&password=<password>\"}", {}};
    }
    const std::string cmnd = query_value(r.query, "cmnd");
    auto v = [&](double x, int decimals, double second) {
        return two_channels ? "[" + num(x, decimals) + "," + num(second, decimals) + "]"
                            : num(x, decimals);
    };
    const std::string energy =
        "{\"TotalStartTime\":\"2018-11-14T18:39:40\",\"Total\":" + v(kwh_, 3, 0.5) +
        ",\"Yesterday\":5.340,\"Today\":1.064,\"Power\":" + v(watts_, 0, 12) +
        ",\"ApparentPower\":" + v(watts_ * 1.006, 0, 13) +
        ",\"ReactivePower\":288,\"Factor\":" + v(0.99, 2, 0.92) +
        ",\"Voltage\":" + v(volts_, 0, 226) + ",\"Current\":" + v(amps_, 3, 0.058) + "}";
    const std::string sns =
        "\"StatusSNS\":{\"Time\":\"2018-11-15T08:54:18\",\"ENERGY\":" + energy + "}";
    if (cmnd == "Status 0") {
        return {200,
                "{\"Status\":{\"Module\":43,\"DeviceName\":\"Sonoff Pow R2\",\"FriendlyName\":"
                "[\"bench\"]},\"StatusFWR\":{\"Version\":\"13.1.0(tasmota)\",\"Hardware\":"
                "\"ESP8266EX\"},\"StatusNET\":{\"Mac\":\"DC:4F:22:00:00:01\"}," +
                    sns + "}",
                {}};
    }
    if (cmnd == "Status 10" || (cmnd == "Status 8" && status8)) {
        return {200, "{" + sns + "}", {}};
    }
    if (cmnd == "Status 8") {
        return {200, "{\"Command\":\"Unknown\"}", {}};
    }
    return {200, "{\"Command\":\"Unknown\"}", {}};
}

}  // namespace wattbench::tests::tasmota
