#include "app/core/report/json_report.hpp"

#include <algorithm>
#include <cmath>

#include "app/core/report/background_noise.hpp"
#include "app/core/report/performance.hpp"
#include "app/core/report/run_liveness.hpp"
#include "app/core/report/run_phases.hpp"
#include "app/core/report/summary_table.hpp"

namespace wattbench::core::report {

namespace {

using Json = nlohmann::ordered_json;

template <class T>
Json or_null(const std::optional<T>& v) {
    return v ? Json(nlohmann::json(*v)) : Json(nullptr);
}

Json number_or_null(const std::optional<double>& v) {
    return v ? Json(*v) : Json(nullptr);
}

Json run_object(const RunData& data) {
    const auto& manifest = data.info;
    Json run = Json(nlohmann::json(manifest.run));
    // The manifest of a killed run still says running; a script must not wait for it to end.
    if (data.liveness == Liveness::killed) {
        run["status"] = "killed";
        if (const auto phase = stopped_phase(data.liveness, manifest)) {
            run["interrupted_phase"] = *phase;
        }
    }
    run["tool"] = Json(nlohmann::json(manifest.tool));
    run["host"] = Json(nlohmann::json(manifest.host));
    // Connections and channel tables stay out: the report is shared more widely than the run
    // directory, and the channels' units are given per phase below.
    Json devices = Json::array();
    for (const auto& d : manifest.devices) {
        devices.push_back(Json{
            {"id", d.id},
            {"driver", d.driver},
            {"optional", d.optional},
            {"state", d.state ? Json(std::string(rundir::to_string(*d.state))) : Json(nullptr)},
            {"error", or_null(d.error)},
            {"identity", or_null(d.identity)}});
    }
    run["devices"] = std::move(devices);
    run["warnings"] = manifest.warnings;
    return run;
}

Json summary_object(const SummaryTable& summary) {
    Json columns = Json::array();
    for (const PhaseView* p : summary.columns) {
        columns.push_back(p->name);
    }
    Json rows = Json::array();
    for (const auto& row : summary.rows) {
        Json cells = Json::array();
        for (const auto& cell : row.cells) {
            const char* kind = cell.kind == CellKind::number    ? "number"
                               : cell.kind == CellKind::no_data ? "no_data"
                                                                : "not_numeric";
            cells.push_back(Json{
                {"kind", kind},
                {"value", number_or_null(cell.value)},
                {"text", cell.kind == CellKind::no_data ? Json(nullptr) : Json(cell.text)},
                {"uncertainty", number_or_null(cell.uncertainty_value)},
                {"low_coverage", cell.low_coverage},
            });
        }
        rows.push_back(Json{
            {"key", row.key},
            {"label", row.label},
            {"unit", row.unit},
            {"limits", row.limits.empty() ? Json(nullptr) : Json(row.limits)},
            {"cells", std::move(cells)},
        });
    }
    return Json{{"columns", std::move(columns)}, {"rows", std::move(rows)}};
}

Json validity_object(const RunValidity& v) {
    Json phases = Json::array();
    for (const auto& p : v.phases) {
        Json checks = Json::array();
        for (const auto& c : p.checks) {
            checks.push_back(Json{
                {"rule", c.rule},
                {"channel", c.channel.empty() ? Json(nullptr) : Json(c.channel)},
                {"severity", c.severity == Severity::ok        ? "ok"
                             : c.severity == Severity::warning ? "warning"
                                                               : "error"},
                {"detail", c.detail},
            });
        }
        phases.push_back(Json{
            {"phase", p.phase},
            {"verdict", severity_name(p.verdict)},
            {"uncertainty",
             p.uncertainty && std::isfinite(*p.uncertainty) ? Json(*p.uncertainty) : Json(nullptr)},
            {"uncertainty_channel",
             p.uncertainty_channel.empty() ? Json(nullptr) : Json(p.uncertainty_channel)},
            {"checks", std::move(checks)}});
    }
    const auto& l = v.limits;
    return Json{
        {"verdict", severity_name(v.verdict)},
        {"limits", Json{{"max_uncertainty", l.max_uncertainty},
                        {"max_invalid_power", l.max_invalid_power},
                        {"max_invalid_other", l.max_invalid_other},
                        {"min_ambient_c", l.min_ambient_c},
                        {"ambient", l.ambient.empty() ? Json(nullptr) : Json(l.ambient)},
                        {"load_short_is_error", l.load_short_is_error}}},
        {"reasons", v.reasons},
        {"phases", std::move(phases)},
    };
}

Json curve_object(const std::optional<PowerCurve>& curve) {
    if (!curve) {
        return Json(nullptr);
    }
    Json points = Json::array();
    for (std::size_t i = 0; i < curve->points.size(); ++i) {
        const auto& p = curve->points[i];
        points.push_back(Json{
            {"phase", p.phase},
            {"workers", p.workers},
            {"power_w", p.power_w},
            {"error_w", p.error_w},
            {"marginal_w", i > 0 && i - 1 < curve->marginal_w.size()
                               ? Json(curve->marginal_w[i - 1])
                               : Json(nullptr)},
        });
    }
    Json knee(nullptr);
    if (curve->knee) {
        knee = Json{{"cores", curve->knee->cores},
                    {"per_core_w", curve->knee->per_core_w},
                    {"per_thread_w", number_or_null(curve->knee->per_thread_w)},
                    {"from_topology", curve->knee->from_topology}};
    }
    return Json{{"power_channel", curve->device + "/" + curve->channel},
                {"points", std::move(points)},
                {"knee", std::move(knee)},
                {"sentence", curve->sentence}};
}

// Devices with what a reader needs to judge the instruments (identity, settings, declared
// accuracy and limits per channel), still without connection strings.
Json environment_object(const rundir::Manifest& manifest) {
    Json devices = Json::array();
    for (const auto& d : manifest.devices) {
        Json channels = Json::array();
        for (const auto& c : d.channels) {
            channels.push_back(Json{{"name", c.name},
                                    {"quantity", c.quantity},
                                    {"unit", c.unit},
                                    {"accuracy", or_null(c.accuracy)},
                                    {"thresholds", Json(nlohmann::json(c.thresholds))}});
        }
        devices.push_back(Json{{"id", d.id},
                               {"driver", d.driver},
                               {"identity", or_null(d.identity)},
                               {"settings", d.settings ? Json(*d.settings) : Json(nullptr)},
                               {"channels", std::move(channels)}});
    }
    Json target(nullptr);
    if (manifest.target) {
        target = Json{{"ssh", manifest.target->ssh},
                      {"facts", manifest.target->facts},
                      {"topology", or_null(manifest.target->topology)}};
    }
    const auto& profile = manifest.profile;
    return Json{{"host", Json(nlohmann::json(manifest.host))},
                {"target", std::move(target)},
                {"devices", std::move(devices)},
                {"profile", Json{{"path", profile ? Json(profile->path) : Json(nullptr)},
                                 {"text", profile ? Json(profile->text) : Json(nullptr)}}}};
}

Json count_or_null(const std::optional<std::int64_t>& v) {
    return v ? Json(*v) : Json(nullptr);
}

Json ptdaemon_array(const std::vector<PtdFigures>& figures) {
    Json out = Json::array();
    for (const auto& f : figures) {
        out.push_back(Json{
            {"phase", f.phase->name},
            {"device", f.device},
            {"watts", number_or_null(f.watts)},
            {"watts_min", number_or_null(f.watts_min)},
            {"watts_max", number_or_null(f.watts_max)},
            {"uncertainty", number_or_null(f.uncertainty)},
            {"samples", count_or_null(f.samples)},
            {"errors", count_or_null(f.errors)},
            {"valid", f.valid.empty() ? Json(nullptr) : Json(f.valid)},
            {"uncertainty_invalid", count_or_null(f.uncertainty_invalid)},
            {"restarted", f.restarted},
            {"wattbench_mean", number_or_null(f.wattbench_mean)},
            {"difference", number_or_null(f.difference)},
            {"difference_percent", number_or_null(f.difference_percent)},
        });
    }
    return out;
}

}  // namespace

std::string render_json(const RunData& run) {
    return render_json(*report_content_from(run, SamplesScan{}));
}

std::string render_json(const ReportContent& content) {
    const RunData& run = content.run;
    Json phases = Json::array();
    const auto& views = content.phases;
    const auto& perf = content.performance;
    const auto& wall = content.wall_power;
    const auto& noise = content.noise;
    for (const auto& p : views) {
        Json channels = Json::object();
        for (const PhaseRow* row : p.rows) {
            channels[row->device + "/" + row->channel] = Json{
                {"unit", row->unit},
                {"mean", number_or_null(row->mean)},
                {"min", number_or_null(row->min)},
                {"max", number_or_null(row->max)},
                {"stddev", number_or_null(row->stddev)},
                {"samples", row->samples},
                {"coverage", row->coverage},
            };
            if (row->l10 || row->l90) {
                channels[row->device + "/" + row->channel]["l10"] = number_or_null(row->l10);
                channels[row->device + "/" + row->channel]["l90"] = number_or_null(row->l90);
            }
            if (!row->states.empty()) {
                Json states = Json::object();
                for (const auto& [state, count] : row->states) {
                    states[state] = count;
                }
                channels[row->device + "/" + row->channel]["states"] = std::move(states);
            }
        }
        for (const auto& n : noise) {
            if (n.phase != &p) {
                continue;
            }
            const char* kind = n.corrected.kind == CorrectedLevel::Kind::corrected ? "corrected"
                               : n.corrected.kind == CorrectedLevel::Kind::uncorrected
                                   ? "uncorrected"
                                   : "invalid";
            channels[n.row->device + "/" + n.row->channel]["background"] = Json{
                {"level", n.background_db},
                {"source", n.background_source},
                {"difference", n.corrected.difference_db},
                {"corrected",
                 std::isfinite(n.corrected.level_db) ? Json(n.corrected.level_db) : Json(nullptr)},
                {"kind", kind},
            };
        }
        const auto scored = std::find_if(perf.begin(), perf.end(),
                                         [&](const PhasePerformance& x) { return x.phase == &p; });
        Json score(nullptr);
        Json per_watt(nullptr);
        if (scored != perf.end()) {
            score = Json{{"value", scored->score}, {"unit", scored->unit}};
            if (scored->score_per_watt) {
                per_watt = Json{{"value", *scored->score_per_watt},
                                {"unit", scored->unit + "/W"},
                                {"power_w", *scored->power_w},
                                {"power_channel", wall->device + "/" + wall->channel}};
            }
        }
        phases.push_back(Json{
            {"name", p.name},
            {"load", p.load},
            {"status", p.status.empty() ? Json(nullptr) : Json(p.status)},
            {"window_start", p.window_start.empty() ? Json(nullptr) : Json(p.window_start)},
            {"window_end", p.window_end.empty() ? Json(nullptr) : Json(p.window_end)},
            {"channels", std::move(channels)},
            {"score", std::move(score)},
            {"score_per_watt", std::move(per_watt)},
        });
    }
    Json out = Json::object();
    out["run"] = run_object(run);
    out["phases"] = std::move(phases);
    out["summary"] = summary_object(content.summary);
    out["validity"] = validity_object(content.validity);
    out["curve"] = curve_object(content.curve);
    out["environment"] = environment_object(run.info);
    // Only with a ptdaemon device: the reports of every other run keep their shape.
    if (!content.ptdaemon.empty()) {
        out["ptdaemon"] = ptdaemon_array(content.ptdaemon);
    }
    // Replacing invalid UTF-8 rather than throwing: a device's identity string is not ours to vet.
    return out.dump(2, ' ', false, Json::error_handler_t::replace) + '\n';
}

}  // namespace wattbench::core::report
