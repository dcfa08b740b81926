#include "app/core/report/ptdaemon_figures.hpp"

#include <cctype>
#include <cmath>

namespace wattbench::core::report {
namespace {

std::optional<double> number_at(const nlohmann::json& settings, const std::string& key) {
    const auto it = settings.find(key);
    if (it == settings.end() || !it->is_number()) {
        return std::nullopt;
    }
    const double v = it->get<double>();
    return std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

std::optional<std::int64_t> count_at(const nlohmann::json& settings, const std::string& key) {
    const auto it = settings.find(key);
    if (it == settings.end() || !it->is_number()) {
        return std::nullopt;
    }
    return it->get<std::int64_t>();
}

std::string text_at(const nlohmann::json& settings, const std::string& key) {
    const auto it = settings.find(key);
    return it != settings.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

std::string ptd_key_prefix(const std::string& phase) {
    std::string k;
    for (char c : phase) {
        const auto u = static_cast<unsigned char>(c);
        k += std::isalnum(u) ? static_cast<char>(std::tolower(u)) : '_';
    }
    return "ptd_" + (k.empty() ? std::string("_") : k) + "_";
}

std::vector<PtdFigures> ptdaemon_figures(const RunData& run, const std::vector<PhaseView>& phases) {
    std::vector<PtdFigures> out;
    for (const auto& phase : phases) {
        const std::string k = ptd_key_prefix(phase.name);
        for (const auto& device : run.info.devices) {
            if (device.driver != "ptdaemon" || !device.settings || !device.settings->is_object()) {
                continue;
            }
            const auto& s = *device.settings;
            // The mark is written first at each window's end: without it PTD summarised nothing.
            if (!s.contains(k + "mark")) {
                continue;
            }
            PtdFigures f;
            f.phase = &phase;
            f.device = device.id;
            f.watts = number_at(s, k + "watts_avg");
            f.watts_min = number_at(s, k + "watts_min");
            f.watts_max = number_at(s, k + "watts_max");
            f.uncertainty = number_at(s, k + "uncertainty");
            f.samples = count_at(s, k + "samples");
            f.errors = count_at(s, k + "errors");
            f.valid = text_at(s, k + "valid");
            f.uncertainty_invalid = count_at(s, k + "uncertainty_invalid");
            const auto restarted = s.find(k + "restarted");
            f.restarted = restarted != s.end() && restarted->is_boolean() && restarted->get<bool>();
            for (const PhaseRow* row : phase.rows) {
                if (row->device == device.id && row->channel == "power") {
                    f.wattbench_mean = row->mean;
                }
            }
            if (f.watts && f.wattbench_mean) {
                f.difference = *f.watts - *f.wattbench_mean;
                if (*f.wattbench_mean != 0.0) {
                    f.difference_percent = *f.difference / *f.wattbench_mean * 100.0;
                }
            }
            out.push_back(std::move(f));
        }
    }
    return out;
}

}  // namespace wattbench::core::report
