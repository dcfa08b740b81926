#pragma once

#include <functional>
#include <optional>
#include <string>

#include "app/core/record/catalog.hpp"
#include "app/core/rundir/manifest.hpp"
#include "app/gui/history/run_history.hpp"

namespace wattbench::gui::history {

// The run's devices and channels as manifest.json lists them (the engine's catalog, written
// out), with phase names from its phase list.
core::record::Catalog catalog_from_manifest(const core::rundir::Manifest& manifest);

// Streams RUN/samples.csv into `history`, whose catalog must already be set (channels the
// catalog lacks are added on the way). Phase bands are rebuilt from the phase and stage
// columns. `each` sees every row after it is added. Errors name file and line.
std::optional<std::string> read_samples_csv(
    const std::string& path, RunHistory& history,
    const std::function<void(const LiveSample&)>& each = {});

}  // namespace wattbench::gui::history
