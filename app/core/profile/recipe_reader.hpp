#pragma once

#include <string>
#include <variant>
#include <vector>

#include "app/core/profile/profile_error.hpp"
#include "app/core/profile/recipe_spec.hpp"

namespace wattbench::core::profile {

// Reads the recipe in `dir` (recipe.toml, debian-packages, the three scripts); errors are
// located in the recipe's own files.
std::variant<RecipeSpec, ProfileError> read_recipe(const std::string& dir);

// The folder of recipe `name` in the first of `dirs` that has one; empty when none has.
std::string find_recipe_dir(const std::string& name, const std::vector<std::string>& dirs);

// The recipes in `dirs`, by name, the first folder winning for a name found twice.
std::vector<std::string> recipe_names(const std::vector<std::string>& dirs);

}  // namespace wattbench::core::profile
