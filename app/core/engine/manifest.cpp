#include "app/core/engine/manifest.hpp"

#include <fmt/format.h>

#include "app/core/record/utc_time.hpp"
#include "app/core/version.hpp"

namespace wattbench::core::engine {

namespace {

nlohmann::json optional_number(const std::optional<double>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

nlohmann::json time_or_null(std::chrono::system_clock::time_point t) {
    if (t.time_since_epoch().count() == 0) {
        return nullptr;
    }
    return record::format_utc_ms(t);
}

double seconds(std::chrono::nanoseconds d) {
    return std::chrono::duration<double>(d).count();
}

nlohmann::json topology_json(const load::CpuTopology& t) {
    nlohmann::json cpus = nlohmann::json::array();
    for (const auto& c : t.cpus) {
        cpus.push_back({{"cpu", c.cpu}, {"package", c.package}, {"core", c.core}});
    }
    return {{"packages", t.packages()}, {"physical_cores", t.physical_cores()}, {"cpus", cpus}};
}

nlohmann::json warmup_until_stable_json(const profile::PhaseSettings& ph) {
    const auto& w = *ph.warmup_until_stable;
    nlohmann::json channels = nlohmann::json::array();
    for (const auto& c : w.channels) {
        channels.push_back(
            {{"name", c.name()},
             {"tolerance", c.relative ? nlohmann::json(fmt::format("{:g}%", c.tolerance * 100.0))
                                      : nlohmann::json(c.tolerance)}});
    }
    return {{"min_s", seconds(ph.warmup)},
            {"max_s", seconds(w.max)},
            {"stable_for_s", seconds(w.stable_for)},
            {"channels", std::move(channels)}};
}

nlohmann::json idle_check_json(const IdleCheckRecord& r) {
    nlohmann::json busiest = nlohmann::json::array();
    for (const auto& p : r.busiest) {
        busiest.push_back({{"pid", p.pid}, {"name", p.name}, {"cpu_percent", p.cpu_percent}});
    }
    return {{"cpu_util", optional_number(r.cpu_util)},
            {"idle_max_cpu", r.limit},
            {"busiest", std::move(busiest)}};
}

nlohmann::json channel_json(const drivers::api::ChannelSpec& c) {
    const auto& t = c.thresholds;
    return nlohmann::json{
        {"name", c.name},
        {"quantity", std::string(drivers::api::to_string(c.quantity))},
        {"unit", c.unit},
        {"display_min", optional_number(c.display_min)},
        {"display_max", optional_number(c.display_max)},
        {"thresholds",
         {{"lnr", optional_number(t.lower_non_recoverable)},
          {"lc", optional_number(t.lower_critical)},
          {"lnc", optional_number(t.lower_non_critical)},
          {"unc", optional_number(t.upper_non_critical)},
          {"uc", optional_number(t.upper_critical)},
          {"unr", optional_number(t.upper_non_recoverable)}}},
        {"states", c.states},
        {"key", c.key},
        // Lets a later recomputation of phases.csv (import, annotate) give the same uncertainty.
        {"accuracy", c.accuracy ? nlohmann::json{{"of_reading", c.accuracy->of_reading},
                                                 {"of_range", c.accuracy->of_range},
                                                 {"range", c.accuracy->range}}
                                : nlohmann::json(nullptr)},
    };
}

}  // namespace

std::string redact_connection(const std::string& connection) {
    const auto scheme = connection.find("://");
    if (scheme == std::string::npos) {
        return connection;
    }
    const auto auth_start = scheme + 3;
    const auto at = connection.find('@', auth_start);
    const auto slash = connection.find('/', auth_start);
    if (at == std::string::npos || (slash != std::string::npos && slash < at)) {
        return connection;
    }
    const auto colon = connection.find(':', auth_start);
    if (colon == std::string::npos || colon > at) {
        return connection;
    }
    return connection.substr(0, colon) + connection.substr(at);
}

nlohmann::json build_manifest(const ManifestState& st) {
    const auto& p = *st.profile;
    nlohmann::json devices = nlohmann::json::array();
    for (std::size_t i = 0; i < p.devices.size(); ++i) {
        const auto& d = p.devices[i];
        nlohmann::json channels = nlohmann::json::array();
        if (i < st.catalog->devices.size()) {
            for (const auto& c : st.catalog->devices[i].channels) {
                channels.push_back(channel_json(c));
            }
        }
        nlohmann::json j{{"id", d.id},
                         {"driver", d.driver},
                         {"connection", redact_connection(d.connection)},
                         {"optional", d.optional},
                         {"interval_s", seconds(d.interval)},
                         {"state", "connecting"},
                         {"error", nullptr},
                         {"identity", nullptr},
                         {"channels", std::move(channels)}};
        if (i < st.devices.size()) {
            const auto& md = st.devices[i];
            j["state"] = std::string(sampling::to_string(md.state));
            if (!md.error.empty() && md.state != sampling::DeviceState::ok) {
                j["error"] = md.error;
            }
            j["identity"] = {{"vendor", md.identity.vendor},
                             {"model", md.identity.model},
                             {"serial", md.identity.serial},
                             {"firmware", md.identity.firmware}};
            if (!md.settings.empty()) {
                nlohmann::json settings = nlohmann::json::object();
                for (const auto& [key, value] : md.settings) {
                    std::visit([&](const auto& v) { settings[key] = v; }, value);
                }
                j["settings"] = std::move(settings);
            }
        }
        devices.push_back(std::move(j));
    }

    nlohmann::json phases = nlohmann::json::array();
    for (std::size_t i = 0; i < p.phases.size(); ++i) {
        const auto& ph = p.phases[i];
        nlohmann::json j{{"name", ph.name},
                         {"load", std::string(profile::to_string(ph.load))},
                         {"workers", ph.load == profile::LoadKind::cpu ? nlohmann::json(ph.workers)
                                                                       : nlohmann::json(nullptr)},
                         {"warmup_s", seconds(ph.warmup)},
                         {"window_s", seconds(ph.window)},
                         {"status", "pending"},
                         {"window_start", nullptr},
                         {"window_end", nullptr}};
        if (ph.background) {
            j["background"] = true;
        }
        if (ph.load == profile::LoadKind::cpu) {
            j["placement"] = std::string(profile::to_string(ph.placement));
            j["intensity"] = ph.intensity;
            j["kernel"] = std::string(profile::to_string(ph.kernel));
        }
        if (ph.warmup_until_stable) {
            j["warmup_until_stable"] = warmup_until_stable_json(ph);
        }
        if (i < st.phases.size()) {
            const auto& sp = st.phases[i];
            j["status"] = std::string(to_string(sp.status));
            j["window_start"] = time_or_null(sp.window_start);
            j["window_end"] = time_or_null(sp.window_end);
            if (ph.load == profile::LoadKind::cpu) {
                j["cpus"] = sp.cpus;
                j["target_cpu_util"] = optional_number(sp.target_cpu_util);
                j["achieved_cpu_util"] = optional_number(sp.achieved_cpu_util);
                j["achieved_total_cpu_util"] = optional_number(sp.achieved_total_cpu_util);
            }
            j["flags"] = sp.flags;
            j["warmup_achieved_s"] = optional_number(sp.warmup.seconds);
            j["warmup_end"] =
                sp.warmup.end.empty() ? nlohmann::json(nullptr) : nlohmann::json(sp.warmup.end);
            if (sp.warmup.idle_check) {
                j["idle_check"] = idle_check_json(*sp.warmup.idle_check);
            }
            if (ph.load == profile::LoadKind::command) {
                j["score"] =
                    sp.score ? nlohmann::json{{"value", sp.score->value}, {"unit", sp.score->unit}}
                             : nlohmann::json(nullptr);
            }
        }
        phases.push_back(std::move(j));
    }

    int exit_code = -1;
    if (st.status == RunStatus::completed) {
        exit_code = 0;
    } else if (st.status == RunStatus::failed) {
        exit_code = 1;
    } else if (st.status == RunStatus::interrupted) {
        exit_code = 128 + (st.signal > 0 ? st.signal : 2);
    }
    nlohmann::json run{
        {"name", p.run.name},
        {"profile_path", p.path},
        {"started", time_or_null(st.started)},
        {"ended", time_or_null(st.ended)},
        {"status", std::string(to_string(st.status))},
        {"interrupted_phase",
         st.interrupted_phase >= 0
             ? nlohmann::json(p.phases[static_cast<std::size_t>(st.interrupted_phase)].name)
             : nlohmann::json(nullptr)},
        {"exit_code", exit_code >= 0 ? nlohmann::json(exit_code) : nlohmann::json(nullptr)},
        {"failure", st.failure.empty() ? nlohmann::json(nullptr) : nlohmann::json(st.failure)},
        {"interval_s", seconds(p.run.interval)},
        {"uncertainty_limit", p.run.uncertainty_limit},
        {"validity",
         {{"max_uncertainty", p.validity.max_uncertainty},
          {"max_invalid_power", p.validity.max_invalid_power},
          {"max_invalid_other", p.validity.max_invalid_other},
          {"min_ambient", p.validity.min_ambient},
          {"ambient", p.validity.ambient.empty() ? nlohmann::json(nullptr)
                                                 : nlohmann::json(p.validity.ambient)}}},
        {"overrides", st.options ? st.options->overrides : nlohmann::json::object()},
    };

    nlohmann::json host = host::to_json(*st.host);
    nlohmann::json target = nullptr;
    if (st.target) {
        // Where the loads ran and what it was; the ssh options and key path stay out.
        const auto& t = *st.target;
        nlohmann::json facts = nlohmann::json::object();
        for (const auto& [k, v] : t.info().facts) {
            facts[k] = v;
        }
        target = {{"remote", true},
                  {"ssh", t.settings().ssh},
                  {"port", t.settings().port ? nlohmann::json(*t.settings().port) : nullptr},
                  {"wattbench", t.settings().wattbench},
                  {"version", t.info().version},
                  {"facts", std::move(facts)}};
    }
    if (st.topology) {
        (st.target ? target : host)["topology"] = topology_json(*st.topology);
    }
    return nlohmann::json{
        {"tool", {{"name", "wattbench"}, {"version", kVersion}}},
        {"run", std::move(run)},
        {"host", std::move(host)},
        {"target", std::move(target)},
        {"devices", std::move(devices)},
        {"phases", std::move(phases)},
        {"warnings", p.warnings},
        {"profile", {{"path", p.path}, {"text", p.text}}},
    };
}

}  // namespace wattbench::core::engine
