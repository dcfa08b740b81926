#pragma once

#include <optional>
#include <string>
#include <vector>

#include "drivers/api/options.hpp"

namespace wattbench::core::profile {

// One option a recipe takes as a key of its phase; the default fixes its type (bool, integer,
// float or string), and a phase's value must have the same type.
struct RecipeOption {
    std::string name;
    drivers::api::OptionValue default_value;
    std::string help;
    // Numbers only: the values a phase may give, both ends included.
    std::optional<double> min;
    std::optional<double> max;
};

// A ready-made workload, workloads/<name>/: setup, run and teardown scripts, the Debian packages
// it needs (debian-packages, the list scripts/install-deps.sh reads too) and recipe.toml with
// what it scores and the options it takes.
struct RecipeSpec {
    std::string name;  // the folder's name
    std::string dir;   // absolute
    std::string summary;
    std::string score_regex;
    std::string score_unit;
    std::string score_what;  // what the number is, in words
    std::vector<RecipeOption> options;
    std::vector<std::string> packages;
};

}  // namespace wattbench::core::profile
