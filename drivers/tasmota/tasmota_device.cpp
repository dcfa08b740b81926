#include "drivers/tasmota/tasmota_device.hpp"

#include <string.h>

#include <algorithm>
#include <cstdlib>

#include "drivers/http/password.hpp"
#include "drivers/tasmota/energy_parse.hpp"

namespace wattbench::drivers::tasmota {

namespace {

constexpr const char* kPasswordEnv = "WATTBENCH_TASMOTA_PASSWORD";

}  // namespace

TasmotaDevice::TasmotaDevice(Settings settings)
    : HttpPlugDevice(settings.url, settings.timeout_ms, "Tasmota"),
      settings_(std::move(settings)) {}

std::variant<std::string, api::DeviceError> TasmotaDevice::command(
    int status, std::chrono::milliseconds timeout) {
    const std::string where = settings_.url.address();
    const std::string name = "Status " + std::to_string(status);
    std::string target = "/cm?cmnd=Status%20" + std::to_string(status);
    if (!password_.empty()) {
        target += "&user=" + query_escape(settings_.user) + "&password=" + query_escape(password_);
    }
    auto got = http_->request(http::Method::get, target, {}, {}, timeout);
    ::explicit_bzero(target.data(), target.size());
    if (auto* e = std::get_if<api::DeviceError>(&got)) {
        return *e;
    }
    auto& r = std::get<http::HttpResponse>(got);
    if (r.status == 401 || r.status == 403 || needs_password(r.body)) {
        return api::DeviceError{
            api::ErrorKind::auth,
            where + (password_.empty()
                         ? ": the device has a web password: set " + std::string(kPasswordEnv) +
                               " or password_file"
                         : ": wrong user name or password (user '" + settings_.user + "')")};
    }
    if (r.status != 200) {
        return api::DeviceError{api::ErrorKind::protocol,
                                where + ": " + name + ": HTTP " + std::to_string(r.status)};
    }
    return std::move(r.body);
}

std::variant<http::PlugValues, api::DeviceError> TasmotaDevice::read_energy(
    int status, std::chrono::milliseconds timeout) {
    auto body = command(status, timeout);
    if (auto* e = std::get_if<api::DeviceError>(&body)) {
        return *e;
    }
    auto parsed = parse_energy(std::get<std::string>(body), settings_.channel);
    if (auto* why = std::get_if<std::string>(&parsed)) {
        return api::DeviceError{api::ErrorKind::protocol, settings_.url.address() + ": Status " +
                                                              std::to_string(status) + ": " + *why};
    }
    return std::get<http::PlugValues>(std::move(parsed));
}

std::optional<api::DeviceError> TasmotaDevice::open() {
    close();
    const auto timeout = this->timeout();
    auto fail = [this](api::DeviceError e) { return failed(std::move(e)); };
    // A web password is optional on Tasmota: used when a file or the variable gives one.
    if (!settings_.password_file.empty() || std::getenv(kPasswordEnv)) {
        auto pw = http::load_password(settings_.password_file, kPasswordEnv, "Tasmota password");
        if (auto* e = std::get_if<api::DeviceError>(&pw)) {
            return fail(*e);
        }
        password_ = std::get<std::string>(std::move(pw));
    }
    start_client();
    auto status0 = command(0, timeout);
    if (auto* e = std::get_if<api::DeviceError>(&status0)) {
        return fail(*e);
    }
    const Identity id = parse_identity(std::get<std::string>(status0));
    if (!id.name.empty()) {
        identity_.model = id.name;
    }
    identity_.firmware = id.firmware;
    identity_.serial = id.mac;
    std::variant<http::PlugValues, api::DeviceError> first = api::DeviceError{};
    if (status_ == 0) {
        const std::vector<int> tries =
            settings_.status ? std::vector<int>{settings_.status} : std::vector<int>{8, 10};
        for (const int s : tries) {
            first = read_energy(s, timeout);
            auto* e = std::get_if<api::DeviceError>(&first);
            if (!e || e->kind != api::ErrorKind::protocol) {
                status_ = s;
                break;
            }
        }
    } else {
        first = read_energy(status_, timeout);
    }
    if (auto* e = std::get_if<api::DeviceError>(&first)) {
        auto err = *e;
        status_ = 0;
        if (err.kind == api::ErrorKind::protocol) {
            err.kind = api::ErrorKind::config;
        }
        return fail(err);
    }
    if (!plug_.fixed()) {
        api::Notice n;
        n.settings["status"] = "Status " + std::to_string(status_);
        n.settings["auth"] = std::string(password_.empty() ? "none" : "query user/password");
        if (!id.hardware.empty()) {
            n.settings["hardware"] = id.hardware;
        }
        n.settings["channel"] = static_cast<std::int64_t>(settings_.channel);
        fix_channels(std::get<http::PlugValues>(first), std::move(n));
    }
    return std::nullopt;
}

}  // namespace wattbench::drivers::tasmota
