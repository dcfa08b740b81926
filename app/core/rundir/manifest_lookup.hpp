#pragma once

#include <string_view>

#include "app/core/rundir/manifest.hpp"

namespace wattbench::core::rundir {

// The manifest's entries by name, or nullptr when it lists none: an interrupted or older run
// may lack them, and a report must still come out.
const Device* find_device(const Manifest& manifest, std::string_view id);
const Channel* find_channel(const Device& device, std::string_view name);
const Channel* find_channel(const Manifest& manifest, std::string_view device,
                            std::string_view channel);
const Phase* find_phase(const Manifest& manifest, std::string_view name);

// A phase's flag list as recorded; empty when it has none.
bool has_flag(const Phase& phase, std::string_view flag);

}  // namespace wattbench::core::rundir
