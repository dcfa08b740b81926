#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "app/core/rundir/manifest.hpp"

namespace wattbench::core::rundir {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kCases = fs::path(WATTBENCH_SOURCE_DIR) / "tests/app/core/report/cases";

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<fs::path> golden_manifests() {
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(kCases)) {
        if (fs::exists(e.path() / "manifest.json")) {
            out.push_back(e.path() / "manifest.json");
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

// Written by today's engine; the others under cases/ are by hand or by an older engine.
const std::vector<std::string> kEngineWritten{"disk_full", "killed"};

Manifest full_manifest() {
    Manifest m;
    m.tool.version = "0.2.0";
    m.run.name = "r";
    m.run.profile_path = "p.toml";
    m.run.started = "2026-11-29T19:50:40.123Z";
    m.run.status = RunStatus::interrupted;
    m.run.exit_code = 130;
    m.run.interval_s = 1.0;
    m.run.validity = Validity{0.01, 0.01, 0.02, 20.0, "ambient"};
    m.run.overrides = {{"only", {"idle"}}};
    m.host.hostname = "h";
    m.host.topology = Topology{1, 2, {{0, 0, 0}, {1, 0, 1}}};
    Device d;
    d.id = "wm";
    d.driver = "sim";
    d.state = DeviceState::reconnecting;
    d.error = "timeout";
    d.identity = Identity{"v", "m", "s", "f"};
    d.settings = json{{"range", 10}};
    Channel c;
    c.name = "power";
    c.quantity = "power";
    c.unit = "W";
    c.display_max = 400.0;
    c.thresholds.uc = 300.0;
    c.accuracy = Accuracy{0.005, 0.001, 16.0};
    d.channels.push_back(c);
    m.devices.push_back(d);
    Phase p;
    p.name = "cmd";
    p.load = "command";
    p.status = PhaseStatus::done;
    p.flags = std::vector<std::string>{"stable"};
    p.score = Score{12.5, "ops/s"};
    p.idle_check = IdleCheck{3.0, 5.0, {{42, "cron", 7.5}}};
    p.warmup_until_stable = WarmupUntilStable{60.0, 600.0, 30.0, {{"power", "2%"}}};
    m.phases.push_back(p);
    m.warnings = {"a warning"};
    m.profile = ProfileCopy{"p.toml", "[run]\n"};
    return m;
}

TEST(Manifest, RoundTripsThroughJson) {
    const Manifest m = full_manifest();
    const json j = m;
    EXPECT_EQ(j.get<Manifest>(), m);
    EXPECT_EQ(json(j.get<Manifest>()), j);
}

TEST(Manifest, EngineWrittenGoldenManifestsRewriteByteForByte) {
    for (const auto& name : kEngineWritten) {
        const fs::path path = kCases / name / "manifest.json";
        const std::string text = slurp(path);
        const auto m = read_manifest(path.string());
        ASSERT_TRUE(m.ok()) << m.error().text();
        EXPECT_EQ(dump_manifest(json(*m)), text) << path;
    }
}

// A hand-written older manifest loses nothing: every key it has comes back with its value;
// what the rewrite adds is only a null the engine writes today.
TEST(Manifest, OlderGoldenManifestsLoseNothing) {
    for (const auto& path : golden_manifests()) {
        const auto m = read_manifest(path.string());
        ASSERT_TRUE(m.ok()) << m.error().text();
        const json original = json::parse(slurp(path));
        const json rewritten = *m;
        for (const auto& op : json::diff(original, rewritten)) {
            EXPECT_EQ(op["op"], "add") << path << ": " << op.dump();
            EXPECT_TRUE(op["value"].is_null()) << path << ": " << op.dump();
        }
        EXPECT_EQ(json(json(*m).get<Manifest>()), rewritten);
    }
}

TEST(Manifest, UnknownKeysSurvive) {
    json j = full_manifest();
    j["future"] = {{"a", 1}};
    j["run"]["new_key"] = "x";
    j["devices"][0]["channels"][0]["calibrated"] = true;
    j["phases"][0]["idle_check"]["busiest"][0]["user"] = "root";
    const auto m = j.get<Manifest>();
    EXPECT_EQ(m.extra["future"]["a"], 1);
    EXPECT_EQ(m.run.extra["new_key"], "x");
    EXPECT_EQ(json(m), j);
}

TEST(Manifest, MissingKeysAreEmpty) {
    const auto m = parse_manifest(
        R"({"tool": {"name": "wattbench", "version": "0.0.1"}, "run": {"name": "old",
            "status": "completed"}, "host": {}, "devices": [], "phases": [{"name": "idle",
            "load": "idle", "status": "done"}], "warnings": []})",
        "m.json");
    ASSERT_TRUE(m.ok()) << m.error().text();
    EXPECT_EQ(m->run.status, RunStatus::completed);
    EXPECT_FALSE(m->run.started);
    EXPECT_FALSE(m->run.validity);
    EXPECT_FALSE(m->phases[0].flags);
    EXPECT_FALSE(m->phases[0].window_start);
    EXPECT_FALSE(m->target);
    EXPECT_FALSE(m->profile);
}

TEST(Manifest, WrongTypeNamesFileAndKey) {
    json j = full_manifest();
    j["phases"][0]["workers"] = "four";
    auto m = parse_manifest(j.dump(), "run/manifest.json");
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().file, "run/manifest.json");
    EXPECT_EQ(m.error().where, "phases[0].workers");
    EXPECT_EQ(m.error().text(), "run/manifest.json: phases[0].workers: expected an integer");

    j = full_manifest();
    j["devices"][0]["state"] = "asleep";
    m = parse_manifest(j.dump(), "f");
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().where, "devices[0].state");
}

// `annotate` and `import` add devices in these states (docs/run-directory.md); a report of such
// a run must read them.
TEST(Manifest, AnnotatedAndImportedDevicesRead) {
    json j = full_manifest();
    j["devices"][0]["state"] = "annotated";
    auto m = parse_manifest(j.dump(), "f");
    ASSERT_TRUE(m.ok()) << m.error().text();
    EXPECT_EQ(m->devices[0].state, DeviceState::annotated);
    j["devices"][0]["state"] = "imported";
    m = parse_manifest(j.dump(), "f");
    ASSERT_TRUE(m.ok()) << m.error().text();
    EXPECT_EQ(m->devices[0].state, DeviceState::imported);
    EXPECT_EQ(json(*m)["devices"][0]["state"], "imported");
}

TEST(Manifest, BadJsonAndMissingFileAreErrors) {
    const auto bad = parse_manifest("{\n  \"tool\":", "f");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().line, 2u) << bad.error().text();
    EXPECT_EQ(parse_manifest("[1]", "f").error().text(), "f: not a JSON object");
    EXPECT_EQ(parse_manifest(R"({"phases": {}})", "f").error().text(),
              "f: 'phases' is not an array");
    const auto m = read_manifest("/nonexistent/manifest.json");
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().file, "/nonexistent/manifest.json");
}

TEST(Manifest, TopologyIsTheTargetsWhenRemote) {
    Manifest m = full_manifest();
    EXPECT_EQ(m.topology(), &*m.host.topology);
    m.target = Target{};
    m.target->topology = Topology{2, 8, {}};
    EXPECT_EQ(m.topology()->packages, 2);
}

}  // namespace
}  // namespace wattbench::core::rundir
