#pragma once

// One short `wattbench run` (the real binary, WATTBENCH_BIN) of one [[device]] table, for the
// analyzer families' end-to-end tests: the phase's power row and the manifest's device entry.

#include <unistd.h>

#include <filesystem>
#include <optional>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/run_program.hpp"

namespace wattbench::testing {

struct AnalyzerRun {
    ProgramResult program;
    std::string phases;     // phases.csv
    nlohmann::json device;  // the manifest's entry of device "wattmeter"
};

// Lines of `text` containing `part`.
inline std::vector<std::string> lines_with(const std::string& text, const std::string& part) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (line.find(part) != std::string::npos) {
            out.push_back(line);
        }
    }
    return out;
}

// The value column after `,wattmeter,<channel>,<unit>,` in the one matching phases.csv row.
inline std::optional<double> phase_value(const std::string& phases, const std::string& channel,
                                         const std::string& unit) {
    const std::string key = ",wattmeter," + channel + "," + unit + ",";
    const auto rows = lines_with(phases, key);
    if (rows.size() != 1) {
        return std::nullopt;
    }
    return std::stod(rows[0].substr(rows[0].find(key) + key.size()));
}

// `device_keys`: the [[device]] lines after id (driver, connection, ranges…).
inline AnalyzerRun run_analyzer(const std::string& name, const std::string& device_keys) {
    namespace fs = std::filesystem;
    const fs::path dir =
        fs::temp_directory_path() / ("wb-" + name + "-e2e-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::ofstream(dir / "p.toml") << "[run]\nname = \"" << name
                                  << "\"\ninterval = \"500ms\"\nwarmup = \"1s\"\n"
                                     "window = \"3s\"\n[[device]]\nid = \"wattmeter\"\n"
                                  << device_keys << "[[phase]]\nname = \"idle\"\nload = \"idle\"\n";
    std::ofstream(dir / "yes") << "y\n";
    const fs::path out = dir / "run";
    AnalyzerRun r;
    r.program =
        run_program({WATTBENCH_BIN, "run", (dir / "p.toml").string(), "--out", out.string()}, dir,
                    (dir / "yes").string());
    r.phases = read_whole(out / "phases.csv");
    if (fs::exists(out / "manifest.json")) {
        const auto manifest = nlohmann::json::parse(read_whole(out / "manifest.json"));
        for (const auto& d : manifest["devices"]) {
            if (d["id"] == "wattmeter") {
                r.device = d;
            }
        }
    }
    fs::remove_all(dir);
    return r;
}

}  // namespace wattbench::testing
