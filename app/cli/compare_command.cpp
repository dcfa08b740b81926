#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "app/cli/commands.hpp"
#include "app/cli/report_exit.hpp"
#include "app/cli/report_language.hpp"
#include "app/core/report/comparison.hpp"
#include "app/core/report/report_output.hpp"
#include "app/core/report/run_data.hpp"

namespace wattbench::cli {

namespace {

struct CompareArgs {
    std::vector<std::string> run_dirs;  // the first is the baseline
    std::string format = "md";
    std::string output;
    std::string charts;  // --charts DIR: the overlay as PNG and SVG
    std::optional<std::string> lang;
};

int run_compare(const CompareArgs& args) {
    const auto language = report_language(args.lang);
    if (!language) {
        return kExitUsage;
    }
    std::vector<core::report::RunData> runs;
    for (const auto& dir : args.run_dirs) {
        // Only phases.csv and the manifest: discrete states are not compared.
        auto loaded = core::report::load_run(dir, false);
        if (auto* err = std::get_if<std::string>(&loaded)) {
            fmt::print(stderr, "wattbench: {}\n", *err);
            return kExitUsage;
        }
        runs.push_back(std::move(std::get<core::report::RunData>(loaded)));
    }
    auto compared = core::report::compare_runs(runs);
    if (auto* refusal = std::get_if<std::string>(&compared)) {
        fmt::print(stderr, "wattbench: cannot compare: {}\n", *refusal);
        return kExitUsage;
    }
    const auto format = core::report::report_format(args.format);
    if (!format) {
        fmt::print(stderr, "wattbench: unknown report format '{}'\n", args.format);
        return kExitUsage;
    }
    auto& comparison = std::get<core::report::Comparison>(compared);
    comparison.language = *language;
    return report_exit(
        core::report::write_comparison(comparison, {*format, args.output, args.charts}));
}

}  // namespace

Subcommand add_compare_command(CLI::App& app) {
    auto args = std::make_shared<CompareArgs>();
    auto* cmd = app.add_subcommand(
        "compare", "Compare runs with the first: differences in percent with 95 % intervals");
    cmd->add_option("runs", args->run_dirs, "Run directories: RUN_A RUN_B [more runs…]")
        ->required()
        ->expected(2, -1);
    cmd->add_option("--format,-f", args->format, "md, csv, json, html or pdf")
        ->check(CLI::IsMember({"md", "csv", "json", "html", "pdf"}));
    cmd->add_option("-o,--output", args->output, "Write to this file instead of stdout");
    cmd->add_option("--charts", args->charts,
                    "Also write the power-versus-load overlay as PNG and SVG into this directory");
    cmd->add_option("--lang", args->lang,
                    "Language of md, html and pdf: en, cs, de or ru (default: from "
                    "LC_ALL/LC_MESSAGES/LANG, else en); csv and json stay English");
    return {cmd, [args] { return run_compare(*args); }};
}

}  // namespace wattbench::cli
