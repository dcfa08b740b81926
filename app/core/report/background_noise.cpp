#include "app/core/report/background_noise.hpp"

#include <cmath>
#include <limits>
#include <map>

#include "app/core/rundir/manifest_lookup.hpp"

namespace wattbench::core::report {

namespace {

bool is_sound(const std::string& unit) {
    return unit == "dBA" || unit == "dBC" || unit == "dB" || unit == "dB(A)" || unit == "dB(C)";
}

std::optional<double> device_background(const rundir::Manifest& manifest, const std::string& id) {
    const auto* d = rundir::find_device(manifest, id);
    if (!d || !d->settings || !d->settings->is_object()) {
        return std::nullopt;
    }
    const auto it = d->settings->find("background_noise");
    if (it == d->settings->end() || !it->is_number()) {
        return std::nullopt;
    }
    return it->get<double>();
}

}  // namespace

CorrectedLevel correct_for_background(double measured_db, double background_db) {
    CorrectedLevel c;
    c.difference_db = measured_db - background_db;
    if (c.difference_db > 10.0) {
        c.kind = CorrectedLevel::Kind::uncorrected;
        c.level_db = measured_db;
    } else if (c.difference_db >= 3.0) {
        c.kind = CorrectedLevel::Kind::corrected;
        c.level_db = 10.0 * std::log10(std::pow(10.0, measured_db / 10.0) -
                                       std::pow(10.0, background_db / 10.0));
    } else {
        c.kind = CorrectedLevel::Kind::invalid;
        c.level_db = std::numeric_limits<double>::quiet_NaN();
    }
    return c;
}

std::vector<NoiseRow> noise_rows(const RunData& run, const std::vector<PhaseView>& phases) {
    // The measured room: channel → Leq in the background phase.
    std::map<std::pair<std::string, std::string>, double> measured;
    const PhaseView* background_phase = nullptr;
    for (const auto& p : phases) {
        const auto* mp = rundir::find_phase(run.info, p.name);
        if (!mp || !mp->background.value_or(false)) {
            continue;
        }
        background_phase = &p;
        for (const PhaseRow* r : p.rows) {
            if (is_sound(r->unit) && r->mean) {
                measured[{r->device, r->channel}] = *r->mean;
            }
        }
        break;
    }
    std::vector<NoiseRow> out;
    for (const auto& p : phases) {
        if (&p == background_phase) {
            continue;
        }
        for (const PhaseRow* r : p.rows) {
            if (!is_sound(r->unit) || !r->mean) {
                continue;
            }
            NoiseRow n;
            n.phase = &p;
            n.row = r;
            if (auto it = measured.find({r->device, r->channel}); it != measured.end()) {
                n.background_db = it->second;
                n.background_source = "phase " + background_phase->name;
            } else if (auto bg = device_background(run.info, r->device)) {
                n.background_db = *bg;
                n.background_source = "background_noise";
            } else {
                continue;
            }
            n.corrected = correct_for_background(*r->mean, n.background_db);
            out.push_back(std::move(n));
        }
    }
    return out;
}

}  // namespace wattbench::core::report
