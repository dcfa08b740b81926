#include "app/core/report/power_curve.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "app/core/i18n/translate.hpp"
#include "app/core/report/mean_uncertainty.hpp"
#include "app/core/report/performance.hpp"
#include "app/core/report/student_t.hpp"
#include "app/core/rundir/manifest_lookup.hpp"

namespace wattbench::core::report {

namespace {

// A knee found from the shape alone must pass both tests (see find_knee).
constexpr double kMaxResidualRatio = 0.25;  // two lines leave at most a quarter of one line's
constexpr double kKneeAlpha = 0.01;         // F-test of the extra slope, 1 % level

struct Fit {
    double intercept = 0.0;
    double slope = 0.0;        // up to the break (the only slope of a single line)
    double slope_after = 0.0;  // beyond the break
    double rss = std::numeric_limits<double>::infinity();
    bool ok = false;
};

// Least squares on the basis {1, min(x, c), max(0, x - c)}: two straight lines that meet at c
// (power does not jump when one more CPU gets busy). c = +inf gives one straight line.
Fit hinge_fit(const std::vector<CurvePoint>& p, double c) {
    const bool single = !std::isfinite(c);
    const int k = single ? 2 : 3;
    std::array<std::array<double, 4>, 3> m{};  // normal equations, augmented
    auto basis = [&](double x) {
        return std::array<double, 3>{1.0, std::min(x, c), single ? 0.0 : std::max(0.0, x - c)};
    };
    for (const auto& pt : p) {
        const auto b = basis(pt.workers);
        for (int i = 0; i < k; ++i) {
            for (int j = 0; j < k; ++j) {
                m[i][j] += b[i] * b[j];
            }
            m[i][3] += b[i] * pt.power_w;
        }
    }
    for (int col = 0; col < k; ++col) {
        int pivot = col;
        for (int r = col + 1; r < k; ++r) {
            if (std::fabs(m[r][col]) > std::fabs(m[pivot][col])) {
                pivot = r;
            }
        }
        if (std::fabs(m[pivot][col]) < 1e-12) {
            return {};
        }
        std::swap(m[col], m[pivot]);
        for (int r = 0; r < k; ++r) {
            if (r == col) {
                continue;
            }
            const double f = m[r][col] / m[col][col];
            for (int j = col; j < 4; ++j) {
                m[r][j] -= f * m[col][j];
            }
        }
    }
    Fit fit;
    fit.intercept = m[0][3] / m[0][0];
    fit.slope = m[1][3] / m[1][1];
    fit.slope_after = single ? fit.slope : m[2][3] / m[2][2];
    fit.rss = 0.0;
    for (const auto& pt : p) {
        const auto b = basis(pt.workers);
        const double model = fit.intercept + fit.slope * b[1] + fit.slope_after * b[2];
        fit.rss += (pt.power_w - model) * (pt.power_w - model);
    }
    fit.ok = true;
    return fit;
}

i18n::MessageArg signed_w(double w) {
    auto text = fmt::format("{:+.1f}", w);
    return i18n::number_arg(text == "-0.0" ? "+0.0" : text);
}

i18n::MessageArg count(double v) {
    return i18n::number_arg(std::fabs(v - std::round(v)) < 1e-9 ? fmt::format("{}", std::llround(v))
                                                                : fmt::format("{:.1f}", v));
}

i18n::Message sentence(const PowerCurve& c) {
    if (c.points.size() < 2) {
        return {};
    }
    if (c.knee && c.knee->per_thread_w) {
        const auto& k = *c.knee;
        const auto forms =
            k.from_topology
                ? i18n::noop_tr_n("{} W per core up to {} core, then {} W per thread",
                                  "{} W per core up to {} cores, then {} W per thread")
                : i18n::noop_tr_n("{} W per busy CPU up to {} CPU, then {} W per busy CPU",
                                  "{} W per busy CPU up to {} CPUs, then {} W per busy CPU");
        // A fraction of a core takes the plural in English ("1.5 cores").
        const bool one = std::fabs(k.cores - 1.0) < 1e-9;
        return {forms.singular,
                {signed_w(k.per_core_w), count(k.cores), signed_w(*k.per_thread_w)},
                forms.plural,
                one ? 1.0 : k.cores};
    }
    const auto line = hinge_fit(c.points, std::numeric_limits<double>::infinity());
    if (!line.ok) {
        return {};
    }
    return {i18n::noop_tr("{} W per busy CPU"), {signed_w(line.slope)}};
}

// The machine the loads ran on: the remote target's facts (text) when there is one.
std::optional<double> fact(const rundir::Manifest& manifest, std::string_view key) {
    if (manifest.target) {
        const auto it = manifest.target->facts.find(std::string(key));
        if (it == manifest.target->facts.end()) {
            return std::nullopt;
        }
        try {
            return std::stod(it->second);
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }
    std::optional<std::int64_t> value;
    if (key == "physical_cores") {
        value = manifest.host.physical_cores;
    } else if (key == "logical_cpus") {
        value = manifest.host.logical_cpus;
    }
    return value ? std::optional<double>(static_cast<double>(*value)) : std::nullopt;
}

}  // namespace

std::optional<Knee> find_knee(const std::vector<CurvePoint>& points,
                              std::optional<double> physical_cores) {
    if (physical_cores) {
        const double c = *physical_cores;
        const auto below = std::count_if(points.begin(), points.end(),
                                         [&](const CurvePoint& p) { return p.workers < c; });
        const auto beyond = std::count_if(points.begin(), points.end(),
                                          [&](const CurvePoint& p) { return p.workers > c; });
        const auto at_or_below = static_cast<long>(points.size()) - beyond;
        if (beyond >= 1 && below >= 1 && at_or_below >= 2) {
            const auto fit = hinge_fit(points, c);
            if (fit.ok) {
                return Knee{c, fit.slope, fit.slope_after, true};
            }
        }
    }
    // The shape alone: try a break at every inner point, keep the best, and accept it only when
    // (1) it leaves at most kMaxResidualRatio of the straight line's residual, and (2) an F-test
    // of the one extra slope against the residual scatter, floored at the points' own error
    // bars (a perfectly smooth curve is not more certain than its meter), is significant at
    // kKneeAlpha. Needs 4 points so the two lines leave a residual degree of freedom.
    const auto n = static_cast<double>(points.size());
    if (points.size() < 4) {
        return std::nullopt;
    }
    const auto line = hinge_fit(points, std::numeric_limits<double>::infinity());
    if (!line.ok) {
        return std::nullopt;
    }
    double scale = 0.0;
    double noise = 0.0;
    for (const auto& p : points) {
        scale += p.power_w * p.power_w;
        const double sigma = p.error_w / 1.96;
        noise += sigma * sigma;
    }
    noise /= n;
    if (line.rss <= 1e-18 * scale) {
        return std::nullopt;  // a straight line already fits exactly
    }
    Fit best;
    double best_c = 0.0;
    for (std::size_t i = 1; i + 1 < points.size(); ++i) {
        const double c = points[i].workers;
        if (c <= points.front().workers || c >= points.back().workers) {
            continue;
        }
        const auto fit = hinge_fit(points, c);
        if (fit.ok && fit.rss < best.rss) {
            best = fit;
            best_c = c;
        }
    }
    if (!best.ok || best.rss > kMaxResidualRatio * line.rss) {
        return std::nullopt;
    }
    const double residual_dof = n - 3.0;
    const double s2 = std::max(best.rss / residual_dof, noise);
    const double f =
        s2 > 0.0 ? (line.rss - best.rss) / s2 : std::numeric_limits<double>::infinity();
    const double t = t_quantile(1.0 - kKneeAlpha / 2.0, residual_dof);  // F(1, v) = t(v)^2
    if (!(f > t * t)) {
        return std::nullopt;
    }
    return Knee{best_c, best.slope, best.slope_after, false};
}

std::optional<PowerCurve> power_curve(const RunData& run, const std::vector<PhaseView>& phases) {
    const auto wall = wall_power_channel(run);
    if (!wall) {
        return std::nullopt;
    }
    PowerCurve curve;
    curve.device = wall->device;
    curve.channel = wall->channel;
    for (const auto& phase : phases) {
        if (!phase.finished()) {
            continue;  // a partial window is not a point of the machine's curve
        }
        const auto* planned = rundir::find_phase(run.info, phase.name);
        std::optional<double> workers;
        if (phase.load == "idle") {
            if (planned && planned->background.value_or(false)) {
                continue;  // the machine was off
            }
            workers = 0.0;
        } else if (phase.load == "cpu") {
            workers = phase.workers;
            // Part-time workers would put a point off the full-load curve.
            if (const auto intensity = planned ? planned->intensity : std::nullopt;
                intensity && *intensity < 100.0) {
                continue;
            }
        }
        if (!workers) {
            continue;
        }
        const bool seen = std::any_of(curve.points.begin(), curve.points.end(),
                                      [&](const CurvePoint& p) { return p.workers == *workers; });
        if (seen) {
            continue;  // the first phase with that many workers stands for it
        }
        for (const PhaseRow* row : phase.rows) {
            if (row->device != wall->device || row->channel != wall->channel || !row->mean) {
                continue;
            }
            const auto u = mean_uncertainty(*row->mean, row->stddev.value_or(std::nan("")),
                                            static_cast<double>(row->samples), row->uncertainty);
            CurvePoint p;
            p.phase = phase.name;
            p.workers = *workers;
            p.power_w = *row->mean;
            p.error_w = u.known ? half_width_95(u) : 0.0;
            curve.points.push_back(std::move(p));
            break;
        }
    }
    if (curve.points.size() < 2) {
        return std::nullopt;
    }
    std::stable_sort(
        curve.points.begin(), curve.points.end(),
        [](const CurvePoint& a, const CurvePoint& b) { return a.workers < b.workers; });
    for (std::size_t i = 0; i + 1 < curve.points.size(); ++i) {
        const auto& a = curve.points[i];
        const auto& b = curve.points[i + 1];
        curve.marginal_w.push_back((b.power_w - a.power_w) / (b.workers - a.workers));
    }
    std::optional<double> cores;
    const auto physical = fact(run.info, "physical_cores");
    const auto logical = fact(run.info, "logical_cpus");
    if (physical && logical && *logical > *physical && *physical > 0) {
        cores = physical;
    }
    curve.knee = find_knee(curve.points, cores);
    curve.sentence_message = sentence(curve);
    curve.sentence = curve.sentence_message.empty() ? std::string()
                                                    : curve.sentence_message.in(i18n::Language::en);
    return curve;
}

}  // namespace wattbench::core::report
