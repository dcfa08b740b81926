#include "app/core/engine/manifest.hpp"

#include <fmt/format.h>

#include "app/core/record/utc_time.hpp"
#include "app/core/rundir/channel_spec.hpp"
#include "app/core/version.hpp"

namespace wattbench::core::engine {

namespace {

std::optional<std::string> time_of(std::chrono::system_clock::time_point t) {
    if (t.time_since_epoch().count() == 0) {
        return std::nullopt;
    }
    return record::format_utc_ms(t);
}

double seconds(std::chrono::nanoseconds d) {
    return std::chrono::duration<double>(d).count();
}

rundir::Topology topology_of(const load::CpuTopology& t) {
    rundir::Topology out;
    out.packages = static_cast<int>(t.packages());
    out.physical_cores = static_cast<int>(t.physical_cores());
    for (const auto& c : t.cpus) {
        rundir::CpuPlace place;
        place.cpu = c.cpu;
        place.package = c.package;
        place.core = c.core;
        out.cpus.push_back(place);
    }
    return out;
}

rundir::WarmupUntilStable warmup_until_stable_of(const profile::PhaseSettings& ph) {
    const auto& w = *ph.warmup_until_stable;
    rundir::WarmupUntilStable out;
    out.min_s = seconds(ph.warmup);
    out.max_s = seconds(w.max);
    out.stable_for_s = seconds(w.stable_for);
    for (const auto& c : w.channels) {
        rundir::StableChannel sc;
        sc.name = c.name();
        sc.tolerance = c.relative ? nlohmann::json(fmt::format("{:g}%", c.tolerance * 100.0))
                                  : nlohmann::json(c.tolerance);
        out.channels.push_back(std::move(sc));
    }
    return out;
}

rundir::IdleCheck idle_check_of(const IdleCheckRecord& r) {
    rundir::IdleCheck out;
    out.cpu_util = r.cpu_util;
    out.idle_max_cpu = r.limit;
    for (const auto& p : r.busiest) {
        rundir::BusyProcess b;
        b.pid = p.pid;
        b.name = p.name;
        b.cpu_percent = p.cpu_percent;
        out.busiest.push_back(std::move(b));
    }
    return out;
}

rundir::Device device_of(const ManifestState& st, std::size_t i) {
    const auto& d = st.profile->devices[i];
    rundir::Device out;
    out.id = d.id;
    out.driver = d.driver;
    out.connection = redact_connection(d.connection);
    out.optional = d.optional;
    out.interval_s = seconds(d.interval);
    out.state = rundir::DeviceState::connecting;
    if (i < st.catalog->devices.size()) {
        for (const auto& c : st.catalog->devices[i].channels) {
            out.channels.push_back(rundir::channel_of(c));
        }
    }
    if (i < st.devices.size()) {
        const auto& md = st.devices[i];
        out.state = rundir::device_state_from_string(sampling::to_string(md.state));
        if (!md.error.empty() && md.state != sampling::DeviceState::ok) {
            out.error = md.error;
        }
        rundir::Identity id;
        id.vendor = md.identity.vendor;
        id.model = md.identity.model;
        id.serial = md.identity.serial;
        id.firmware = md.identity.firmware;
        out.identity = std::move(id);
        if (!md.settings.empty()) {
            nlohmann::json settings = nlohmann::json::object();
            for (const auto& [key, value] : md.settings) {
                std::visit([&](const auto& v) { settings[key] = v; }, value);
            }
            out.settings = std::move(settings);
        }
    }
    return out;
}

rundir::Phase phase_of(const ManifestState& st, std::size_t i) {
    const auto& ph = st.profile->phases[i];
    const bool cpu = ph.load == profile::LoadKind::cpu;
    rundir::Phase out;
    out.name = ph.name;
    out.load = std::string(profile::to_string(ph.load));
    if (cpu) {
        out.workers = ph.workers;
        out.placement = std::string(profile::to_string(ph.placement));
        out.intensity = ph.intensity;
        out.kernel = std::string(profile::to_string(ph.kernel));
    }
    out.warmup_s = seconds(ph.warmup);
    out.window_s = seconds(ph.window);
    out.status = rundir::PhaseStatus::pending;
    if (ph.background) {
        out.background = true;
    }
    if (ph.warmup_until_stable) {
        out.warmup_until_stable = warmup_until_stable_of(ph);
    }
    if (ph.recipe) {
        out.recipe = ph.recipe->name;
        out.recipe_dir = ph.recipe->dir;
        nlohmann::json options = nlohmann::json::object();
        for (const auto& [key, value] : ph.recipe_options) {
            std::visit([&](const auto& v) { options[key] = v; }, value);
        }
        out.recipe_options = std::move(options);
    }
    if (i >= st.phases.size()) {
        return out;
    }
    const auto& sp = st.phases[i];
    out.status = sp.status;
    out.window_start = time_of(sp.window_start);
    out.window_end = time_of(sp.window_end);
    if (cpu) {
        out.cpus = sp.cpus;
        out.target_cpu_util = sp.target_cpu_util;
        out.achieved_cpu_util = sp.achieved_cpu_util;
        out.achieved_total_cpu_util = sp.achieved_total_cpu_util;
    }
    // The phase has a record now: flags and the warm-up keys are written from here on.
    out.flags = sp.flags;
    out.warmup_achieved_s = sp.warmup.seconds;
    if (!sp.warmup.end.empty()) {
        out.warmup_end = sp.warmup.end;
    }
    if (sp.warmup.idle_check) {
        out.idle_check = idle_check_of(*sp.warmup.idle_check);
    }
    if (sp.score && ph.load == profile::LoadKind::command) {
        out.score = rundir::Score{sp.score->value, sp.score->unit};
    }
    return out;
}

rundir::Run run_of(const ManifestState& st) {
    const auto& p = *st.profile;
    rundir::Run run;
    run.name = p.run.name;
    run.profile_path = p.path;
    run.started = time_of(st.started);
    run.ended = time_of(st.ended);
    run.status = rundir::run_status_from_string(to_string(st.status));
    if (st.interrupted_phase >= 0) {
        run.interrupted_phase = p.phases[static_cast<std::size_t>(st.interrupted_phase)].name;
    }
    if (st.status == RunStatus::completed) {
        run.exit_code = 0;
    } else if (st.status == RunStatus::failed) {
        run.exit_code = 1;
    } else if (st.status == RunStatus::interrupted) {
        run.exit_code = 128 + (st.signal > 0 ? st.signal : 2);
    }
    if (!st.failure.empty()) {
        run.failure = st.failure;
    }
    run.interval_s = seconds(p.run.interval);
    run.uncertainty_limit = p.run.uncertainty_limit;
    rundir::Validity v;
    v.max_uncertainty = p.validity.max_uncertainty;
    v.max_invalid_power = p.validity.max_invalid_power;
    v.max_invalid_other = p.validity.max_invalid_other;
    v.min_ambient = p.validity.min_ambient;
    if (!p.validity.ambient.empty()) {
        v.ambient = p.validity.ambient;
    }
    run.validity = std::move(v);
    run.overrides = st.options ? st.options->overrides : nlohmann::json::object();
    return run;
}

rundir::Host host_of(const host::HostFacts& f) {
    rundir::Host h;
    h.hostname = f.hostname;
    h.cpu_model = f.cpu_model;
    h.logical_cpus = f.logical_cpus;
    h.physical_cores = f.physical_cores;
    h.packages = f.packages;
    h.kernel = f.kernel;
    h.os = f.os;
    h.memory_bytes = static_cast<std::int64_t>(f.memory_bytes);
    return h;
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
    // An SNMP v2c community is the whole userinfo, and a secret (snmpv3:// has a user name).
    if (connection.compare(0, scheme, "snmp") == 0) {
        return connection.substr(0, auth_start) + "***" + connection.substr(connection.rfind('@'));
    }
    const auto colon = connection.find(':', auth_start);
    if (colon == std::string::npos || colon > at) {
        return connection;
    }
    return connection.substr(0, colon) + connection.substr(at);
}

rundir::Manifest manifest_of(const ManifestState& st) {
    const auto& p = *st.profile;
    rundir::Manifest m;
    m.tool.name = "wattbench";
    m.tool.version = kVersion;
    m.run = run_of(st);
    m.host = host_of(*st.host);
    for (std::size_t i = 0; i < p.devices.size(); ++i) {
        m.devices.push_back(device_of(st, i));
    }
    for (std::size_t i = 0; i < p.phases.size(); ++i) {
        m.phases.push_back(phase_of(st, i));
    }
    if (st.target) {
        // Where the loads ran and what it was; the ssh options and key path stay out.
        const auto& t = *st.target;
        rundir::Target target;
        target.ssh = t.settings().ssh;
        target.port = t.settings().port;
        target.wattbench = t.settings().wattbench;
        target.version = t.info().version;
        for (const auto& [k, v] : t.info().facts) {
            target.facts[k] = v;
        }
        m.target = std::move(target);
    }
    if (st.topology) {
        (m.target ? m.target->topology : m.host.topology) = topology_of(*st.topology);
    }
    m.warnings = p.warnings;
    // The profile's own copy would otherwise carry what redact_connection hides.
    std::string text = p.text;
    for (const auto& d : p.devices) {
        const std::string safe = redact_connection(d.connection);
        for (auto at = safe == d.connection ? std::string::npos : text.find(d.connection);
             at != std::string::npos; at = text.find(d.connection, at + safe.size())) {
            text.replace(at, d.connection.size(), safe);
        }
    }
    m.profile = rundir::ProfileCopy{p.path, text};
    return m;
}

nlohmann::json build_manifest(const ManifestState& st) {
    return manifest_of(st);
}

}  // namespace wattbench::core::engine
