#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "app/core/profile/profile.hpp"

namespace wattbench::core::workload {

// The Debian packages the recipe phases of a profile need, each once, in first-use order.
std::vector<std::string> recipe_packages(const std::vector<profile::PhaseSettings>& phases);

// Which of `packages` dpkg does not have installed, asked through `dpkg-query` on PATH; an
// error message when dpkg-query cannot be run (not a Debian system).
std::variant<std::vector<std::string>, std::string> missing_packages(
    const std::vector<std::string>& packages);

// The command that installs `packages`: what the error shows and --install runs, with sudo in
// front when this process is not root.
std::vector<std::string> install_command(const std::vector<std::string>& packages);

// Runs install_command (apt-get from PATH, DEBIAN_FRONTEND=noninteractive) with this terminal
// as its stdin/stdout/stderr; an error message when it could not run or failed.
std::optional<std::string> install_packages(const std::vector<std::string>& packages);

}  // namespace wattbench::core::workload
