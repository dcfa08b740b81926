#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace wattbench::cli {

// Exit codes users and scripts rely on (DESIGN.md).
inline constexpr int kExitOk = 0;
inline constexpr int kExitRunFailed = 1;
inline constexpr int kExitUsage = 2;

struct RunArgs {
    std::string profile;
    std::string out;
    bool force = false;
    std::string warmup;
    std::string window;
    std::vector<std::string> only;
    std::string metrics_listen;  // ADDR:PORT or PORT; empty: no exporter
    bool install = false;        // apt-get install what the recipe phases lack
};

struct ValidateArgs {
    std::string profile;
    bool install = false;
};

struct MonitorArgs {
    std::string profile;
    std::string out;  // empty: nothing is written
    std::string metrics_listen;
};

struct ReportArgs {
    std::string run_dir;
    std::string format = "md";
    std::string output;
    std::string charts;               // --charts DIR: every chart as PNG and SVG
    std::optional<std::string> lang;  // --lang; unset: LC_ALL/LC_MESSAGES/LANG, then English
};

// `wattbench load probe|idle|cpu|disk|command …`, what a remote [target] runs (load_command.cpp).
struct LoadArgs {
    std::string kind;  // set by the chosen subcommand
    std::string interval = "1s";
    std::string cpus;
    unsigned workers = 1;
    std::string placement = "spread";
    double intensity = 100.0;
    std::string kernel = "int";
    std::string path;
    std::string file_size;
    std::string sync = "fsync";
    std::string max_space;
    bool shell = false;  // command: run the words through /bin/sh -c
    std::string cwd;
    std::vector<std::string> env;   // KEY=VALUE
    std::vector<std::string> argv;  // command: the program and its arguments
};

// A subcommand that keeps its own arguments: `run` is called when it was chosen.
struct Subcommand {
    CLI::App* app = nullptr;
    std::function<int()> run;
};
Subcommand add_import_command(CLI::App& app);    // import_command.cpp
Subcommand add_annotate_command(CLI::App& app);  // annotate_command.cpp
Subcommand add_compare_command(CLI::App& app);   // compare_command.cpp
Subcommand add_workload_command(CLI::App& app);  // workload_command.cpp

int run_command(const RunArgs& args);
CLI::App* add_load_command(CLI::App& app, LoadArgs& args);
int load_command(const LoadArgs& args);
int validate_command(const ValidateArgs& args);
// `redfish_hosts`: --redfish HOST, each listed as a candidate (no network scanning).
int devices_command(bool scan, const std::vector<std::string>& redfish_hosts);
int report_command(const ReportArgs& args);
int monitor_command(const MonitorArgs& args);

}  // namespace wattbench::cli
