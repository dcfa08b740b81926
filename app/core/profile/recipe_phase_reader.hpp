#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/profile/load_context.hpp"
#include "app/core/profile/profile.hpp"
#include "app/core/profile/toml_table.hpp"

namespace wattbench::core::profile {

// The recipe a [[phase]] names with `recipe = "NAME"`, looked up in ctx.recipe_dirs (or the
// profile's recipe_search_path); nullopt without the key. An unknown name fails at the key with
// the recipes there are, a broken recipe with its own file's location.
std::optional<RecipeSpec> find_phase_recipe(const TomlTable& table, const LoadContext& ctx);

// A recipe phase's command, setup, teardown, score and options: the recipe's scripts with its
// options (the phase's keys over the recipe's defaults) in their environment as
// WORKLOAD_<NAME>. Keys the recipe sets itself (command, setup, teardown, shell, cwd, score)
// are refused; env and on_exit (default "fail") are the phase's.
void read_recipe_phase(const TomlTable& table, const RecipeSpec& recipe, PhaseSettings& phase);

// WORKLOAD_<NAME>'s value: what a shell script compares and prints.
std::string recipe_option_text(const drivers::api::OptionValue& v);

}  // namespace wattbench::core::profile
