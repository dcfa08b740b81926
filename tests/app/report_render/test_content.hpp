#pragma once

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "app/core/report/comparison.hpp"
#include "app/core/report/report_content.hpp"
#include "app/core/report/run_phases.hpp"
#include "app/core/report/summary_table.hpp"
#include "app/report_render/qt_application.hpp"

namespace wattbench::report_render::test {

namespace report = core::report;

// Headless with private runtime folders, before the first Qt object (as the CLI does it).
inline void headless() {
    static const bool done = [] {
        std::string templ =
            (std::filesystem::temp_directory_path() / "render-test-XXXXXX").string();
        if (mkdtemp(templ.data()) != nullptr) {
            std::filesystem::create_directories(templ + "/runtime");
            std::filesystem::permissions(templ + "/runtime", std::filesystem::perms::owner_all);
            setenv("XDG_RUNTIME_DIR", (templ + "/runtime").c_str(), 1);
        }
        ensure_qt_application();
        return true;
    }();
    (void)done;
}

inline std::string temp_dir() {
    std::string templ = (std::filesystem::temp_directory_path() / "render-out-XXXXXX").string();
    if (mkdtemp(templ.data()) == nullptr) {
        return {};
    }
    return templ;
}

inline report::PhaseRow row(const std::string& phase, const std::string& device,
                            const std::string& channel, const std::string& unit, double mean,
                            const std::string& start, const std::string& end) {
    report::PhaseRow r;
    r.phase = phase;
    r.load = phase == "idle" ? "idle" : "cpu";
    r.device = device;
    r.channel = channel;
    r.unit = unit;
    r.mean = mean;
    r.min = mean - 1.0;
    r.max = mean + 1.0;
    r.stddev = 0.5;
    r.samples = 60;
    r.coverage = 1.0;
    r.start = start;
    r.end = end;
    if (unit == "W") {
        r.uncertainty = 0.004;
    }
    return r;
}

// A run by hand: idle, cpu-1, cpu-2, cpu-4 on a 2-core / 4-thread machine, a wattmeter and a
// BMC with an upper critical CPU temperature. Its name needs escaping.
inline std::unique_ptr<report::ReportContent> sample_content() {
    auto c = std::make_unique<report::ReportContent>();
    const double t0 = 1796000000.0;  // 2026-11-29T...Z
    auto iso = [](double t) {
        const auto secs = static_cast<long long>(t);
        std::time_t tt = secs;
        std::tm tm{};
        gmtime_r(&tt, &tm);
        char buf[32];
        std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
        return std::string(buf);
    };
    const char* names[] = {"idle", "cpu-1", "cpu-2", "cpu-4"};
    const double workers[] = {0, 1, 2, 4};
    const double watts[] = {60.0, 88.8, 117.6, 126.6};
    nlohmann::json phases = nlohmann::json::array();
    for (int i = 0; i < 4; ++i) {
        const double ws = t0 + i * 120.0 + 60.0;
        const double we = ws + 60.0;
        phases.push_back({{"name", names[i]},
                          {"load", i == 0 ? "idle" : "cpu"},
                          {"workers", workers[i]},
                          {"warmup_s", 60},
                          {"window_s", 60},
                          {"status", "done"},
                          {"window_start", iso(ws)},
                          {"window_end", iso(we)}});
        c->run.rows.push_back(row(names[i], "wattmeter", "power", "W", watts[i], iso(ws), iso(we)));
        c->run.rows.push_back(
            row(names[i], "bmc", "cpu_temp", "degC", 40.0 + 8.0 * workers[i], iso(ws), iso(we)));
    }
    const nlohmann::json manifest = {
        {"tool", {{"name", "wattbench"}, {"version", "0.1.0"}}},
        {"run",
         {{"name", "review <script>alert(1)</script> & co"},
          {"started", iso(t0)},
          {"ended", iso(t0 + 480)},
          {"status", "completed"},
          {"exit_code", 0}}},
        {"host",
         {{"hostname", "testbox"},
          {"cpu_model", "Test CPU"},
          {"logical_cpus", 4},
          {"physical_cores", 2}}},
        {"devices",
         {{{"id", "wattmeter"},
           {"driver", "sim"},
           {"state", "ok"},
           {"identity", {{"vendor", "Sim"}, {"model", "W-1"}, {"serial", "42"}}},
           {"channels", {{{"name", "power"}, {"quantity", "power"}, {"unit", "W"}}}}},
          {{"id", "bmc"},
           {"driver", "ipmi"},
           {"state", "ok"},
           {"channels",
            {{{"name", "cpu_temp"},
              {"quantity", "temperature"},
              {"unit", "degC"},
              {"thresholds", {{"uc", 95.0}}}}}}}}},
        {"phases", phases},
        {"warnings", nlohmann::json::array()},
        {"profile", {{"path", "profiles/review.toml"}, {"text", "[run]\nname = \"review\"\n"}}}};
    c->run.info = manifest.get<core::rundir::Manifest>();
    c->run.dir = "/tmp/review-run";
    c->phases = report::run_phases(c->run);
    c->summary = report::build_summary(c->run, c->phases);

    c->samples.first_time = t0;
    c->samples.last_time = t0 + 480.0;
    for (const auto& [device, channel, unit] :
         {std::tuple{"wattmeter", "power", "W"}, std::tuple{"bmc", "cpu_temp", "degC"}}) {
        report::ChannelSeries s{device, channel, unit, {}};
        for (int k = 0; k < 480; ++k) {
            if (k >= 300 && k < 310) {
                continue;  // a gap the line must not bridge
            }
            const int phase = std::min(k / 120, 3);
            const double base =
                std::string(device) == "wattmeter" ? watts[phase] : 40.0 + 8.0 * workers[phase];
            const double wobble = 2.0 * std::sin(k * 0.3);
            s.buckets.push_back({t0 + k, t0 + k + 1.0, base + wobble - 1.5, base + wobble + 1.5,
                                 base + wobble, 10});
        }
        c->samples.series.push_back(std::move(s));
    }
    c->samples.rows = 9600;

    c->validity.verdict = report::Severity::error;
    c->validity.reasons = {"cpu-4: uncertainty 1.4 % > 1 % (wattmeter/power)"};
    for (const char* n : names) {
        report::PhaseValidity p;
        p.phase = n;
        p.checks.push_back({"coverage", "", report::Severity::ok, "coverage 100.0 %", {}});
        if (std::string(n) == "cpu-4") {
            p.verdict = report::Severity::error;
            p.checks.push_back({"uncertainty",
                                "wattmeter/power",
                                report::Severity::error,
                                "uncertainty 1.4 % > 1 %",
                                {}});
        }
        if (std::string(n) == "cpu-2") {
            p.verdict = report::Severity::warning;
            p.checks.push_back(
                {"gaps", "bmc/cpu_temp", report::Severity::warning, "a 10 s gap in readings", {}});
        }
        c->validity.phases.push_back(std::move(p));
    }

    report::PowerCurve curve;
    curve.device = "wattmeter";
    curve.channel = "power";
    for (int i = 0; i < 4; ++i) {
        curve.points.push_back({names[i], workers[i], watts[i], 1.2});
    }
    curve.marginal_w = {28.8, 28.8, 4.5};
    curve.knee = report::Knee{2.0, 28.8, 4.5, true};
    curve.sentence = "+28.8 W per core up to 2 cores, then +4.5 W per thread";
    c->curve = curve;
    c->thresholds.push_back({"bmc", "cpu_temp", "upper critical", 95.0});
    report::derive_figures(*c);
    return c;
}

inline report::Comparison sample_comparison() {
    report::Comparison cmp;
    cmp.run_dirs = {"runs/kernel-6.1", "runs/kernel-6.6"};
    report::RunComparison pair;
    pair.name_a = "kernel 6.1";
    pair.name_b = "kernel <6.6>";
    report::ComparisonRow r;
    r.phase = "cpu-1";
    r.channel = "wattmeter/power";
    r.unit = "W";
    r.a = 88.8;
    r.b = 80.0;
    r.diff = -8.8;
    r.diff_pct = -9.9;
    r.ci_low_pct = -10.6;
    r.ci_high_pct = -9.2;
    r.significant = true;
    r.verdict = "-9.9 % [-10.6, -9.2]";
    pair.rows.push_back(r);
    r.phase = "idle";
    r.a = 60.0;
    r.b = 60.1;
    r.diff = 0.1;
    r.diff_pct = 0.2;
    r.ci_low_pct = -0.5;
    r.ci_high_pct = 0.9;
    r.significant = false;
    r.verdict = "no significant difference";
    pair.rows.push_back(r);
    cmp.pairs.push_back(pair);
    for (double scale : {1.0, 0.9}) {
        report::PowerCurve curve;
        curve.device = "wattmeter";
        curve.channel = "power";
        const double w[] = {60.0, 88.8, 117.6, 126.6};
        const double n[] = {0, 1, 2, 4};
        for (int i = 0; i < 4; ++i) {
            curve.points.push_back({"p", n[i], w[i] * scale, 1.0});
        }
        cmp.curves.push_back(curve);
    }
    return cmp;
}

}  // namespace wattbench::report_render::test
