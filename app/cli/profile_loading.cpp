#include "app/cli/profile_loading.hpp"

#include <cstdio>

#include <fmt/format.h>

#include "app/core/host/host_facts.hpp"
#include "app/core/profile/loader.hpp"
#include "drivers/builtin_registry.hpp"

namespace wattbench::cli {

std::optional<core::profile::Profile> load_profile_for_cli(const std::string& path,
                                                           bool phases_required) {
    core::profile::LoadContext ctx;
    ctx.phases_required = phases_required;
    ctx.registry = &drivers::builtin_registry();
    ctx.logical_cpus = core::host::read_host_facts().logical_cpus;
    auto loaded = core::profile::load_profile_file(path, ctx);
    if (auto* err = std::get_if<core::profile::ProfileError>(&loaded)) {
        fmt::print(stderr, "wattbench: {}\n", err->to_string());
        return std::nullopt;
    }
    auto profile = std::move(std::get<core::profile::Profile>(loaded));
    for (const auto& w : profile.warnings) {
        fmt::print(stderr, "wattbench: warning: {}\n", w);
    }
    return profile;
}

}  // namespace wattbench::cli
