#include "app/gui/history/planned_run.hpp"

#include <chrono>

#include "app/core/host/host_facts.hpp"
#include "app/core/profile/loader.hpp"

namespace wattbench::gui::history {

namespace {

double seconds(std::chrono::nanoseconds d) {
    return std::chrono::duration<double>(d).count();
}

}  // namespace

core::record::Catalog planned_catalog(const core::profile::Profile& profile,
                                      const drivers::api::Registry& registry) {
    core::record::Catalog catalog;
    for (const auto& d : profile.devices) {
        core::record::DeviceChannels dc;
        dc.device_id = d.id;
        dc.driver = d.driver;
        dc.interval = d.interval;
        drivers::api::DeviceConfig cfg{d.id, d.driver, d.connection, d.options};
        auto made = registry.create(cfg);
        if (auto* dev = std::get_if<std::unique_ptr<drivers::api::Device>>(&made)) {
            dc.channels = (*dev)->channels();
        }
        catalog.devices.push_back(std::move(dc));
    }
    for (const auto& p : profile.phases) {
        catalog.phase_names.push_back(p.name);
        catalog.phase_loads.emplace_back(core::profile::to_string(p.load));
    }
    return catalog;
}

std::variant<PlannedRun, std::string> plan_run(const std::string& path,
                                               const core::profile::Overrides& overrides,
                                               const drivers::api::Registry& registry) {
    core::profile::LoadContext ctx;
    ctx.registry = &registry;
    ctx.logical_cpus = core::host::read_host_facts().logical_cpus;
    auto loaded = core::profile::load_profile_file(path, ctx);
    if (auto* err = std::get_if<core::profile::ProfileError>(&loaded)) {
        return err->to_string();
    }
    PlannedRun out;
    out.profile = std::move(std::get<core::profile::Profile>(loaded));
    if (auto err = core::profile::apply_overrides(out.profile, overrides)) {
        return std::move(*err);
    }
    out.catalog = planned_catalog(out.profile, registry);
    for (const auto& p : out.profile.phases) {
        out.plan.push_back({p.name, std::string(core::profile::to_string(p.load)),
                            seconds(p.warmup), seconds(p.window)});
    }
    return out;
}

}  // namespace wattbench::gui::history
