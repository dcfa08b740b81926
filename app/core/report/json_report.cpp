#include "app/core/report/json_report.hpp"

#include "app/core/report/manifest_fields.hpp"
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
    for (const auto& p : run_phases(run)) {
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
        }
        phases.push_back(Json{
            {"name", p.name},
            {"load", p.load},
            {"status", p.status.empty() ? Json(nullptr) : Json(p.status)},
            {"window_start", p.window_start.empty() ? Json(nullptr) : Json(p.window_start)},
            {"window_end", p.window_end.empty() ? Json(nullptr) : Json(p.window_end)},
            {"channels", std::move(channels)},
        });
    }
    Json out = Json::object();
    out["run"] = run_object(run.manifest);
    out["phases"] = std::move(phases);
    // Replacing invalid UTF-8 rather than throwing: a device's identity string is not ours to vet.
    return out.dump(2, ' ', false, Json::error_handler_t::replace) + '\n';
}

}  // namespace wattbench::core::report
