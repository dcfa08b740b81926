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
using detail::ObjectWriter;
using detail::or_null;
using nlohmann::json;

namespace {

// Each struct's keys are listed once, in a lambda that both directions run: ObjectWriter writes
// them, ObjectReader reads them, so a key cannot be added to one side only.
template <class X, class Fields>
json written(const X& x, Fields fields) {
    ObjectWriter w;
    fields(w, x);
    return std::move(w).done(x.extra);
}

template <class X, class Fields>
void read_into(const json& v, X& x, const std::string& path, Fields fields) {
    ObjectReader r(v, path);
    fields(r, x);
    x.extra = r.extra();
}

constexpr auto tool_fields = [](auto& f, auto& x) {
    f.required("name", x.name);
    f.required("version", x.version);
};

constexpr auto validity_fields = [](auto& f, auto& x) {
    f.optional("max_uncertainty", x.max_uncertainty);
    f.optional("max_invalid_power", x.max_invalid_power);
    f.optional("max_invalid_other", x.max_invalid_other);
    f.optional("min_ambient", x.min_ambient);
    f.nullable("ambient", x.ambient);
};

// `overrides` is not in the list: it is written only when set, and read as raw JSON.
constexpr auto run_fields = [](auto& f, auto& x) {
    f.required("name", x.name);
    f.optional("profile_path", x.profile_path);
    f.nullable("started", x.started);
    f.nullable("ended", x.ended);
    f.enumeration("status", x.status, run_status_from_string);
    f.nullable("interrupted_phase", x.interrupted_phase);
    f.nullable("exit_code", x.exit_code);
    f.nullable("failure", x.failure);
    f.optional("interval_s", x.interval_s);
    f.optional("uncertainty_limit", x.uncertainty_limit);
    f.optional("validity", x.validity);
};

constexpr auto cpu_place_fields = [](auto& f, auto& x) {
    f.required("cpu", x.cpu);
    f.required("package", x.package);
    f.required("core", x.core);
};

constexpr auto topology_fields = [](auto& f, auto& x) {
    f.required("packages", x.packages);
    f.required("physical_cores", x.physical_cores);
    f.required("cpus", x.cpus);
};

constexpr auto host_fields = [](auto& f, auto& x) {
    f.optional("hostname", x.hostname);
    f.optional("cpu_model", x.cpu_model);
    f.optional("logical_cpus", x.logical_cpus);
    f.optional("physical_cores", x.physical_cores);
    f.optional("packages", x.packages);
    f.optional("kernel", x.kernel);
    f.optional("os", x.os);
    f.optional("memory_bytes", x.memory_bytes);
    f.optional("topology", x.topology);
};

constexpr auto target_fields = [](auto& f, auto& x) {
    f.required("remote", x.remote);
    f.required("ssh", x.ssh);
    f.nullable("port", x.port);
    f.required("wattbench", x.wattbench);
    f.required("version", x.version);
    f.required("facts", x.facts);
    f.optional("topology", x.topology);
};

constexpr auto identity_fields = [](auto& f, auto& x) {
    f.required("vendor", x.vendor);
    f.required("model", x.model);
    f.required("serial", x.serial);
    f.required("firmware", x.firmware);
};

constexpr auto thresholds_fields = [](auto& f, auto& x) {
    f.nullable("lnr", x.lnr);
    f.nullable("lc", x.lc);
    f.nullable("lnc", x.lnc);
    f.nullable("unc", x.unc);
    f.nullable("uc", x.uc);
    f.nullable("unr", x.unr);
};

constexpr auto accuracy_fields = [](auto& f, auto& x) {
    f.required("of_reading", x.of_reading);
    f.required("of_range", x.of_range);
    f.required("range", x.range);
};

constexpr auto channel_fields = [](auto& f, auto& x) {
    f.required("name", x.name);
    f.required("quantity", x.quantity);
    f.required("unit", x.unit);
    f.nullable("display_min", x.display_min);
    f.nullable("display_max", x.display_max);
    f.required("thresholds", x.thresholds);
    f.required("states", x.states);
    f.required("key", x.key);
    f.nullable("accuracy", x.accuracy);
};

constexpr auto device_fields = [](auto& f, auto& x) {
    f.required("id", x.id);
    f.required("driver", x.driver);
    f.required("connection", x.connection);
    f.required("optional", x.optional);
    f.optional("interval_s", x.interval_s);
    f.enumeration("state", x.state, device_state_from_string);
    f.nullable("error", x.error);
    f.nullable("identity", x.identity);
    f.optional("settings", x.settings);
    f.required("channels", x.channels);
};

constexpr auto stable_channel_fields = [](auto& f, auto& x) {
    f.required("name", x.name);
    f.raw("tolerance", x.tolerance);
};

constexpr auto warmup_until_stable_fields = [](auto& f, auto& x) {
    f.required("min_s", x.min_s);
    f.required("max_s", x.max_s);
    f.required("stable_for_s", x.stable_for_s);
    f.required("channels", x.channels);
};

constexpr auto busy_process_fields = [](auto& f, auto& x) {
    f.required("pid", x.pid);
    f.required("name", x.name);
    f.required("cpu_percent", x.cpu_percent);
};

constexpr auto idle_check_fields = [](auto& f, auto& x) {
    f.nullable("cpu_util", x.cpu_util);
    f.required("idle_max_cpu", x.idle_max_cpu);
    f.required("busiest", x.busiest);
};

constexpr auto score_fields = [](auto& f, auto& x) {
    f.required("value", x.value);
    f.required("unit", x.unit);
};

// The keys the engine writes with its record of a phase (see to_json) are not in the list.
constexpr auto phase_fields = [](auto& f, auto& x) {
    f.required("name", x.name);
    f.required("load", x.load);
    f.nullable("workers", x.workers);
    f.optional("warmup_s", x.warmup_s);
    f.optional("window_s", x.window_s);
    f.enumeration("status", x.status, phase_status_from_string);
    f.nullable("window_start", x.window_start);
    f.nullable("window_end", x.window_end);
    f.optional("background", x.background);
    f.optional("placement", x.placement);
    f.optional("intensity", x.intensity);
    f.optional("kernel", x.kernel);
    f.optional("warmup_until_stable", x.warmup_until_stable);
    f.optional("cpus", x.cpus);
    f.optional("flags", x.flags);
    f.optional("idle_check", x.idle_check);
    f.optional("recipe", x.recipe);
    f.optional("recipe_dir", x.recipe_dir);
    f.optional("recipe_options", x.recipe_options);
};

constexpr auto profile_copy_fields = [](auto& f, auto& x) {
    f.required("path", x.path);
    f.required("text", x.text);
};

constexpr auto manifest_fields = [](auto& f, auto& x) {
    f.required("tool", x.tool);
    f.required("run", x.run);
    f.required("host", x.host);
    f.nullable("target", x.target);
    f.required("devices", x.devices);
    f.required("phases", x.phases);
    f.required("warnings", x.warnings);
    f.optional("profile", x.profile);
};

}  // namespace

