#include "app/core/profile/phase_reader.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "app/core/profile/printable.hpp"
#include "app/core/profile/recipe_phase_reader.hpp"
#include "app/core/profile/toml_option.hpp"
#include "app/core/profile/toml_value_text.hpp"
#include "app/core/profile/warmup_reader.hpp"
#include "app/core/profile/worker_range.hpp"

namespace wattbench::core::profile {

namespace {

constexpr std::array<std::string_view, 4> disk_keys{"path", "file_size", "sync", "max_space"};
constexpr std::array<std::string_view, 7> command_keys{"setup", "teardown", "shell", "env",
                                                       "cwd",   "on_exit",  "score"};
constexpr std::array<std::string_view, 5> cpu_keys{"workers", "max_workers", "placement",
                                                   "intensity", "kernel"};
constexpr std::array<std::string_view, 24> phase_keys{
    "name",   "load",      "workers", "max_workers", "placement",  "intensity",
    "kernel", "warmup",    "window",  "command",     "path",       "file_size",
    "sync",   "max_space", "setup",   "teardown",    "shell",      "env",
    "cwd",    "on_exit",   "score",   "prompt",      "background", "recipe"};

constexpr std::string_view count_placeholder = "{n}";

template <std::size_t N>
bool contains(const std::array<std::string_view, N>& keys, const std::string& key) {
    return std::find(keys.begin(), keys.end(), key) != keys.end();
}

LoadKind read_load(const TomlTable& table) {
    const std::string load = table.required_string("load");
    if (auto kind = load_kind_from_string(load)) {
        return *kind;
    }
    table.fail("load",
               fmt::format("unknown load '{}' (use idle, cpu, disk or command)", printable(load)));
}

// Load-specific keys on another load are mistakes worth their own message: the key is right,
// the phase is not.
void reject_foreign_keys(const TomlTable& table, LoadKind load) {
    for (const std::string& key : table.keys()) {
        const char* needs = nullptr;
        if (contains(cpu_keys, key) && load != LoadKind::cpu) {
            needs = "cpu";
        } else if (contains(disk_keys, key) && load != LoadKind::disk) {
            needs = "disk";
        } else if ((key == "command" || key == "recipe" || contains(command_keys, key)) &&
                   load != LoadKind::command) {
            needs = "command";
        }
        if (needs) {
            table.fail(key, fmt::format("only valid with load = \"{}\" (this phase has load = "
                                        "\"{}\")",
                                        needs, to_string(load)));
        }
    }
}

void check_name(const TomlTable& table, const std::string& name) {
    for (char c : name) {
        if (c == ',' || c == '*') {
            table.fail("name", fmt::format("phase name '{}' must not contain ',' or '*' (they "
                                           "separate and match names in --only)",
                                           printable(name)));
        }
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
            table.fail("name", "phase name must not contain control characters");
        }
    }
}

struct WorkerCount {
    std::uint32_t count = 0;
    SourceLocation location;
};

std::uint32_t checked_count(const TomlTable& table, const toml::value& v) {
    if (!v.is_integer()) {
        table.fail_at("workers", v, "expected an integer, got an element " + describe_value(v));
    }
    const auto n = v.as_integer();
    if (n < 1) {
        table.fail_at("workers", v, fmt::format("must be at least 1, got {}", n));
    }
    if (n > max_workers_limit) {
        table.fail_at("workers", v,
                      fmt::format("{} is above the limit of {}", n, max_workers_limit));
    }
    return static_cast<std::uint32_t>(n);
}

std::vector<WorkerCount> read_workers(const TomlTable& table, const LoadContext& ctx) {
    const toml::value* v = table.find("workers");
    if (!v) {
        table.fail_table("missing required key 'workers' (load = \"cpu\" needs a thread count)");
    }
    const SourceLocation where = table.location("workers");
    std::vector<WorkerCount> counts;
    if (v->is_integer()) {
        counts.push_back({checked_count(table, *v), where});
    } else if (v->is_array()) {
        std::set<std::uint32_t> seen;
        for (const auto& item : v->as_array()) {
            const std::uint32_t n = checked_count(table, item);
            if (!seen.insert(n).second) {
                table.fail_at("workers", item, fmt::format("lists {} twice", n));
            }
            counts.push_back({n, table.location_of(item)});
        }
        if (counts.empty()) {
            table.fail("workers", "must list at least one count");
        }
    } else if (v->is_string()) {
        const std::string& text = v->as_string().str;
        const auto range = parse_worker_range(text, ctx.logical_cpus);
        if (!range) {
            table.fail("workers", fmt::format("invalid range '{}' (use \"A..B\" where B is a "
                                              "number or ncpu, e.g. \"1..ncpu\")",
                                              printable(text)));
        }
        if (range->first < 1) {
            table.fail("workers", fmt::format("range '{}' must start at 1 or more", text));
        }
        if (range->last < range->first) {
            table.fail("workers",
                       fmt::format("range '{}' is empty on this machine ({} logical CPUs)", text,
                                   ctx.logical_cpus));
        }
        if (range->last > max_workers_limit) {
            table.fail("workers", fmt::format("range '{}' goes above the limit of {}", text,
                                              max_workers_limit));
        }
        for (std::uint32_t n = range->first; n <= range->last; ++n) {
            counts.push_back({n, where});
        }
    } else {
        table.fail("workers",
                   "expected an integer, a list of integers or a range like "
                   "\"1..ncpu\", got " +
                       describe_value(*v));
    }

    if (auto cap = table.integer("max_workers")) {
        if (*cap < 1) {
            table.fail("max_workers", fmt::format("must be at least 1, got {}", *cap));
        }
        std::erase_if(counts, [&](const WorkerCount& w) { return w.count > *cap; });
        if (counts.empty()) {
            table.fail("max_workers",
                       fmt::format("max_workers = {} drops every entry of workers", *cap));
        }
    }
    return counts;
}

void read_cpu_keys(const TomlTable& table, PhaseSettings& phase) {
    if (auto p = table.string("placement")) {
        if (auto placement = placement_from_string(*p)) {
            phase.placement = *placement;
        } else {
            table.fail("placement",
                       fmt::format("unknown placement '{}' (use spread or pack)", printable(*p)));
        }
    }
    if (auto k = table.string("kernel")) {
        if (auto kernel = cpu_kernel_from_string(*k)) {
            phase.kernel = *kernel;
        } else {
            table.fail("kernel", fmt::format("unknown kernel '{}' (use int or fp)", printable(*k)));
        }
    }
    if (const toml::value* v = table.find("intensity")) {
        double percent = 0.0;
        if (v->is_integer()) {
            percent = static_cast<double>(v->as_integer());
        } else if (v->is_floating()) {
            percent = v->as_floating();
        } else {
            table.fail("intensity", "expected a percentage (1 to 100), got " + describe_value(*v));
        }
        if (!(percent >= 1.0 && percent <= 100.0)) {
            table.fail("intensity",
                       fmt::format("must be between 1 and 100 (percent), got {}", percent));
        }
        phase.intensity = percent;
    }
}

void read_command_keys(const TomlTable& table, PhaseSettings& phase) {
    auto& c = phase.command_settings;
    for (const char* key : {"setup", "teardown"}) {
        if (auto argv = table.string_array(key)) {
            if (argv->empty() || argv->front().empty()) {
                table.fail(key, "must start with the program to run");
            }
            (std::string(key) == "setup" ? c.setup : c.teardown) = std::move(*argv);
        }
    }
    c.shell = table.boolean("shell").value_or(false);
    c.cwd = table.string("cwd").value_or("");
    if (auto e = table.string("on_exit")) {
        if (auto on_exit = on_exit_from_string(*e)) {
            c.on_exit = *on_exit;
        } else {
            table.fail("on_exit", fmt::format("unknown on_exit '{}' (use restart, end-phase or "
                                              "fail)",
                                              printable(*e)));
        }
    }
    if (const toml::value* v = table.find("env")) {
        if (!v->is_table()) {
            table.fail("env", "expected a table of NAME = \"value\", got " + describe_value(*v));
        }
        for (const auto& [name, value] : v->as_table()) {
            if (!value.is_string()) {
                table.fail_at(
                    "env", value,
                    fmt::format("{}: expected a string, got {}", name, describe_value(value)));
            }
            c.env[name] = value.as_string().str;
        }
    }
    if (const toml::value* v = table.find("score")) {
        if (!v->is_table()) {
            table.fail("score",
                       "expected { regex = \"...\", unit = \"...\" }, got " + describe_value(*v));
        }
        const TomlTable score(*v, table.location().file, table.key_path("score"));
        static constexpr std::array<std::string_view, 2> score_keys{"regex", "unit"};
        score.reject_unknown(score_keys);
        c.score_regex = score.required_string("regex");
        c.score_unit = score.string("unit").value_or("");
        try {
            std::regex check(c.score_regex, std::regex::ECMAScript);
        } catch (const std::regex_error& e) {
            score.fail("regex", fmt::format("not a valid regular expression: {}", e.what()));
        }
    }
}

std::string replace_all(std::string text, std::string_view from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
    return text;
}

std::string oversubscription_warning(const WorkerCount& w, unsigned logical_cpus) {
    return fmt::format(
        "{}:{}: workers: {} exceeds this machine's {} logical CPU{}; the phase "
        "will oversubscribe",
        w.location.file, w.location.line, w.count, logical_cpus, logical_cpus == 1 ? "" : "s");
}

}  // namespace

