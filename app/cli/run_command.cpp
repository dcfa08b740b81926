#include <unistd.h>

#include <csignal>
#include <cstdio>

#include <fmt/format.h>

#include "app/cli/commands.hpp"
#include "app/cli/console_view.hpp"
#include "app/cli/metrics_endpoint.hpp"
#include "app/cli/profile_loading.hpp"
#include "app/cli/recipe_packages.hpp"
#include "app/cli/signal_watcher.hpp"
#include "app/cli/terminal_prompter.hpp"
#include "app/core/engine/engine.hpp"
#include "app/core/profile/duration.hpp"
#include "app/core/profile/overrides.hpp"
#include "app/core/report/markdown_report.hpp"
#include "app/core/report/run_data.hpp"
#include "drivers/builtin_registry.hpp"

namespace wattbench::cli {

namespace {

std::optional<core::profile::Duration> parse_flag_duration(const std::string& flag,
                                                           const std::string& text, int& exit) {
    if (text.empty()) {
        return std::nullopt;
    }
    auto d = core::profile::parse_duration(text);
    if (!d) {
        fmt::print(stderr, "wattbench: {} '{}': invalid duration (use forms like 90s, 5m, 1h30m)\n",
                   flag, text);
        exit = kExitUsage;
    }
    return d;
}

}  // namespace

int run_command(const RunArgs& args) {
    // Before any thread exists, so that every thread inherits the blocked signal mask.
    core::engine::Engine* engine_ptr = nullptr;
    std::atomic<bool> engine_live{false};
    std::atomic<int> early_signal{0};
    SignalWatcher signals([&](int sig) {
        if (engine_live.load()) {
            engine_ptr->abort(sig);
        } else {
            early_signal.store(sig);
        }
    });

    auto loaded = load_profile_for_cli(args.profile);
    if (!loaded) {
        return kExitUsage;
    }
    core::profile::Profile profile = std::move(*loaded);

    int exit = kExitOk;
    core::profile::Overrides overrides;
    overrides.warmup = parse_flag_duration("--warmup", args.warmup, exit);
    overrides.window = parse_flag_duration("--window", args.window, exit);
    overrides.only = args.only;
    if (exit != kExitOk) {
        return exit;
    }
    if (auto err = core::profile::apply_overrides(profile, overrides)) {
        fmt::print(stderr, "wattbench: {}\n", *err);
        return kExitUsage;
    }
    if (auto stop = check_recipe_packages(profile, args.install)) {
        return *stop;
    }

    core::engine::RunOptions options;
    options.out_dir = args.out;
    options.force = args.force;
    if (!args.warmup.empty()) {
        options.overrides["warmup"] = args.warmup;
    }
    if (!args.window.empty()) {
        options.overrides["window"] = args.window;
    }
    if (!args.only.empty()) {
        options.overrides["only"] = args.only;
    }

    auto endpoint = open_metrics(args.metrics_listen, profile.run.name, true);
    if (!endpoint) {
        return kExitUsage;
    }

    core::engine::Engine engine(drivers::builtin_registry());
    if (*endpoint) {
        engine.add_observer(&(*endpoint)->readings());
    }
    const bool interactive = isatty(fileno(stderr)) != 0;
    ConsoleView view(engine.profile(), stderr, interactive);
    engine.add_observer(&view);
    // Prompts (phase `prompt`, manual meters) are answered line by line from stdin, typed or
    // piped; a typed answer is echoed by the terminal, a piped one is not.
    const bool echoed = isatty(STDIN_FILENO) != 0;
    TerminalPrompter prompter(
        STDIN_FILENO,
        {[&view](const std::string& q) { view.show_prompt(q); },
         [&view, echoed](const std::string& line) { view.prompt_note(line, !echoed); },
         [&engine](std::uint64_t id, std::optional<double> v) { engine.answer_prompt(id, v); }});
    engine.add_observer(&prompter);

    if (auto err = engine.prepare(std::move(profile), std::move(options))) {
        fmt::print(stderr, "wattbench: {}\n", err->message);
        return err->exit_code;
    }
    fmt::print(stderr, "wattbench: run '{}' → {}\n", engine.profile().run.name, engine.out_dir());

    engine_ptr = &engine;
    engine_live.store(true);
    engine.start();
    if (const int sig = early_signal.load()) {
        engine.abort(sig);
    }
    const auto finished = engine.wait();
    engine_live.store(false);

    auto run = core::report::load_run(finished.out_dir);
    if (auto* data = std::get_if<core::report::RunData>(&run)) {
        fmt::print(stdout, "\n{}\n", core::report::render_summary_markdown(*data));
    } else {
        fmt::print(stderr, "wattbench: cannot summarise the run: {}\n", std::get<std::string>(run));
    }
    if (!finished.failure.empty()) {
        // The one line that says why, whatever the console view printed before it.
        fmt::print(stderr, "wattbench: {}\n", finished.failure);
    }
    fmt::print(stderr, "wattbench: run {}; files in {}\n", core::engine::to_string(finished.status),
               finished.out_dir);

    switch (finished.status) {
        case core::engine::RunStatus::completed:
            return kExitOk;
        case core::engine::RunStatus::interrupted:
            return 128 + (finished.signal > 0 ? finished.signal : SIGINT);
        default:
            return kExitRunFailed;
    }
}

}  // namespace wattbench::cli
