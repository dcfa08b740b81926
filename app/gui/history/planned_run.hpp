#pragma once

#include <string>
#include <variant>
#include <vector>

#include "app/core/profile/overrides.hpp"
#include "app/core/profile/profile.hpp"
#include "app/core/record/catalog.hpp"
#include "app/gui/history/phase_plan.hpp"
#include "drivers/api/registry.hpp"

namespace wattbench::gui::history {

// A profile as the window shows it before Start: the profile with the command line's overrides
// applied, the channels every device will have, and the ladder's phases.
struct PlannedRun {
    core::profile::Profile profile;
    core::record::Catalog catalog;
    std::vector<PhasePlan> plan;
};

// Loads the profile at `path` for this machine; an error names the file and line.
std::variant<PlannedRun, std::string> plan_run(const std::string& path,
                                               const core::profile::Overrides& overrides,
                                               const drivers::api::Registry& registry);

// A catalog before the run: every driver lists its channels without touching the instrument,
// so the devices panel and the chart legends are complete before Start.
core::record::Catalog planned_catalog(const core::profile::Profile& profile,
                                      const drivers::api::Registry& registry);

}  // namespace wattbench::gui::history
