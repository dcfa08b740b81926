#include "app/core/profile/recipe_phase_reader.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include <fmt/format.h>

#include "app/core/profile/closest_key.hpp"
#include "app/core/profile/load_failure.hpp"
#include "app/core/profile/printable.hpp"
#include "app/core/profile/recipe_reader.hpp"
#include "app/core/profile/recipe_search.hpp"
#include "app/core/profile/toml_option.hpp"
#include "app/core/profile/toml_value_text.hpp"

namespace wattbench::core::profile {

namespace {

constexpr std::array<std::string_view, 6> recipe_owned_keys{"command", "setup", "teardown",
                                                            "shell",   "cwd",   "score"};

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) {
        out += (out.empty() ? "" : ", ") + n;
    }
    return out.empty() ? "none" : out;
}

const char* type_name(const drivers::api::OptionValue& v) {
    if (std::holds_alternative<bool>(v)) {
        return "true or false";
    }
    if (std::holds_alternative<std::int64_t>(v)) {
        return "an integer";
    }
    if (std::holds_alternative<double>(v)) {
        return "a number";
    }
    return "a string";
}

drivers::api::OptionValue read_option(const TomlTable& table, const RecipeOption& option,
                                      const RecipeSpec& recipe) {
    const toml::value& v = *table.find(option.name);
    const auto& d = option.default_value;
    const bool fits = (std::holds_alternative<bool>(d) && v.is_boolean()) ||
                      (std::holds_alternative<std::int64_t>(d) && v.is_integer()) ||
                      (std::holds_alternative<double>(d) && (v.is_floating() || v.is_integer())) ||
                      (std::holds_alternative<std::string>(d) && v.is_string());
    if (!fits) {
        table.fail(option.name, fmt::format("recipe '{}' takes {} here, got {}", recipe.name,
                                            type_name(d), describe_value(v)));
    }
    drivers::api::OptionValue value = *to_option_value(v);
    if (std::holds_alternative<double>(d) && v.is_integer()) {
        value = static_cast<double>(v.as_integer());
    }
    if (v.is_integer() || v.is_floating()) {
        const double n = v.is_integer() ? static_cast<double>(v.as_integer()) : v.as_floating();
        if ((option.min && n < *option.min) || (option.max && n > *option.max)) {
            table.fail(option.name, fmt::format("{} is outside {} … {}", inline_text(v),
                                                option.min ? fmt::format("{}", *option.min) : "",
                                                option.max ? fmt::format("{}", *option.max) : ""));
        }
    }
    return value;
}

std::string env_name(const std::string& option) {
    std::string out = "WORKLOAD_";
    for (char c : option) {
        out += std::isalnum(static_cast<unsigned char>(c))
                   ? static_cast<char>(std::toupper(static_cast<unsigned char>(c)))
                   : '_';
    }
    return out;
}

}  // namespace

std::string recipe_option_text(const drivers::api::OptionValue& v) {
    if (const auto* b = std::get_if<bool>(&v)) {
        return *b ? "true" : "false";
    }
    if (const auto* i = std::get_if<std::int64_t>(&v)) {
        return std::to_string(*i);
    }
    if (const auto* d = std::get_if<double>(&v)) {
        return fmt::format("{}", *d);
    }
    if (const auto* s = std::get_if<std::string>(&v)) {
        return *s;
    }
    return {};
}

std::optional<RecipeSpec> find_phase_recipe(const TomlTable& table, const LoadContext& ctx) {
    if (!table.has("recipe")) {
        return std::nullopt;
    }
    const std::string name = table.required_string("recipe");
    const std::vector<std::string> dirs =
        ctx.recipe_dirs ? *ctx.recipe_dirs : recipe_search_path(table.location().file);
    const std::string dir = find_recipe_dir(name, dirs);
    if (dir.empty()) {
        const auto names = recipe_names(dirs);
        std::vector<std::string_view> known(names.begin(), names.end());
        std::string message =
            fmt::format("unknown recipe '{}' (recipes: {}; `wattbench workload list` shows them)",
                        printable(name), joined(names));
        if (auto near = closest_key(name, known)) {
            message += fmt::format("; did you mean '{}'?", *near);
        }
        table.fail("recipe", std::move(message));
    }
    auto read = read_recipe(dir);
    if (auto* err = std::get_if<ProfileError>(&read)) {
        throw LoadFailure(*err);
    }
    return std::get<RecipeSpec>(std::move(read));
}

void read_recipe_phase(const TomlTable& table, const RecipeSpec& recipe, PhaseSettings& phase) {
    for (const auto key : recipe_owned_keys) {
        if (table.has(std::string(key))) {
            table.fail(std::string(key), fmt::format("set by recipe '{}' ({}); a recipe phase "
                                                     "takes only the recipe's options, env and "
                                                     "on_exit",
                                                     recipe.name, recipe.dir));
        }
    }
    auto& c = phase.command_settings;
    phase.command = {recipe.dir + "/run"};
    c.setup = {recipe.dir + "/setup"};
    c.teardown = {recipe.dir + "/teardown"};
    c.score_regex = recipe.score_regex;
    c.score_unit = recipe.score_unit;
    // A recipe's client runs until the phase ends; when it stops on its own, something broke.
    c.on_exit = OnExit::fail;
    for (const RecipeOption& option : recipe.options) {
        drivers::api::OptionValue value =
            table.has(option.name) ? read_option(table, option, recipe) : option.default_value;
        c.env[env_name(option.name)] = recipe_option_text(value);
        phase.recipe_options[option.name] = std::move(value);
    }
    phase.recipe = recipe;
}

}  // namespace wattbench::core::profile
