#include "app/core/load/load_factory.hpp"

#include <fmt/format.h>

#include <cctype>
#include <chrono>
#include <filesystem>
#include "app/core/load/byte_size.hpp"

#include "app/core/load/command_load.hpp"
#include "app/core/load/cpu_load.hpp"
#include "app/core/load/cpu_placement.hpp"
#include "app/core/load/disk_load.hpp"
#include "app/core/load/idle_load.hpp"
#include "app/core/load/remote_command.hpp"
#include "app/core/load/remote_load.hpp"
#include "app/core/remote/remote_load_line.hpp"

namespace wattbench::core::load {

namespace {

using Made = std::variant<std::unique_ptr<Load>, std::string>;

std::string located(const profile::PhaseSettings& phase, const std::string& key,
                    const std::string& message) {
    const auto it = phase.key_locations.find(key);
    const auto& where = it != phase.key_locations.end() ? it->second : phase.location;
    return fmt::format("{}:{}: phase '{}': {}: {}", where.file, where.line, phase.name, key,
                       message);
}

const drivers::api::OptionValue* option(const profile::PhaseSettings& phase,
                                        const std::string& key) {
    const auto it = phase.load_options.find(key);
    return it == phase.load_options.end() ? nullptr : &it->second;
}

std::variant<std::uint64_t, std::string> size_option(const profile::PhaseSettings& phase,
                                                     const std::string& key,
                                                     std::uint64_t fallback) {
    const auto* v = option(phase, key);
    if (!v) {
        return fallback;
    }
    if (const auto* i = std::get_if<std::int64_t>(v); i && *i > 0) {
        return static_cast<std::uint64_t>(*i);
    }
    if (const auto* s = std::get_if<std::string>(v)) {
        if (auto bytes = parse_byte_size(*s); bytes && *bytes > 0) {
            return *bytes;
        }
    }
    return located(phase, key, "expected a size such as \"1GiB\", \"512MiB\" or a byte count");
}

std::variant<DiskLoadSettings, std::string> disk_settings(const profile::PhaseSettings& phase,
                                                          std::string default_path) {
    DiskLoadSettings s;
    s.path = std::move(default_path);
    if (const auto* v = option(phase, "path")) {
        const auto* p = std::get_if<std::string>(v);
        if (!p || p->empty()) {
            return located(phase, "path", "expected a folder name");
        }
        s.path = *p;
    }
    auto size = size_option(phase, "file_size", s.file_size);
    if (auto* err = std::get_if<std::string>(&size)) {
        return *err;
    }
    s.file_size = std::get<std::uint64_t>(size);
    auto space = size_option(phase, "max_space", 0);
    if (auto* err = std::get_if<std::string>(&space)) {
        return *err;
    }
    s.max_space = std::get<std::uint64_t>(space);
    if (const auto* v = option(phase, "sync")) {
        const auto* m = std::get_if<std::string>(v);
        if (m && *m == "fsync") {
            s.sync = DiskSync::fsync;
        } else if (m && *m == "direct") {
            s.sync = DiskSync::direct;
        } else if (m && *m == "none") {
            s.sync = DiskSync::none;
        } else {
            return located(phase, "sync", "expected \"fsync\", \"direct\" or \"none\"");
        }
    }
    if (s.max_space && s.file_size > s.max_space) {
        return located(phase, "file_size", "is larger than max_space");
    }
    return s;
}

Made make_disk_load(const profile::PhaseSettings& phase, const LoadEnvironment& env) {
    auto s = disk_settings(
        phase, (env.run_dir.empty() ? std::string(".") : env.run_dir) + "/wattbench-disk");
    if (auto* err = std::get_if<std::string>(&s)) {
        return *err;
    }
    return std::make_unique<DiskLoad>(std::get<DiskLoadSettings>(std::move(s)), env.disk_bytes);
}

// With neither a topology nor allowed CPUs, place_workers pins nothing: the workers float.
CpuLoadSettings cpu_settings(const profile::PhaseSettings& phase, const LoadEnvironment& env) {
    CpuLoadSettings s;
    s.workers = phase.workers;
    s.intensity = phase.intensity;
    s.kernel = phase.kernel;
    s.cpus = place_workers(env.topology, phase.workers, phase.placement, env.allowed_cpus);
    return s;
}

// On a remote target the same load classes run there under `wattbench load`; idle needs
// nothing running, since the target's utilisation is watched for the whole run anyway.
Made make_remote_load(const profile::PhaseSettings& phase, const LoadEnvironment& env) {
    RemoteLoadSettings r;
    switch (phase.load) {
        case profile::LoadKind::idle:
            return std::make_unique<IdleLoad>();
        case profile::LoadKind::cpu: {
            CpuLoadSettings s = cpu_settings(phase, env);
            r.args = {"cpu",
                      "--workers",
                      fmt::format("{}", s.workers),
                      "--intensity",
                      fmt::format("{}", s.intensity),
                      "--kernel",
                      std::string(profile::to_string(s.kernel))};
            if (!s.cpus.empty()) {
                r.args.insert(r.args.end(), {"--cpus", remote::format_cpu_list(s.cpus)});
            }
            r.cpus = s.cpus;
            r.description = CpuLoad(std::move(s)).describe();
            return std::make_unique<RemoteLoad>(env.remote, std::move(r), nullptr);
        }
        case profile::LoadKind::disk: {
            // Relative to the ssh user's home directory there: the run directory is here.
            auto made = disk_settings(phase, "wattbench-disk");
            if (auto* err = std::get_if<std::string>(&made)) {
                return *err;
            }
            const auto& s = std::get<DiskLoadSettings>(made);
            r.args = {"disk",
                      "--path",
                      s.path,
                      "--file-size",
                      fmt::format("{}", s.file_size),
                      "--sync",
                      s.sync == DiskSync::direct ? "direct"
                      : s.sync == DiskSync::none ? "none"
                                                 : "fsync",
                      "--interval",
                      "500ms"};
            if (s.max_space) {
                r.args.insert(r.args.end(), {"--max-space", fmt::format("{}", s.max_space)});
            }
            r.description = DiskLoad(s).describe();
            return std::make_unique<RemoteLoad>(env.remote, std::move(r), env.disk_bytes);
        }
        case profile::LoadKind::command:
            break;
    }
    return located(phase, "load", "cannot run on a remote [target]");
}

std::string whole_seconds(profile::Duration d) {
    return std::to_string(std::chrono::ceil<std::chrono::seconds>(d).count());
}

// A recipe's scripts learn where their phase keeps its files and how long it lasts, so a
// client can run in segments that end inside the window.
void add_recipe_settings(const profile::PhaseSettings& phase, const std::string& work_dir,
                         CommandLoadSettings& s) {
    std::error_code ec;
    const std::string work = std::filesystem::absolute(work_dir, ec).lexically_normal().string();
    s.work_dir = work;
    s.recipe = phase.recipe->name;
    s.options.cwd = work;
    s.options.env["WATTBENCH_PHASE"] = phase.name;
    s.options.env["WATTBENCH_PHASE_DIR"] = work;
    s.options.env["WATTBENCH_RECIPE_DIR"] = phase.recipe->dir;
    s.options.env["WATTBENCH_WARMUP_S"] = whole_seconds(phase.warmup);
    s.options.env["WATTBENCH_WINDOW_S"] = whole_seconds(phase.window);
}

}  // namespace

std::variant<std::unique_ptr<Load>, std::string> make_load(const profile::PhaseSettings& phase,
                                                           const LoadEnvironment& env) {
    if (env.remote && phase.load != profile::LoadKind::command) {
        return make_remote_load(phase, env);
    }
    switch (phase.load) {
        case profile::LoadKind::idle:
            return std::make_unique<IdleLoad>();
        case profile::LoadKind::cpu:
            return std::make_unique<CpuLoad>(cpu_settings(phase, env));
        case profile::LoadKind::disk:
            return make_disk_load(phase, env);
        case profile::LoadKind::command: {
            CommandLoadSettings s;
            s.command = phase.command;
            s.options = phase.command_settings;
            std::string safe;
            for (char c : phase.name) {
                safe += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ||
                         c == '.')
                            ? c
                            : '_';
            }
            const std::string run_dir = env.run_dir.empty() ? std::string(".") : env.run_dir;
            s.log_path = run_dir + "/logs/" + safe + ".log";
            if (phase.recipe) {
                if (env.remote) {
                    return located(phase, "recipe",
                                   "recipes run their servers on this machine; a [target] run "
                                   "cannot use one");
                }
                add_recipe_settings(phase, run_dir + "/work/" + safe, s);
            }
            if (env.remote) {
                s = remote_command_settings(std::move(s), *env.remote);
            }
            return std::make_unique<CommandLoad>(std::move(s));
        }
    }
    return fmt::format("{}:{}: phase '{}': unknown load", phase.location.file, phase.location.line,
                       phase.name);
}

}  // namespace wattbench::core::load