std::vector<PhaseSettings> read_phase(const TomlTable& table, const RunSettings& run,
                                      const LoadContext& given,
                                      std::vector<std::string>& warnings) {
    // std::thread::hardware_concurrency() may say 0 ("unknown"); a machine has at least one CPU.
    LoadContext ctx = given;
    ctx.logical_cpus = std::max(1u, ctx.logical_cpus);
    const std::optional<RecipeSpec> recipe = find_phase_recipe(table, ctx);
    std::vector<std::string_view> known(phase_keys.begin(), phase_keys.end());
    if (recipe) {
        for (const RecipeOption& option : recipe->options) {
            if (contains(phase_keys, option.name)) {
                table.fail("recipe", fmt::format("recipe '{}' has an option '{}', which is a "
                                                 "phase key; rename it in {}/recipe.toml",
                                                 recipe->name, option.name, recipe->dir));
            }
            known.push_back(option.name);
        }
    }
    table.reject_unknown(known);

    PhaseSettings phase;
    phase.location = table.location();
    for (const std::string& key : table.keys()) {
        phase.key_locations[key] = table.location(key);
    }
    phase.template_name = table.required_string("name");
    check_name(table, phase.template_name);
    phase.load = read_load(table);
    reject_foreign_keys(table, phase.load);

    phase.prompt = table.string("prompt").value_or("");
    phase.background = table.boolean("background").value_or(false);
    if (phase.background && phase.prompt.empty()) {
        // ISO 7779's background is the room without the machine under test.
        phase.prompt = std::string(kBackgroundPrompt);
    }
    phase.warmup = run.warmup;
    phase.warmup_until_stable = run.warmup_until_stable;
    if (auto w = read_warmup(table)) {
        phase.warmup = w->min;
        phase.warmup_until_stable = std::move(w->until_stable);
    }
    phase.window = run.window;
    if (auto d = table.duration("window")) {
        if (d->count() == 0) {
            table.fail("window", "must be longer than 0s");
        }
        phase.window = *d;
    }

    if (phase.load == LoadKind::command && recipe) {
        read_recipe_phase(table, *recipe, phase);
        read_command_keys(table, phase);
    } else if (phase.load == LoadKind::command) {
        auto command = table.string_array("command");
        if (!command) {
            table.fail_table(
                "missing required key 'command' (load = \"command\" needs the "
                "program and its arguments)");
        }
        if (command->empty() || command->front().empty()) {
            table.fail("command", "must start with the program to run");
        }
        phase.command = std::move(*command);
        read_command_keys(table, phase);
    }

    for (const std::string& key : table.keys()) {
        if (contains(disk_keys, key) || contains(command_keys, key)) {
            const toml::value& v = *table.find(key);
            auto option = to_option_value(v);
            if (!option || std::holds_alternative<std::vector<std::string>>(*option)) {
                option = drivers::api::OptionValue(inline_text(v));
            }
            phase.load_options[key] = std::move(*option);
        }
    }

    const bool has_placeholder = phase.template_name.find(count_placeholder) != std::string::npos;
    if (phase.load != LoadKind::cpu) {
        if (has_placeholder) {
            table.fail("name", "{n} stands for the worker count, which only load = \"cpu\" has");
        }
        phase.name = phase.template_name;
        return {std::move(phase)};
    }

    read_cpu_keys(table, phase);
    const auto counts = read_workers(table, ctx);
    if (counts.size() > 1 && !has_placeholder) {
        table.fail("name", "name must contain {n} when workers expands to several phases");
    }
    std::vector<PhaseSettings> out;
    out.reserve(counts.size());
    for (const WorkerCount& w : counts) {
        PhaseSettings expanded = phase;
        expanded.workers = w.count;
        expanded.name =
            replace_all(phase.template_name, count_placeholder, std::to_string(w.count));
        if (w.count > ctx.logical_cpus) {
            warnings.push_back(oversubscription_warning(w, ctx.logical_cpus));
        }
        out.push_back(std::move(expanded));
    }
    return out;
}

}  // namespace wattbench::core::profile
