#include <algorithm>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "app/core/rundir/json_fields.hpp"
#include "app/core/rundir/manifest.hpp"

// The write rules follow the engine's: a key it always writes, possibly as null, is written as
// null when empty; a key it writes only in some cases is left out when empty. "flags" marks a
// phase the engine has a record of, and so the keys it writes along with them.

namespace wattbench::core::rundir {

using detail::ObjectReader;
using detail::or_null;
using detail::set_if;
using detail::with_extra;
using nlohmann::json;

namespace {

template <class E>
json status_or_null(const std::optional<E>& e) {
    return e ? json(std::string(to_string(*e))) : json(nullptr);
}

}  // namespace

void to_json(json& j, const Tool& t) {
    j = with_extra({{"name", t.name}, {"version", t.version}}, t.extra);
}
void read(const json& v, Tool& t, const std::string& path) {
    ObjectReader r(v, path);
    r.required("name", t.name);
    r.required("version", t.version);
    t.extra = r.extra();
}

void to_json(json& j, const Validity& x) {
    j = json{{"ambient", or_null(x.ambient)}};
    set_if(j, "max_uncertainty", x.max_uncertainty);
    set_if(j, "max_invalid_power", x.max_invalid_power);
    set_if(j, "max_invalid_other", x.max_invalid_other);
    set_if(j, "min_ambient", x.min_ambient);
    j = with_extra(std::move(j), x.extra);
}
void read(const json& v, Validity& x, const std::string& path) {
    ObjectReader r(v, path);
    r.optional("max_uncertainty", x.max_uncertainty);
    r.optional("max_invalid_power", x.max_invalid_power);
    r.optional("max_invalid_other", x.max_invalid_other);
    r.optional("min_ambient", x.min_ambient);
    r.optional("ambient", x.ambient);
    x.extra = r.extra();
}

void to_json(json& j, const Run& x) {
    j = json{{"name", x.name},
             {"started", or_null(x.started)},
             {"ended", or_null(x.ended)},
             {"status", status_or_null(x.status)},
             {"interrupted_phase", or_null(x.interrupted_phase)},
             {"exit_code", or_null(x.exit_code)},
             {"failure", or_null(x.failure)}};
    set_if(j, "profile_path", x.profile_path);
    set_if(j, "interval_s", x.interval_s);
    set_if(j, "uncertainty_limit", x.uncertainty_limit);
    set_if(j, "validity", x.validity);
    if (!x.overrides.is_null()) {
        j["overrides"] = x.overrides;
    }
    j = with_extra(std::move(j), x.extra);
}
void read(const json& v, Run& x, const std::string& path) {
    ObjectReader r(v, path);
    r.required("name", x.name);
    r.optional("profile_path", x.profile_path);
    r.optional("started", x.started);
    r.optional("ended", x.ended);
    r.enumeration("status", x.status, run_status_from_string);
    r.optional("interrupted_phase", x.interrupted_phase);
    r.optional("exit_code", x.exit_code);
    r.optional("failure", x.failure);
    r.optional("interval_s", x.interval_s);
    r.optional("uncertainty_limit", x.uncertainty_limit);
    r.optional("validity", x.validity);
    r.raw("overrides", x.overrides);
    x.extra = r.extra();
}

void to_json(json& j, const CpuPlace& x) {
    j = with_extra({{"cpu", x.cpu}, {"package", x.package}, {"core", x.core}}, x.extra);
}
void read(const json& v, CpuPlace& x, const std::string& path) {
    ObjectReader r(v, path);
    r.required("cpu", x.cpu);
    r.required("package", x.package);
    r.required("core", x.core);
    x.extra = r.extra();
}

void to_json(json& j, const Topology& x) {
    j = with_extra(
        {{"packages", x.packages}, {"physical_cores", x.physical_cores}, {"cpus", x.cpus}},
        x.extra);
}
void read(const json& v, Topology& x, const std::string& path) {
    ObjectReader r(v, path);
    r.required("packages", x.packages);
    r.required("physical_cores", x.physical_cores);
    r.required("cpus", x.cpus);
    x.extra = r.extra();
}

void to_json(json& j, const Host& x) {
    j = json::object();
    set_if(j, "hostname", x.hostname);
    set_if(j, "cpu_model", x.cpu_model);
    set_if(j, "logical_cpus", x.logical_cpus);
    set_if(j, "physical_cores", x.physical_cores);
    set_if(j, "packages", x.packages);
    set_if(j, "kernel", x.kernel);
    set_if(j, "os", x.os);
    set_if(j, "memory_bytes", x.memory_bytes);
    set_if(j, "topology", x.topology);
    j = with_extra(std::move(j), x.extra);
}
void read(const json& v, Host& x, const std::string& path) {
    ObjectReader r(v, path);
    r.optional("hostname", x.hostname);
    r.optional("cpu_model", x.cpu_model);
    r.optional("logical_cpus", x.logical_cpus);
    r.optional("physical_cores", x.physical_cores);
    r.optional("packages", x.packages);
    r.optional("kernel", x.kernel);
    r.optional("os", x.os);
    r.optional("memory_bytes", x.memory_bytes);
    r.optional("topology", x.topology);
    x.extra = r.extra();
}

void to_json(json& j, const Target& x) {
    j = json{{"remote", x.remote},       {"ssh", x.ssh},         {"port", or_null(x.port)},
             {"wattbench", x.wattbench}, {"version", x.version}, {"facts", x.facts}};
    set_if(j, "topology", x.topology);
    j = with_extra(std::move(j), x.extra);
}
void read(const json& v, Target& x, const std::string& path) {
    ObjectReader r(v, path);
    r.required("remote", x.remote);
    r.required("ssh", x.ssh);
    r.optional("port", x.port);
    r.required("wattbench", x.wattbench);
    r.required("version", x.version);
    r.required("facts", x.facts);
    r.optional("topology", x.topology);
    x.extra = r.extra();
}

void to_json(json& j, const Identity& x) {
    j = with_extra(
        {{"vendor", x.vendor}, {"model", x.model}, {"serial", x.serial}, {"firmware", x.firmware}},
        x.extra);
}
void read(const json& v, Identity& x, const std::string& path) {
    ObjectReader r(v, path);
    r.required("vendor", x.vendor);
    r.required("model", x.model);
    r.required("serial", x.serial);
    r.required("firmware", x.firmware);
    x.extra = r.extra();
}

void to_json(json& j, const Thresholds& x) {
    j = with_extra({{"lnr", or_null(x.lnr)},
                    {"lc", or_null(x.lc)},
                    {"lnc", or_null(x.lnc)},
                    {"unc", or_null(x.unc)},
                    {"uc", or_null(x.uc)},
                    {"unr", or_null(x.unr)}},
                   x.extra);
}
void read(const json& v, Thresholds& x, const std::string& path) {
    ObjectReader r(v, path);
    r.optional("lnr", x.lnr);
    r.optional("lc", x.lc);
    r.optional("lnc", x.lnc);
    r.optional("unc", x.unc);
    r.optional("uc", x.uc);
    r.optional("unr", x.unr);
    x.extra = r.extra();
}

void to_json(json& j, const Accuracy& x) {
    j = with_extra({{"of_reading", x.of_reading}, {"of_range", x.of_range}, {"range", x.range}},
                   x.extra);
}
void read(const json& v, Accuracy& x, const std::string& path) {
    ObjectReader r(v, path);
    r.required("of_reading", x.of_reading);
    r.required("of_range", x.of_range);
    r.required("range", x.range);
    x.extra = r.extra();
}

void to_json(json& j, const Channel& x) {
    j = with_extra({{"name", x.name},
                    {"quantity", x.quantity},
                    {"unit", x.unit},
                    {"display_min", or_null(x.display_min)},
                    {"display_max", or_null(x.display_max)},
                    {"thresholds", x.thresholds},
                    {"states", x.states},
                    {"key", x.key},
                    {"accuracy", or_null(x.accuracy)}},
                   x.extra);
}
void read(const json& v, Channel& x, const std::string& path) {
    ObjectReader r(v, path);
    r.required("name", x.name);
    r.required("quantity", x.quantity);
    r.required("unit", x.unit);
    r.optional("display_min", x.display_min);
    r.optional("display_max", x.display_max);
    r.required("thresholds", x.thresholds);
    r.required("states", x.states);
    r.required("key", x.key);
    r.optional("accuracy", x.accuracy);
    x.extra = r.extra();
}

void to_json(json& j, const Device& x) {
    j = json{{"id", x.id},
             {"driver", x.driver},
             {"connection", x.connection},
             {"optional", x.optional},
             {"state", status_or_null(x.state)},
             {"error", or_null(x.error)},
             {"identity", or_null(x.identity)},
             {"channels", x.channels}};
    set_if(j, "interval_s", x.interval_s);
    set_if(j, "settings", x.settings);
    j = with_extra(std::move(j), x.extra);
}
void read(const json& v, Device& x, const std::string& path) {
    ObjectReader r(v, path);
    r.required("id", x.id);
    r.required("driver", x.driver);
    r.required("connection", x.connection);
    r.required("optional", x.optional);
    r.optional("interval_s", x.interval_s);
    r.enumeration("state", x.state, device_state_from_string);
    r.optional("error", x.error);
    r.optional("identity", x.identity);
    r.optional("settings", x.settings);
    r.required("channels", x.channels);
    x.extra = r.extra();
}

void to_json(json& j, const StableChannel& x) {
    j = with_extra({{"name", x.name}, {"tolerance", x.tolerance}}, x.extra);
}
void read(const json& v, StableChannel& x, const std::string& path) {
    ObjectReader r(v, path);
    r.required("name", x.name);
    r.raw("tolerance", x.tolerance);
    x.extra = r.extra();
}

void to_json(json& j, const WarmupUntilStable& x) {
    j = with_extra({{"min_s", x.min_s},
                    {"max_s", x.max_s},
                    {"stable_for_s", x.stable_for_s},
                    {"channels", x.channels}},
                   x.extra);
}
void read(const json& v, WarmupUntilStable& x, const std::string& path) {
    ObjectReader r(v, path);
    r.required("min_s", x.min_s);
    r.required("max_s", x.max_s);
    r.required("stable_for_s", x.stable_for_s);
    r.required("channels", x.channels);
    x.extra = r.extra();
}

void to_json(json& j, const BusyProcess& x) {
    j = with_extra({{"pid", x.pid}, {"name", x.name}, {"cpu_percent", x.cpu_percent}}, x.extra);
}
void read(const json& v, BusyProcess& x, const std::string& path) {
    ObjectReader r(v, path);
    r.required("pid", x.pid);
    r.required("name", x.name);
    r.required("cpu_percent", x.cpu_percent);
    x.extra = r.extra();
}

void to_json(json& j, const IdleCheck& x) {
    j = with_extra({{"cpu_util", or_null(x.cpu_util)},
                    {"idle_max_cpu", x.idle_max_cpu},
                    {"busiest", x.busiest}},
                   x.extra);
}
void read(const json& v, IdleCheck& x, const std::string& path) {
    ObjectReader r(v, path);
    r.optional("cpu_util", x.cpu_util);
    r.required("idle_max_cpu", x.idle_max_cpu);
    r.required("busiest", x.busiest);
    x.extra = r.extra();
}

void to_json(json& j, const Score& x) {
    j = with_extra({{"value", x.value}, {"unit", x.unit}}, x.extra);
}
void read(const json& v, Score& x, const std::string& path) {
    ObjectReader r(v, path);
    r.required("value", x.value);
    r.required("unit", x.unit);
    x.extra = r.extra();
}

void to_json(json& j, const Phase& x) {
    j = json{{"name", x.name},
             {"load", x.load},
             {"workers", or_null(x.workers)},
             {"status", status_or_null(x.status)},
             {"window_start", or_null(x.window_start)},
             {"window_end", or_null(x.window_end)}};
    set_if(j, "warmup_s", x.warmup_s);
    set_if(j, "window_s", x.window_s);
    set_if(j, "background", x.background);
    set_if(j, "placement", x.placement);
    set_if(j, "intensity", x.intensity);
    set_if(j, "kernel", x.kernel);
    set_if(j, "warmup_until_stable", x.warmup_until_stable);
    set_if(j, "cpus", x.cpus);
    set_if(j, "flags", x.flags);
    set_if(j, "idle_check", x.idle_check);
    const bool recorded = x.flags.has_value();
    const auto with_record = [&](const char* key, const auto& v, bool written) {
        if (v || (recorded && written)) {
            j[key] = or_null(v);
        }
    };
    with_record("target_cpu_util", x.target_cpu_util, x.is_cpu());
    with_record("achieved_cpu_util", x.achieved_cpu_util, x.is_cpu());
    with_record("achieved_total_cpu_util", x.achieved_total_cpu_util, x.is_cpu());
    with_record("warmup_achieved_s", x.warmup_achieved_s, true);
    with_record("warmup_end", x.warmup_end, true);
    with_record("score", x.score, x.is_command());
    j = with_extra(std::move(j), x.extra);
}
void read(const json& v, Phase& x, const std::string& path) {
    ObjectReader r(v, path);
    r.required("name", x.name);
    r.required("load", x.load);
    r.optional("workers", x.workers);
    r.optional("warmup_s", x.warmup_s);
    r.optional("window_s", x.window_s);
    r.enumeration("status", x.status, phase_status_from_string);
    r.optional("window_start", x.window_start);
    r.optional("window_end", x.window_end);
    r.optional("background", x.background);
    r.optional("placement", x.placement);
    r.optional("intensity", x.intensity);
    r.optional("kernel", x.kernel);
    r.optional("warmup_until_stable", x.warmup_until_stable);
    r.optional("cpus", x.cpus);
    r.optional("target_cpu_util", x.target_cpu_util);
    r.optional("achieved_cpu_util", x.achieved_cpu_util);
    r.optional("achieved_total_cpu_util", x.achieved_total_cpu_util);
    r.optional("flags", x.flags);
    r.optional("warmup_achieved_s", x.warmup_achieved_s);
    r.optional("warmup_end", x.warmup_end);
    r.optional("idle_check", x.idle_check);
    r.optional("score", x.score);
    x.extra = r.extra();
}

void to_json(json& j, const ProfileCopy& x) {
    j = with_extra({{"path", x.path}, {"text", x.text}}, x.extra);
}
void read(const json& v, ProfileCopy& x, const std::string& path) {
    ObjectReader r(v, path);
    r.required("path", x.path);
    r.required("text", x.text);
    x.extra = r.extra();
}

void to_json(json& j, const Manifest& m) {
    j = json{{"tool", m.tool},        {"run", m.run},
             {"host", m.host},        {"target", or_null(m.target)},
             {"devices", m.devices},  {"phases", m.phases},
             {"warnings", m.warnings}};
    set_if(j, "profile", m.profile);
    j = with_extra(std::move(j), m.extra);
}

void from_json(const json& j, Manifest& m) {
    m = Manifest{};
    ObjectReader r(j, "");
    r.required("tool", m.tool);
    r.required("run", m.run);
    r.required("host", m.host);
    r.optional("target", m.target);
    r.required("devices", m.devices);
    r.required("phases", m.phases);
    r.required("warnings", m.warnings);
    r.optional("profile", m.profile);
    m.extra = r.extra();
}

std::string dump_manifest(const json& j) {
    std::string text = j.dump(2, ' ', false, json::error_handler_t::replace);
    text.push_back('\n');
    return text;
}

namespace {

// nlohmann's message starts with its own id and position; the line is given in ReadError's
// "file:line:" form instead, so only the description after it is kept.
ReadError parse_error(const json::parse_error& e, const std::string& text,
                      const std::string& file) {
    std::string what = e.what();
    if (const auto colon = what.find(": "); colon != std::string::npos) {
        what = what.substr(colon + 2);
    }
    const std::size_t upto = std::min<std::size_t>(e.byte > 0 ? e.byte - 1 : 0, text.size());
    const auto line =
        1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + upto, '\n'));
    return ReadError{file, "", what, line};
}

}  // namespace

