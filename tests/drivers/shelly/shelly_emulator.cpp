#include "tests/drivers/shelly/shelly_emulator.hpp"

#include <cstdio>

namespace wattbench::tests::shelly {

namespace {

using tests::http::Reply;
using tests::http::Request;

constexpr const char* kGen2Id = "shellyplusplugs-a8032ab12345";

std::string num(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

}  // namespace

ShellyEmulator::ShellyEmulator(Kind kind, std::string password) : kind_(kind) {
    http_ =
        std::make_unique<tests::http::HttpEmulator>([this](const Request& r) { return route(r); });
    server_ = std::make_unique<tests::emulators::StreamServer>(
        tests::emulators::StreamServer::Kind::tcp,
        [this](std::string& in) { return http_->handle(in); });
    auth_ = !password.empty();
    if (auth_) {
        if (kind == Kind::gen1_plug) {
            http_->require_basic("admin", password, {"/shelly"});
        } else {
            http_->require_digest(kGen2Id, "admin", password, {"/shelly"});
        }
    }
    if (kind == Kind::gen1_plug) {
        watts_ = 0.0;
        wh_ = 2632.0 / 60.0;  // the fixture's total, 2632 watt-minutes
    }
}

std::string ShellyEmulator::connection() const {
    return "http://" + server_->connection().substr(6);
}

void ShellyEmulator::set(double watts, double volts, double amps, double wh) {
    std::lock_guard lock(mutex_);
    watts_ = watts;
    volts_ = volts;
    amps_ = amps;
    wh_ = wh;
}

Reply ShellyEmulator::route(const Request& r) {
    std::lock_guard lock(mutex_);
    if (r.path == "/shelly") {
        if (kind_ == Kind::gen1_plug) {
            return {200,
                    std::string("{\"type\":\"SHPLG-S\",\"mac\":\"C45BBE000001\",\"auth\":") +
                        (auth_ ? "true" : "false") +
                        ",\"fw\":\"20230913-114008/v1.14.0-gcb84623\",\"longid\":1,"
                        "\"num_outputs\":1,\"num_meters\":1}",
                    {}};
        }
        const bool pm = kind_ == Kind::gen3_pm_mini;
        return {200,
                std::string("{\"name\":null,\"id\":\"") + kGen2Id +
                    "\",\"mac\":\"A8032AB12345\",\"slot\":0,\"model\":\"" +
                    (pm ? "S3PM-001PCEU16" : "SNPL-00112EU") + "\",\"gen\":" + (pm ? "3" : "2") +
                    ",\"fw_id\":\"20231107-164738/1.0.8-g8c7bb8d\",\"ver\":\"1.0.8\",\"app\":\"" +
                    (pm ? "MiniPMG3" : "PlugSG3") + "\",\"auth_en\":" + (auth_ ? "true" : "false") +
                    ",\"auth_domain\":null}",
                {}};
    }
    if (kind_ == Kind::gen1_plug && (r.path == "/status" || r.path == "/meter/0")) {
        const std::string meter =
            "{\"power\":" + num(watts_) +
            ",\"overpower\":0.0,\"is_valid\":" + (invalid ? "false" : "true") +
            ",\"timestamp\":1707335841,\"counters\":[0.0,0.0,0.0],\"total\":" + num(wh_ * 60.0) +
            "}";
        if (r.path == "/meter/0") {
            return {200, meter, {}};
        }
        return {
            200,
            "{\"wifi_sta\":{\"connected\":true},\"relays\":[{\"ison\":true,\"overpower\":false}],"
            "\"meters\":[" +
                meter + "],\"uptime\":1234}",
            {}};
    }
    const bool has_switch = kind_ == Kind::gen2_plug;
    const bool has_pm1 = kind_ == Kind::gen3_pm_mini;
    if ((r.path == "/rpc/Switch.GetStatus" && has_switch) ||
        (r.path == "/rpc/PM1.GetStatus" && has_pm1)) {
        if (r.query != "id=0") {
            return {500, "{\"code\":-105,\"message\":\"Argument 'id', value 1 not found!\"}", {}};
        }
        std::string status =
            "{\"id\":0,\"source\":\"init\",\"output\":true,\"apower\":" + num(watts_) +
            ",\"voltage\":" + num(volts_) + ",\"current\":" + num(amps_) +
            (has_pm1 ? ",\"freq\":50.0,\"pf\":0.93" : "") + ",\"aenergy\":{\"total\":" + num(wh_) +
            ",\"by_minute\":[34.786,45.552,45.552],\"minute_ts\":1707326925},"
            "\"temperature\":{\"tC\":32.1,\"tF\":89.7}}";
        if (rpc_frame) {
            status =
                "{\"id\":0,\"src\":\"" + std::string(kGen2Id) + "\",\"result\":" + status + "}";
        }
        return {200, status, {}};
    }
    if (r.path.starts_with("/rpc/")) {
        return {404, "{\"code\":404,\"message\":\"No handler for " + r.path.substr(5) + "\"}", {}};
    }
    return {404, "Not Found", {}};
}

}  // namespace wattbench::tests::shelly
