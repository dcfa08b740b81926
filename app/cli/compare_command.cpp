#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "app/cli/commands.hpp"
#include "app/core/report/comparison.hpp"
#include "app/core/report/comparison_report.hpp"
#include "app/core/report/run_data.hpp"

namespace wattbench::cli {

namespace {

struct CompareArgs {
    std::vector<std::string> run_dirs;  // the first is the baseline
    std::string format = "md";
    std::string output;
};

int write_text(const std::string& text, const std::string& output) {
    if (output.empty()) {
        fmt::print("{}", text);
        return kExitOk;
    }
    std::ofstream out(output, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) {
        fmt::print(stderr, "wattbench: cannot write '{}'\n", output);
        return kExitRunFailed;
    }
    return kExitOk;
}

int run_compare(const CompareArgs& args) {
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
    const auto& comparison = std::get<core::report::Comparison>(compared);
    std::string text;
    if (args.format == "md") {
        text = core::report::render_comparison_markdown(comparison);
    } else if (args.format == "csv") {
        text = core::report::render_comparison_csv(comparison);
    } else if (args.format == "json") {
        text = core::report::render_comparison_json(comparison);
    } else {
        // html and pdf (drawn with Qt, with the curves overlaid) join here.
        fmt::print(stderr, "wattbench: compare cannot write --format {}\n", args.format);
        return kExitUsage;
    }
    return write_text(text, args.output);
}

}  // namespace

Subcommand add_compare_command(CLI::App& app) {
    auto args = std::make_shared<CompareArgs>();
    auto* cmd = app.add_subcommand(
        "compare", "Compare runs with the first: differences in percent with 95 % intervals");
    cmd->add_option("runs", args->run_dirs, "Run directories: RUN_A RUN_B [more runs…]")
        ->required()
        ->expected(2, -1);
    cmd->add_option("--format,-f", args->format, "md, csv or json")
        ->check(CLI::IsMember({"md", "csv", "json"}));
    cmd->add_option("-o,--output", args->output, "Write to this file instead of stdout");
    return {cmd, [args] { return run_compare(*args); }};
}

}  // namespace wattbench::cli