ReadResult<Manifest> parse_manifest(const std::string& text, const std::string& file) {
    json j;
    try {
        j = json::parse(text);
    } catch (const json::parse_error& e) {
        return parse_error(e, text, file);
    }
    if (!j.is_object()) {
        return ReadError{file, "", "not a JSON object"};
    }
    // A member of the wrong kind at the top means the file is not a manifest at all.
    for (const char* key : {"tool", "run", "host", "profile"}) {
        if (j.contains(key) && !j[key].is_object() && !j[key].is_null()) {
            return ReadError{file, "", fmt::format("'{}' is not an object", key)};
        }
    }
    for (const char* key : {"devices", "phases", "warnings"}) {
        if (j.contains(key) && !j[key].is_array() && !j[key].is_null()) {
            return ReadError{file, "", fmt::format("'{}' is not an array", key)};
        }
    }
    try {
        return j.get<Manifest>();
    } catch (const ManifestKeyError& e) {
        return ReadError{file, e.key, e.what()};
    }
}

ReadResult<Manifest> read_manifest(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return ReadError{path, "", "cannot open"};
    }
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) {
        return ReadError{path, "", "cannot read"};
    }
    return parse_manifest(text.str(), path);
}

const Topology* Manifest::topology() const {
    if (target && target->topology) {
        return &*target->topology;
    }
    return host.topology ? &*host.topology : nullptr;
}

}  // namespace wattbench::core::rundir
