#include "drivers/redfish/redfish_device.hpp"

#include <algorithm>

#include "drivers/redfish/password.hpp"
#include "drivers/redfish/sensor_parse.hpp"

namespace wattbench::drivers::redfish {

namespace {

using Clock = std::chrono::steady_clock;

// Left before the deadline when a poll starts a request, so an abandoned one ends in time.
constexpr auto kDeadlineMargin = std::chrono::milliseconds(20);
constexpr auto kLogoutTimeout = std::chrono::milliseconds(2000);

std::string auth_name(const AuthSession& s) {
    return s.basic() ? "basic" : "session";
}

}  // namespace

RedfishDevice::RedfishDevice(Settings settings) : settings_(std::move(settings)) {
    identity_.vendor = "Redfish BMC";
    identity_.model = settings_.endpoint.address();
}

RedfishDevice::~RedfishDevice() {
    close();
}

std::chrono::milliseconds RedfishDevice::timeout() const {
    return std::chrono::milliseconds(settings_.timeout_ms);
}

void RedfishDevice::note(std::string message, bool warning) {
    api::Notice n;
    n.warning = warning;
    n.message = std::move(message);
    pending_.push_back(std::move(n));
}

void RedfishDevice::close() {
    if (session_) {
        session_->logout(kLogoutTimeout);
    }
    session_.reset();
    http_.reset();
    open_ = false;
}

std::optional<Json> RedfishDevice::fetch(const std::string& path,
                                         std::optional<api::DeviceError>& error) {
    auto got = session_->get(path, timeout());
    if (auto* e = std::get_if<api::DeviceError>(&got)) {
        error = *e;
        return std::nullopt;
    }
    auto json = parse_json(std::get<std::string>(got));
    if (!json || !json->is_object()) {
        error = api::DeviceError{api::ErrorKind::protocol, path + ": the answer is not JSON"};
        return std::nullopt;
    }
    return json;
}

std::optional<api::DeviceError> RedfishDevice::open() {
    close();
    const std::string host = settings_.endpoint.address();
    auto pw = load_password(settings_.password_file);
    if (auto* e = std::get_if<api::DeviceError>(&pw)) {
        e->message = host + ": " + e->message;
        return *e;
    }
    http::ClientOptions options;
    options.default_headers = {"Accept: application/json", "OData-Version: 4.0"};
    options.tls = http::TlsOptions{settings_.ca_file, settings_.insecure};
    options.tls_hint = "name the BMC's certificate or CA with ca_file, or set insecure = true";
    http_ = std::make_unique<HttpClient>(settings_.endpoint.base_url(), std::move(options));
    // The service root answers without authentication (DSP0266) and says where to log in.
    auto got = http_->request(Method::get, "/redfish/v1/", {}, {}, timeout());
    if (auto* e = std::get_if<api::DeviceError>(&got)) {
        auto err = *e;
        ::explicit_bzero(std::get<std::string>(pw).data(), std::get<std::string>(pw).size());
        close();
        return err;
    }
    const auto& answer = std::get<HttpResponse>(got);
    const auto root_json = parse_json(answer.body);
    if (answer.status != 200 || !root_json || !root_json->is_object()) {
        ::explicit_bzero(std::get<std::string>(pw).data(), std::get<std::string>(pw).size());
        close();
        return api::DeviceError{api::ErrorKind::unreachable,
                                host + ": no Redfish service root at /redfish/v1/ (HTTP " +
                                    std::to_string(answer.status) + ")"};
    }
    const ServiceRoot root = parse_service_root(*root_json);
    session_ = std::make_unique<AuthSession>(*http_, settings_);
    if (auto e = session_->login(std::get<std::string>(std::move(pw)), root.sessions, timeout())) {
        close();
        return e;
    }
    if (discovered_ && !plan_.resources.empty()) {
        // A reopen after a lost link: the BMC must serve readings again (not only its root
        // and login, which a BMC busy with a 503 spell still answers), or the backoff grows.
        auto probe = session_->get(plan_.resources.front().path, timeout());
        if (auto* e = std::get_if<api::DeviceError>(&probe);
            e && e->kind != api::ErrorKind::protocol) {
            auto err = *e;
            err.kind = err.kind == api::ErrorKind::auth ? err.kind : api::ErrorKind::unreachable;
            close();
            return err;
        }
    }
    if (!discovered_) {
        if (auto e = discover(root)) {
            close();
            return e;
        }
        discovered_ = true;
        api::Notice n;
        n.settings["tls"] = std::string(settings_.insecure          ? "insecure"
                                        : settings_.ca_file.empty() ? "verified"
                                                                    : "verified with ca_file");
        n.settings["auth"] = auth_name(*session_);
        n.settings["redfish_version"] = root.redfish_version;
        if (settings_.insecure) {
            n.warning = true;
            n.message = host +
                        ": TLS certificate verification is off (insecure = true): the BMC's "
                        "identity is not checked";
        }
        pending_.insert(pending_.begin(), std::move(n));
        for (auto& line : plan_.notices) {
            note(std::move(line));
        }
        plan_.notices.clear();
    }
    open_ = true;
    return std::nullopt;
}

std::optional<api::DeviceError> RedfishDevice::discover(const ServiceRoot& root) {
    const std::string host = settings_.endpoint.address();
    std::optional<api::DeviceError> error;
    const auto collection =
        fetch(root.chassis.empty() ? "/redfish/v1/Chassis" : root.chassis, error);
    if (!collection) {
        return error;
    }
    std::vector<DiscoveredChassis> found;
    for (const auto& path : parse_members(*collection)) {
        if (auto e = discover_chassis(path, root.expand_levels, found)) {
            return e;
        }
    }
    if (!settings_.chassis.empty() && found.empty()) {
        return api::DeviceError{api::ErrorKind::config,
                                host + ": no chassis with Id '" + settings_.chassis + "'"};
    }
    plan_ = build_plan(found, settings_.sensors);
    if (plan_.channels.empty()) {
        return api::DeviceError{
            api::ErrorKind::config,
            host + (settings_.sensors.empty() ? ": no chassis has readings"
                                              : ": no sensor matches the sensors filter")};
    }
    const ChassisInfo& first = found.front().info;
    identity_.vendor = first.manufacturer.empty() ? "Redfish BMC" : first.manufacturer;
    identity_.model = first.model.empty() ? first.name : first.model;
    identity_.serial = first.serial;
    if (!first.managed_by.empty()) {
        std::optional<api::DeviceError> ignored;
        if (const auto manager = fetch(first.managed_by, ignored)) {
            identity_.firmware = parse_manager_firmware(*manager);
        }
    }
    return std::nullopt;
}

std::optional<api::DeviceError> RedfishDevice::discover_chassis(
    const std::string& path, bool expand, std::vector<DiscoveredChassis>& out) {
    std::optional<api::DeviceError> error;
    const auto json = fetch(path, error);
    if (!json) {
        return error;
    }
    DiscoveredChassis dc;
    dc.info = parse_chassis(*json);
    if (dc.info.path.empty()) {
        dc.info.path = path;
    }
    const bool named = !settings_.chassis.empty();
    if ((named && dc.info.id != settings_.chassis) || (!named && !dc.info.has_readings())) {
        return std::nullopt;
    }
    dc.resources.push_back({ResourceKind::chassis, dc.info.path,
                            values_of(ResourceKind::chassis, *json, dc.info.path)});
    // A resource that fails here is left out with a line in the log, not the whole BMC: a
    // deprecated Power resource answering 500 must not cost the Sensors.
    auto add = [&](ResourceKind kind, const std::string& where) -> std::optional<api::DeviceError> {
        std::optional<api::DeviceError> e;
        const auto body = fetch(where, e);
        if (!body) {
            if (e->kind != api::ErrorKind::protocol) {
                return e;
            }
            note("chassis " + dc.info.id + ": " + e->message + "; its readings are left out", true);
            return std::nullopt;
        }
        if (kind == ResourceKind::sensor_collection) {
            auto members = parse_sensor_collection(*body);
            if (!members.expanded.empty()) {
                dc.resources.push_back({kind, where, std::move(members.expanded)});
            }
            for (const auto& link : members.member_links) {
                std::optional<api::DeviceError> me;
                if (const auto sensor = fetch(link, me)) {
                    dc.resources.push_back({ResourceKind::sensor, link,
                                            values_of(ResourceKind::sensor, *sensor, link)});
                } else if (me->kind != api::ErrorKind::protocol) {
                    return me;
                }
            }
            return std::nullopt;
        }
        dc.resources.push_back({kind, where, values_of(kind, *body, where)});
        return std::nullopt;
    };
    const ChassisInfo& c = dc.info;
    std::optional<api::DeviceError> e;
    if (!c.sensors.empty()) {
        e = add(ResourceKind::sensor_collection,
                expand ? c.sensors + "?$expand=.($levels=1)" : c.sensors);
    }
    if (!e && !c.environment_metrics.empty()) {
        e = add(ResourceKind::environment, c.environment_metrics);
    }
    if (!e && !c.power.empty()) {
        e = add(ResourceKind::power, c.power);
    }
    if (!e && !c.thermal.empty() && c.sensors.empty()) {
        e = add(ResourceKind::thermal, c.thermal);
    }
    if (e) {
        return e;
    }
    out.push_back(std::move(dc));
    return std::nullopt;
}

api::PollResult RedfishDevice::poll(Clock::time_point deadline) {
    api::PollResult out;
    out.notices = std::move(pending_);
    pending_.clear();
    if (!open_) {
        out.error = api::DeviceError{api::ErrorKind::link_lost, "poll on a closed device"};
        return out;
    }
    MappedPoll mapped;
    const int relogins = session_->relogins();
    std::size_t skipped = 0;
    for (const auto& resource : plan_.resources) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()) -
            kDeadlineMargin;
        if (left.count() <= 0) {
            ++skipped;  // not reported: the sampler records those channels unavailable
            continue;
        }
        auto got = session_->get(resource.path, std::min(left, timeout()));
        if (auto* e = std::get_if<api::DeviceError>(&got)) {
            if (e->kind == api::ErrorKind::protocol) {
                fail_resource(resource, api::Status::error, e->message, mapped);
                continue;
            }
            out.readings.clear();
            out.error = *e;
            if (e->kind == api::ErrorKind::unreachable) {
                out.error->kind = api::ErrorKind::link_lost;
            }
            return out;
        }
        map_resource(resource, plan_.channels, std::get<std::string>(got), mapped);
    }
    out.readings = std::move(mapped.readings);
    if (session_->relogins() != relogins) {
        note(settings_.endpoint.address() + ": the session expired; logged in again");
    }
    if (skipped > 0) {
        mapped.problems.push_back(
            "a poll ran past its deadline: resources it had not read yet "
            "are recorded unavailable for that tick");
    }
    for (auto& p : mapped.problems) {
        if (logged_.insert(p).second) {
            note(std::move(p), true);
        }
    }
    for (auto& n : pending_) {
        out.notices.push_back(std::move(n));
    }
    pending_.clear();
    return out;
}

}  // namespace wattbench::drivers::redfish
