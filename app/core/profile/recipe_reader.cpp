#include "app/core/profile/recipe_reader.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string_view>

#include <fmt/format.h>

#include "app/core/profile/load_failure.hpp"
#include "app/core/profile/toml_document.hpp"
#include "app/core/profile/toml_option.hpp"
#include "app/core/profile/toml_table.hpp"
#include "app/core/profile/toml_value_text.hpp"

namespace wattbench::core::profile {

namespace fs = std::filesystem;

namespace {

constexpr std::array<std::string_view, 3> recipe_keys{"summary", "score", "options"};
constexpr std::array<std::string_view, 3> score_keys{"regex", "unit", "what"};
constexpr std::array<std::string_view, 4> option_keys{"default", "help", "min", "max"};

std::string read_text(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// One package a line; `#` starts a comment, and only the first word counts (the rest says why).
std::vector<std::string> read_packages(const fs::path& path) {
    std::vector<std::string> out;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        line = line.substr(0, line.find('#'));
        std::istringstream words(line);
        std::string name;
        if (words >> name) {
            out.push_back(name);
        }
    }
    return out;
}

void read_score(const TomlTable& root, RecipeSpec& spec) {
    const toml::value* v = root.find("score");
    if (!v) {
        root.fail_table(
            "missing required key 'score' (score = { regex = \"...\", unit = \"...\" })");
    }
    if (!v->is_table()) {
        root.fail("score",
                  "expected { regex = \"...\", unit = \"...\" }, got " + describe_value(*v));
    }
    const TomlTable score(*v, root.location().file, "score");
    score.reject_unknown(score_keys);
    spec.score_regex = score.required_string("regex");
    spec.score_unit = score.required_string("unit");
    spec.score_what = score.string("what").value_or("");
    try {
        std::regex check(spec.score_regex, std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
        score.fail("regex", fmt::format("not a valid regular expression: {}", e.what()));
    }
}

void read_options(const TomlTable& root, RecipeSpec& spec) {
    const toml::value* v = root.find("options");
    if (!v) {
        return;
    }
    if (!v->is_table()) {
        root.fail("options", "expected a table of options, got " + describe_value(*v));
    }
    const TomlTable options(*v, root.location().file, "options");
    for (const std::string& name : options.keys()) {
        const toml::value& entry = *options.find(name);
        if (!entry.is_table()) {
            options.fail(
                name, "expected { default = ..., help = \"...\" }, got " + describe_value(entry));
        }
        const TomlTable option(entry, root.location().file, options.key_path(name));
        option.reject_unknown(option_keys);
        const toml::value* d = option.find("default");
        if (!d) {
            option.fail_table("missing required key 'default' (its type is the option's)");
        }
        auto value = to_option_value(*d);
        if (!value || !(d->is_boolean() || d->is_integer() || d->is_floating() || d->is_string())) {
            option.fail("default",
                        "expected a boolean, number or string, got " + describe_value(*d));
        }
        RecipeOption o{name, std::move(*value), option.string("help").value_or(""), {}, {}};
        for (const char* bound : {"min", "max"}) {
            const toml::value* b = option.find(bound);
            if (!b) {
                continue;
            }
            if (!(d->is_integer() || d->is_floating()) || !(b->is_integer() || b->is_floating())) {
                option.fail(bound,
                            "bounds are numbers, and only for an option whose default is one");
            }
            (std::string_view(bound) == "min" ? o.min : o.max) =
                b->is_integer() ? static_cast<double>(b->as_integer()) : b->as_floating();
        }
        spec.options.push_back(std::move(o));
    }
}

void check_scripts(const fs::path& dir, const std::string& file) {
    for (const char* script : {"setup", "run", "teardown"}) {
        const fs::path p = dir / script;
        if (::access(p.c_str(), X_OK) != 0) {
            throw LoadFailure(
                ProfileError{{file, 0, 0},
                             "",
                             fmt::format("the recipe needs an executable '{}' script", script)});
        }
    }
}

}  // namespace

std::variant<RecipeSpec, ProfileError> read_recipe(const std::string& dir) {
    std::error_code ec;
    const fs::path folder = fs::absolute(dir, ec);
    const std::string file = (folder / "recipe.toml").string();
    if (!fs::is_regular_file(file, ec)) {
        return ProfileError{{file, 0, 0}, "", "no such recipe file"};
    }
    auto parsed = parse_toml_document(read_text(file), file);
    if (auto* err = std::get_if<ProfileError>(&parsed)) {
        return *err;
    }
    try {
        const TomlTable root(std::get<toml::value>(parsed), file, "");
        root.reject_unknown(recipe_keys);
        RecipeSpec spec;
        spec.name = folder.filename().string();
        spec.dir = folder.string();
        spec.summary = root.required_string("summary");
        read_score(root, spec);
        read_options(root, spec);
        spec.packages = read_packages(folder / "debian-packages");
        check_scripts(folder, file);
        return spec;
    } catch (const LoadFailure& failure) {
        return failure.error;
    } catch (const toml::exception& e) {
        return ProfileError{{file, e.location().line(), e.location().column()}, "", "invalid TOML"};
    }
}

std::string find_recipe_dir(const std::string& name, const std::vector<std::string>& dirs) {
    // A name is one folder: no path separators, no way out of the search path.
    if (name.empty() || name.find('/') != std::string::npos || name == "." || name == "..") {
        return {};
    }
    std::error_code ec;
    for (const auto& d : dirs) {
        const fs::path candidate = fs::path(d) / name;
        if (fs::is_regular_file(candidate / "recipe.toml", ec)) {
            return candidate.string();
        }
    }
    return {};
}

std::vector<std::string> recipe_names(const std::vector<std::string>& dirs) {
    std::set<std::string> names;
    std::error_code ec;
    for (const auto& d : dirs) {
        for (const auto& entry : fs::directory_iterator(d, ec)) {
            if (fs::is_regular_file(entry.path() / "recipe.toml", ec)) {
                names.insert(entry.path().filename().string());
            }
        }
    }
    return {names.begin(), names.end()};
}

}  // namespace wattbench::core::profile
