#pragma once

#include <string>
#include <variant>
#include <vector>

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::modules {

// Where the module NAME.so is looked for, in order: $WATTBENCH_DRIVER_DIR alone when it is
// set; the build tree's drivers/modules when the program runs from the build tree; then
// lib/<triplet>/wattbench/drivers beside the program's own prefix (/usr/bin/wattbench →
// /usr/lib/<triplet>/wattbench/drivers), so one build serves /usr and /usr/local alike.
std::vector<std::string> module_candidates(const std::string& name);

// The drivers of module NAME, or why it cannot be used (not found: every place looked at;
// dlopen's error; another build's module). A loaded module stays loaded.
std::variant<std::vector<api::DriverInfo>, std::string> load_module(const std::string& name);

}  // namespace wattbench::drivers::modules
