#include "app/core/report/json_report.hpp"

#include <algorithm>
#include <cmath>

#include "app/core/report/background_noise.hpp"
#include "app/core/report/manifest_fields.hpp"
#include "app/core/report/performance.hpp"
#include "app/core/report/run_phases.hpp"

namespace wattbench::core::report {

namespace {

using Json = nlohmann::ordered_json;

Json copy_or_null(const nlohmann::json* value) {
    return value ? Json(*value) : Json(nullptr);
}

Json number_or_null(const std::optional<double>& v) {
    return v ? Json(*v) : Json(nullptr);
}

Json run_object(const nlohmann::json& manifest) {
    Json run = Json::object();
    if (const auto* r = member(manifest, "run"); r && r->is_object()) {
        run = Json(*r);
    }
    run["tool"] = copy_or_null(member(manifest, "tool"));
    run["host"] = copy_or_null(member(manifest, "host"));
    // Connections and channel tables stay out: the report is shared more widely than the run
    // directory, and the channels' units are given per phase below.
    Json devices = Json::array();
    if (const auto* list = member(manifest, "devices")) {
        for (const auto& d : *list) {
            Json device = Json::object();
            for (const char* key : {"id", "driver", "optional", "state", "error", "identity"}) {
                device[key] = copy_or_null(member(&d, key));
            }
            devices.push_back(std::move(device));
        }
    }
    run["devices"] = std::move(devices);
    const auto* warnings = member(manifest, "warnings");
    run["warnings"] = warnings ? Json(*warnings) : Json::array();
    return run;
}

}  // namespace

std::string render_json(const RunData& run) {
    Json phases = Json::array();
    const auto views = run_phases(run);
    const auto perf = phase_performance(run, views);
    const auto wall = wall_power_channel(run);
    const auto noise = noise_rows(run, views);
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
    out["run"] = run_object(run.manifest);
    out["phases"] = std::move(phases);
    // Replacing invalid UTF-8 rather than throwing: a device's identity string is not ours to vet.
    return out.dump(2, ' ', false, Json::error_handler_t::replace) + '\n';
}

}  // namespace wattbench::core::report