void to_json(json& j, const Tool& x) {
    j = written(x, tool_fields);
}
void read(const json& v, Tool& x, const std::string& path) {
    read_into(v, x, path, tool_fields);
}

void to_json(json& j, const Validity& x) {
    j = written(x, validity_fields);
}
void read(const json& v, Validity& x, const std::string& path) {
    read_into(v, x, path, validity_fields);
}

void to_json(json& j, const Run& x) {
    j = written(x, run_fields);
    if (!x.overrides.is_null()) {
        j["overrides"] = x.overrides;
    }
}
void read(const json& v, Run& x, const std::string& path) {
    read_into(v, x, path, [](ObjectReader& r, Run& run) {
        run_fields(r, run);
        r.raw("overrides", run.overrides);
    });
}

void to_json(json& j, const CpuPlace& x) {
    j = written(x, cpu_place_fields);
}
void read(const json& v, CpuPlace& x, const std::string& path) {
    read_into(v, x, path, cpu_place_fields);
}

void to_json(json& j, const Topology& x) {
    j = written(x, topology_fields);
}
void read(const json& v, Topology& x, const std::string& path) {
    read_into(v, x, path, topology_fields);
}

void to_json(json& j, const Host& x) {
    j = written(x, host_fields);
}
void read(const json& v, Host& x, const std::string& path) {
    read_into(v, x, path, host_fields);
}

