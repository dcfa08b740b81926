#include "app/core/profile/loader.hpp"

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <string_view>

#include <fmt/format.h>
#include <toml.hpp>

#include "app/core/profile/device_reader.hpp"
#include "app/core/profile/load_failure.hpp"
#include "app/core/profile/phase_reader.hpp"
#include "app/core/profile/printable.hpp"
#include "app/core/profile/run_reader.hpp"
#include "app/core/profile/target_reader.hpp"
#include "app/core/profile/toml_document.hpp"
#include "app/core/profile/toml_table.hpp"
#include "app/core/profile/toml_value_text.hpp"
#include "app/core/profile/validity_reader.hpp"
#include "app/core/profile/warmup_reader.hpp"

namespace wattbench::core::profile {

namespace {

constexpr std::array<std::string_view, 5> top_level_keys{"run", "target", "device", "phase",
                                                         "validity"};

// Far beyond any real profile, yet small enough for run directories that hold one row per phase.
constexpr std::size_t max_phases = 10000;
// A profile is a page of text; this only stops `validate /dev/zero` from eating the memory.
constexpr std::size_t max_file_bytes = std::size_t{4} << 20;

[[noreturn]] void fail(SourceLocation location, std::string key, std::string message) {
    throw LoadFailure(ProfileError{std::move(location), std::move(key), std::move(message)});
}

// [[device]] and [[phase]] are arrays of tables; a single [device] table is a common slip.
const toml::array& array_of_tables(const TomlTable& root, const std::string& key) {
    const toml::value& v = *root.find(key);
    if (!v.is_array()) {
        root.fail(key, fmt::format("expected [[{}]] tables, got {}", key, describe_value(v)));
    }
    for (const auto& item : v.as_array()) {
        if (!item.is_table()) {
            root.fail_at(key, item,
                         fmt::format("expected [[{}]] tables, got {}", key, describe_value(item)));
        }
    }
    return v.as_array();
}

Profile read_profile(const toml::value& root_value, const std::string& file,
                     const LoadContext& ctx) {
    const TomlTable root(root_value, file, "");
    root.reject_unknown(top_level_keys);

    Profile profile;
    const toml::value* run = root.find("run");
    if (!run) {
        fail({file, 0, 0}, "run", "missing [run] table (it needs at least name = \"…\")");
    }
    if (!run->is_table()) {
        root.fail("run", "expected a [run] table, got " + describe_value(*run));
    }
    profile.run = read_run(TomlTable(*run, file, "run"));
    if (const toml::value* target = root.find("target")) {
        if (!target->is_table()) {
            root.fail("target", "expected a [target] table, got " + describe_value(*target));
        }
        profile.target = read_target(TomlTable(*target, file, "target"));
    }

    if (root.has("device")) {
        const auto& tables = array_of_tables(root, "device");
        std::map<std::string, SourceLocation> first_seen;
        for (std::size_t i = 0; i < tables.size(); ++i) {
            const TomlTable table(tables[i], file, fmt::format("device[{}]", i + 1));
            DeviceSettings device = read_device(table, profile.run, ctx);
            const auto [it, fresh] = first_seen.emplace(device.id, table.location("id"));
            if (!fresh) {
                table.fail("id", fmt::format("duplicate device id '{}' (first at {}:{})", device.id,
                                             it->second.file, it->second.line));
            }
            profile.devices.push_back(std::move(device));
        }
    }

    if (root.has("phase")) {
        const auto& tables = array_of_tables(root, "phase");
        std::map<std::string, std::size_t> table_of_name;
        for (std::size_t i = 0; i < tables.size(); ++i) {
            const TomlTable table(tables[i], file, fmt::format("phase[{}]", i + 1));
            for (PhaseSettings& phase : read_phase(table, profile.run, ctx, profile.warnings)) {
                const auto [it, fresh] = table_of_name.emplace(phase.name, i + 1);
                if (!fresh) {
                    table.fail("name", fmt::format("duplicate phase name '{}' (phase[{}] and "
                                                   "phase[{}])",
                                                   phase.name, it->second, i + 1));
                }
                profile.phases.push_back(std::move(phase));
            }
            if (profile.phases.size() > max_phases) {
                table.fail_table(
                    fmt::format("the profile expands to more than {} phases", max_phases));
            }
        }
    }
    if (profile.phases.empty() && ctx.phases_required) {
        fail({file, 0, 0}, "", "the profile has no [[phase]]");
    }
    check_warmup_devices(profile, ctx.registry);
    profile.validity.max_uncertainty = profile.run.uncertainty_limit;
    if (const toml::value* validity = root.find("validity")) {
        if (!validity->is_table()) {
            root.fail("validity", "expected a [validity] table, got " + describe_value(*validity));
        }
        profile.validity = read_validity(TomlTable(*validity, file, "validity"), profile.run);
    }
    check_validity_ambient(profile, ctx.registry);
    return profile;
}

}  // namespace

std::variant<Profile, ProfileError> load_profile_text(const std::string& text,
                                                      const std::string& file_name,
                                                      const LoadContext& ctx) {
    auto parsed = parse_toml_document(text, file_name);
    if (auto* err = std::get_if<ProfileError>(&parsed)) {
        return *err;
    }
    try {
        Profile profile = read_profile(std::get<toml::value>(parsed), file_name, ctx);
        profile.path = file_name;
        profile.text = text;
        return profile;
    } catch (const LoadFailure& failure) {
        return failure.error;
    } catch (const toml::exception& e) {
        // An accessor's type error on a value the readers did not expect.
        return ProfileError{
            {file_name, e.location().line(), e.location().column()}, "", "invalid TOML"};
    }
}

std::variant<Profile, ProfileError> load_profile_file(const std::string& path,
                                                      const LoadContext& ctx) {
    const auto unreadable = [&](int err) {
        return ProfileError{
            {path, 0, 0}, "", fmt::format("cannot read the profile: {}", std::strerror(err))};
    };
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                         &std::fclose);
    if (!file) {
        return unreadable(errno);
    }
    std::string text;
    std::array<char, 65536> buffer;
    for (;;) {
        const std::size_t n = std::fread(buffer.data(), 1, buffer.size(), file.get());
        text.append(buffer.data(), n);
        if (text.size() > max_file_bytes) {
            return ProfileError{{path, 0, 0},
                                "",
                                fmt::format("the profile is larger than {} MiB; is it the right "
                                            "file?",
                                            max_file_bytes >> 20)};
        }
        if (n < buffer.size()) {
            break;
        }
    }
    if (std::ferror(file.get())) {
        return unreadable(errno);
    }
    return load_profile_text(text, path, ctx);
}

}  // namespace wattbench::core::profile
