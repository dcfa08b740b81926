#include "drivers/shelly/shelly_device.hpp"

#include <algorithm>

#include "drivers/http/password.hpp"

namespace wattbench::drivers::shelly {

ShellyDevice::ShellyDevice(Settings settings)
    : HttpPlugDevice(settings.url, settings.timeout_ms, "Shelly"), settings_(std::move(settings)) {}

std::string ShellyDevice::status_path(Component c) const {
    if (info_.generation == 1) {
        return "/status";
    }
    const std::string method = c == Component::pm1_status ? "PM1.GetStatus" : "Switch.GetStatus";
    return "/rpc/" + method + "?id=" + std::to_string(settings_.id);
}

std::variant<http::PlugValues, api::DeviceError> ShellyDevice::read_status(
    const std::string& path, std::chrono::milliseconds timeout) {
    const std::string where = settings_.url.address();
    for (int attempt = 0;; ++attempt) {
        const http::Credentials creds{
            info_.generation == 1 ? http::AuthScheme::basic : http::AuthScheme::digest, &user_,
            &password_};
        auto got = http_->request(http::Method::get, path, {}, {}, timeout,
                                  password_.empty() ? nullptr : &creds);
        if (auto* e = std::get_if<api::DeviceError>(&got)) {
            return *e;
        }
        const auto& r = std::get<http::HttpResponse>(got);
        if (r.status == 401 && password_.empty() && attempt == 0) {
            // `/shelly` said no authentication, yet the device wants it (turned on since).
            auto pw = http::load_password(settings_.password_file, "WATTBENCH_SHELLY_PASSWORD",
                                          "Shelly password");
            if (auto* e = std::get_if<api::DeviceError>(&pw)) {
                return api::DeviceError{
                    api::ErrorKind::auth,
                    where + ": the device asks for a password (HTTP 401); " + e->message};
            }
            password_ = std::get<std::string>(std::move(pw));
            continue;
        }
        if (r.status == 401 || r.status == 403) {
            return api::DeviceError{api::ErrorKind::auth,
                                    where + ": wrong password (user '" + user_ + "', " +
                                        (info_.generation == 1 ? "HTTP Basic" : "digest SHA-256") +
                                        ", HTTP " + std::to_string(r.status) + ")"};
        }
        const std::string name = path.substr(0, path.find('?'));
        if (r.status != 200) {
            std::string detail;
            if (info_.generation > 1) {
                auto parsed = parse_rpc_status(r.body);
                if (auto* why = std::get_if<std::string>(&parsed)) {
                    detail = ": " + *why;
                }
            }
            return api::DeviceError{api::ErrorKind::protocol,
                                    where + name + ": HTTP " + std::to_string(r.status) + detail};
        }
        auto parsed = info_.generation == 1 ? parse_gen1_meter(r.body, settings_.id)
                                            : parse_rpc_status(r.body);
        if (auto* why = std::get_if<std::string>(&parsed)) {
            return api::DeviceError{api::ErrorKind::protocol, where + name + ": " + *why};
        }
        return std::get<http::PlugValues>(std::move(parsed));
    }
}

std::optional<api::DeviceError> ShellyDevice::open() {
    close();
    const std::string where = settings_.url.address();
    const auto timeout = this->timeout();
    auto fail = [this](api::DeviceError e) { return failed(std::move(e)); };
    start_client();
    // `/shelly` answers without authentication on every generation and says which one it is.
    auto got = http_->request(http::Method::get, "/shelly", {}, {}, timeout);
    if (auto* e = std::get_if<api::DeviceError>(&got)) {
        return fail(*e);
    }
    const auto& answer = std::get<http::HttpResponse>(got);
    auto info = parse_device_info(answer.body);
    if (answer.status != 200 || std::holds_alternative<std::string>(info)) {
        const std::string why = answer.status != 200 ? "HTTP " + std::to_string(answer.status)
                                                     : std::get<std::string>(info);
        return fail({api::ErrorKind::config, where + ": not a Shelly device (" + why + ")"});
    }
    info_ = std::get<DeviceInfo>(std::move(info));
    if (settings_.generation == Generation::gen1) {
        info_.generation = 1;
    } else if (settings_.generation == Generation::gen2 && info_.generation == 1) {
        info_.generation = 2;
    }
    // Gen2+ digest: the user is always admin (Shelly's authentication docs).
    user_ = info_.generation == 1 ? settings_.user : "admin";
    if (info_.auth) {
        auto pw = http::load_password(settings_.password_file, "WATTBENCH_SHELLY_PASSWORD",
                                      "Shelly password");
        if (auto* e = std::get_if<api::DeviceError>(&pw)) {
            e->kind = api::ErrorKind::auth;
            e->message = where + ": the device has authentication on; " + e->message;
            return fail(*e);
        }
        password_ = std::get<std::string>(std::move(pw));
    }
    std::variant<http::PlugValues, api::DeviceError> first = api::DeviceError{};
    if (path_.empty()) {
        std::vector<Component> tries{settings_.component};
        if (settings_.component == Component::automatic) {
            tries = {Component::switch_status, Component::pm1_status};
        }
        if (info_.generation == 1) {
            tries.resize(1);
        }
        // When no component answers, the first one's error says most (a wrong channel id).
        std::optional<api::DeviceError> first_error;
        for (const Component c : tries) {
            first = read_status(status_path(c), timeout);
            auto* e = std::get_if<api::DeviceError>(&first);
            if (!e || e->kind != api::ErrorKind::protocol) {
                path_ = status_path(c);
                break;
            }
            if (!first_error) {
                first_error = *e;
            }
        }
        if (path_.empty() && first_error) {
            first = *first_error;
        }
    } else {
        first = read_status(path_, timeout);
    }
    if (auto* e = std::get_if<api::DeviceError>(&first)) {
        auto err = *e;
        path_.clear();
        if (err.kind == api::ErrorKind::protocol) {
            err.kind = api::ErrorKind::config;  // no meter that answers: nothing to record
        }
        return fail(err);
    }
    identity_.model =
        info_.model.empty() ? "Shelly Gen" + std::to_string(info_.generation) : info_.model;
    identity_.serial = info_.mac;
    identity_.firmware = info_.firmware;
    if (!plug_.fixed()) {
        api::Notice n;
        n.settings["generation"] = static_cast<std::int64_t>(info_.generation);
        n.settings["status"] = path_;
        n.settings["auth"] = std::string(password_.empty()       ? "none"
                                         : info_.generation == 1 ? "basic"
                                                                 : "digest SHA-256");
        fix_channels(std::get<http::PlugValues>(first), std::move(n));
    }
    return std::nullopt;
}

}  // namespace wattbench::drivers::shelly