void to_json(json& j, const Target& x) {
    j = written(x, target_fields);
}
void read(const json& v, Target& x, const std::string& path) {
    read_into(v, x, path, target_fields);
}

void to_json(json& j, const Identity& x) {
    j = written(x, identity_fields);
}
void read(const json& v, Identity& x, const std::string& path) {
    read_into(v, x, path, identity_fields);
}

void to_json(json& j, const Thresholds& x) {
    j = written(x, thresholds_fields);
}
void read(const json& v, Thresholds& x, const std::string& path) {
    read_into(v, x, path, thresholds_fields);
}

void to_json(json& j, const Accuracy& x) {
    j = written(x, accuracy_fields);
}
void read(const json& v, Accuracy& x, const std::string& path) {
    read_into(v, x, path, accuracy_fields);
}

void to_json(json& j, const Channel& x) {
    j = written(x, channel_fields);
}
void read(const json& v, Channel& x, const std::string& path) {
    read_into(v, x, path, channel_fields);
}

void to_json(json& j, const Device& x) {
    j = written(x, device_fields);
}
void read(const json& v, Device& x, const std::string& path) {
    read_into(v, x, path, device_fields);
}

void to_json(json& j, const StableChannel& x) {
    j = written(x, stable_channel_fields);
}
void read(const json& v, StableChannel& x, const std::string& path) {
    read_into(v, x, path, stable_channel_fields);
}

void to_json(json& j, const WarmupUntilStable& x) {
    j = written(x, warmup_until_stable_fields);
}
void read(const json& v, WarmupUntilStable& x, const std::string& path) {
    read_into(v, x, path, warmup_until_stable_fields);
}

void to_json(json& j, const BusyProcess& x) {
    j = written(x, busy_process_fields);
}
void read(const json& v, BusyProcess& x, const std::string& path) {
    read_into(v, x, path, busy_process_fields);
}

void to_json(json& j, const IdleCheck& x) {
    j = written(x, idle_check_fields);
}
void read(const json& v, IdleCheck& x, const std::string& path) {
    read_into(v, x, path, idle_check_fields);
}

void to_json(json& j, const Score& x) {
    j = written(x, score_fields);
}
void read(const json& v, Score& x, const std::string& path) {
    read_into(v, x, path, score_fields);
}

void to_json(json& j, const Phase& x) {
    j = written(x, phase_fields);
    // Written with the engine's record of the phase ("flags"), as null when empty; otherwise
    // only when set.
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
}
void read(const json& v, Phase& x, const std::string& path) {
    read_into(v, x, path, [](ObjectReader& r, Phase& phase) {
        phase_fields(r, phase);
        r.optional("target_cpu_util", phase.target_cpu_util);
        r.optional("achieved_cpu_util", phase.achieved_cpu_util);
        r.optional("achieved_total_cpu_util", phase.achieved_total_cpu_util);
        r.optional("warmup_achieved_s", phase.warmup_achieved_s);
        r.optional("warmup_end", phase.warmup_end);
        r.optional("score", phase.score);
    });
}

void to_json(json& j, const ProfileCopy& x) {
    j = written(x, profile_copy_fields);
}
void read(const json& v, ProfileCopy& x, const std::string& path) {
    read_into(v, x, path, profile_copy_fields);
}

void to_json(json& j, const Manifest& m) {
    j = written(m, manifest_fields);
}

void from_json(const json& j, Manifest& m) {
    m = Manifest{};
    read_into(j, m, "", manifest_fields);
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
