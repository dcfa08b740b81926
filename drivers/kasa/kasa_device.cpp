#include "drivers/kasa/kasa_device.hpp"

#include "drivers/kasa/codec.hpp"
#include "drivers/kasa/realtime.hpp"

namespace wattbench::drivers::kasa {

namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

KasaDevice::KasaDevice(Settings settings)
    : settings_(std::move(settings)),
      transport_(settings_.endpoint, std::chrono::milliseconds(settings_.timeout_ms)),
      plug_(settings_.endpoint.host + ":" + std::to_string(settings_.endpoint.port)) {
    identity_.vendor = "TP-Link";
    identity_.model = "Kasa smart plug";
}

std::string KasaDevice::where() const {
    return settings_.endpoint.host + ":" + std::to_string(settings_.endpoint.port);
}

void KasaDevice::close() {
    transport_.close();
}

std::variant<std::string, api::DeviceError> KasaDevice::exchange_once(
    const std::string& request, transport::Deadline deadline) {
    if (!transport_.is_open()) {
        if (auto e = transport_.open()) {
            return *e;
        }
    }
    transport_.discard_input();
    if (auto e = transport_.write(frame(request), deadline)) {
        return *e;
    }
    FrameReader reader;
    std::uint8_t buf[2048];
    for (;;) {
        auto got = transport_.read(buf, deadline);
        if (got.error) {
            return *got.error;
        }
        if (got.count == 0) {
            // A late answer would be taken for the next request's: start that one afresh.
            transport_.close();
            return api::DeviceError{api::ErrorKind::timeout, where() + ": no answer in time"};
        }
        const auto state = reader.add(std::span(buf, got.count));
        if (state == FrameReader::State::complete) {
            return reader.plain();
        }
        if (state == FrameReader::State::invalid) {
            transport_.close();
            return api::DeviceError{api::ErrorKind::protocol,
                                    where() + ": the answer's length header is not a Kasa frame"};
        }
    }
}

std::variant<std::string, api::DeviceError> KasaDevice::exchange(const std::string& request,
                                                                 transport::Deadline deadline) {
    const bool reused = transport_.is_open();
    auto got = exchange_once(request, deadline);
    auto* e = std::get_if<api::DeviceError>(&got);
    // Some firmware closes the connection after each answer: a kept one may be gone.
    if (reused && e && e->kind == api::ErrorKind::link_lost) {
        transport_.close();
        return exchange_once(request, deadline);
    }
    return got;
}

std::optional<api::DeviceError> KasaDevice::open() {
    close();
    const auto deadline = Clock::now() + std::chrono::milliseconds(settings_.timeout_ms);
    auto fail = [this](api::DeviceError e) {
        close();
        return api::failed_open(std::move(e));
    };
    auto info_text = exchange(sysinfo_request(), deadline);
    if (auto* e = std::get_if<api::DeviceError>(&info_text)) {
        return fail(*e);
    }
    auto info = parse_sysinfo(std::get<std::string>(info_text));
    if (auto* why = std::get_if<std::string>(&info)) {
        return fail({api::ErrorKind::protocol, where() + ": get_sysinfo: " + *why});
    }
    const SysInfo& si = std::get<SysInfo>(info);
    if (settings_.outlet > 0) {
        if (static_cast<std::size_t>(settings_.outlet) > si.child_ids.size()) {
            close();
            return api::DeviceError{api::ErrorKind::config,
                                    where() + ": outlet " + std::to_string(settings_.outlet) +
                                        ": the device has " + std::to_string(si.child_ids.size()) +
                                        " outlets"};
        }
        child_id_ = si.child_ids[static_cast<std::size_t>(settings_.outlet) - 1];
        // Some firmware lists only the outlet's two-digit suffix (UNCONFIRMED which).
        if (child_id_.size() <= 2) {
            child_id_ = si.device_id + child_id_;
        }
    }
    identity_.model = si.model.empty() ? "Kasa smart plug" : si.model;
    identity_.serial = si.device_id.empty() ? si.mac : si.device_id;
    identity_.firmware = si.firmware;
    auto first = read_realtime(deadline);
    if (auto* e = std::get_if<api::DeviceError>(&first)) {
        if (e->kind != api::ErrorKind::protocol) {
            return fail(*e);
        }
        close();
        // An answer without readings: nothing to record from this device.
        return api::DeviceError{
            api::ErrorKind::config,
            e->message + (si.energy_meter ? "" : "; this model may have no energy meter")};
    }
    if (!plug_.fixed()) {
        plug_.fix(std::get<http::PlugValues>(first));
        api::Notice n;
        n.settings["protocol"] = std::string("IOT (TCP, XOR autokey)");
        if (!si.alias.empty()) {
            n.settings["alias"] = si.alias;
        }
        if (!si.hardware.empty()) {
            n.settings["hardware"] = si.hardware;
        }
        if (settings_.outlet > 0) {
            n.settings["outlet"] = static_cast<std::int64_t>(settings_.outlet);
        }
        plug_.keep_settings(n.settings);
        pending_.push_back(std::move(n));
    }
    return std::nullopt;
}

std::variant<http::PlugValues, api::DeviceError> KasaDevice::read_realtime(
    transport::Deadline deadline) {
    auto got = exchange(realtime_request(child_id_), deadline);
    if (auto* e = std::get_if<api::DeviceError>(&got)) {
        return *e;
    }
    auto values = parse_realtime(std::get<std::string>(got));
    if (auto* why = std::get_if<std::string>(&values)) {
        return api::DeviceError{api::ErrorKind::protocol, where() + ": get_realtime: " + *why};
    }
    return std::get<http::PlugValues>(std::move(values));
}

api::PollResult KasaDevice::poll(Clock::time_point deadline) {
    api::PollResult out;
    out.notices = std::move(pending_);
    pending_.clear();
    plug_.deliver(
        read_realtime(Clock::now() + http::request_budget(deadline, settings_.timeout_ms)), out);
    return out;
}

}  // namespace wattbench::drivers::kasa
