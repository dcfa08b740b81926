#include <CLI/CLI.hpp>

#include "app/cli/commands.hpp"
#include "app/core/version.hpp"

int main(int argc, char** argv) {
    using namespace wattbench::cli;
    CLI::App app{
        "wattbench: wall power, temperatures, fans and noise of a server under load phases"};
    app.set_version_flag("--version", std::string("wattbench ") + wattbench::core::kVersion);
    app.require_subcommand(1);

    RunArgs run;
    auto* run_cmd = app.add_subcommand("run", "Run a profile's load phases and record everything");
    run_cmd->add_option("profile", run.profile, "Profile (TOML)")->required();
    run_cmd->add_option("--out,-o", run.out, "Run directory (default runs/<name>-<UTC time>)");
    run_cmd->add_flag("--force", run.force, "Write into a non-empty run directory");
    run_cmd->add_option("--warmup", run.warmup, "Warm-up of every phase, e.g. 30s, 5m");
    run_cmd->add_option("--window", run.window, "Averaging window of every phase, e.g. 1m");
    run_cmd
        ->add_option("--only", run.only, "Run only these phases (comma-separated names or globs)")
        ->delimiter(',');
    run_cmd->add_option("--metrics-listen", run.metrics_listen,
                        "Serve OpenMetrics at http://ADDR:PORT/metrics (a port alone: 127.0.0.1)");
    run_cmd->add_flag("--install", run.install,
                      "First apt-get install the Debian packages the recipe phases need");

    ValidateArgs validate;
    auto* validate_cmd = app.add_subcommand("validate", "Check a profile without running it");
    validate_cmd->add_option("profile", validate.profile, "Profile (TOML)")->required();
    validate_cmd->add_flag("--install", validate.install,
                           "Also apt-get install the Debian packages the recipe phases need");

    bool scan = false;
    auto* devices_cmd = app.add_subcommand("devices", "List drivers; --scan looks for instruments");
    devices_cmd->add_flag("--scan", scan, "Look for serial ports, USB meters and local IPMI");
    std::vector<std::string> redfish_hosts;
    devices_cmd->add_option("--redfish", redfish_hosts,
                            "With --scan: list this host as a Redfish BMC candidate (repeatable)");

    MonitorArgs monitor;
    auto* monitor_cmd =
        app.add_subcommand("monitor", "Live readings of a profile's devices, no phases");
    monitor_cmd->add_option("profile", monitor.profile, "Profile (TOML)")->required();
    monitor_cmd->add_option("--out,-o", monitor.out,
                            "Also write samples.csv and events.log into this directory");
    monitor_cmd->add_option(
        "--metrics-listen", monitor.metrics_listen,
        "Serve OpenMetrics at http://ADDR:PORT/metrics (a port alone: 127.0.0.1)");

    ReportArgs report;
    auto* report_cmd = app.add_subcommand("report", "Summarise a run directory");
    report_cmd->add_option("run_dir", report.run_dir, "Run directory")->required();
    report_cmd->add_option("--format,-f", report.format, "md, csv, json, html or pdf")
        ->check(CLI::IsMember({"md", "csv", "json", "html", "pdf"}));
    report_cmd->add_option("-o,--output", report.output, "Write to this file instead of stdout");
    report_cmd->add_option("--charts", report.charts,
                           "Also write every chart as PNG and SVG into this directory");
    report_cmd->add_option("--lang", report.lang,
                           "Language of md, html and pdf: en, cs, de or ru (default: from "
                           "LC_ALL/LC_MESSAGES/LANG, else en); csv and json stay English");

    LoadArgs load;
    auto* load_cmd = add_load_command(app, load);

    const auto import_cmd = add_import_command(app);
    const auto annotate_cmd = add_annotate_command(app);
    const auto compare_cmd = add_compare_command(app);
    const auto workload_cmd = add_workload_command(app);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        return code == 0 ? 0 : kExitUsage;
    }

    if (*run_cmd) {
        return run_command(run);
    }
    if (*validate_cmd) {
        return validate_command(validate);
    }
    if (*devices_cmd) {
        return devices_command(scan, redfish_hosts);
    }
    if (*monitor_cmd) {
        return monitor_command(monitor);
    }
    if (*report_cmd) {
        return report_command(report);
    }
    if (*import_cmd.app) {
        return import_cmd.run();
    }
    if (*annotate_cmd.app) {
        return annotate_cmd.run();
    }
    if (*compare_cmd.app) {
        return compare_cmd.run();
    }
    if (*workload_cmd.app) {
        return workload_cmd.run();
    }
    if (*load_cmd) {
        return load_command(load);
    }
    return kExitUsage;
}
