#include "app/core/report/comparison.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>

#include <fmt/format.h>

#include "app/core/i18n/translate.hpp"

#include "app/core/report/channel_presentation.hpp"
#include "app/core/report/mean_uncertainty.hpp"
#include "app/core/report/performance.hpp"
#include "app/core/report/run_phases.hpp"
#include "app/core/report/student_t.hpp"
#include "app/core/rundir/manifest_lookup.hpp"

namespace wattbench::core::report {

// The interval of the relative difference r = b/a - 1 is propagated to first order (GUM):
// u(r)^2 = (u_b / a)^2 + (b u_a / a^2)^2, each run's part split into its window scatter
// (n - 1 degrees of freedom) and the meter's declared accuracy (taken as exact, infinite
// degrees of freedom); Welch-Satterthwaite gives the degrees of freedom of the sum and
// t(0.975, dof) the half-width. The two runs are taken as independent: with the same meter in
// both, its accuracy term partly cancels, so the interval errs on the wide side.

namespace {

std::string signed_pct(double v) {
    auto text = fmt::format("{:+.1f}", v);
    return text == "-0.0" ? "+0.0" : text;
}

std::string dir_name(const RunData& run) {
    auto path = std::filesystem::path(run.dir);
    if (!path.has_filename()) {
        path = path.parent_path();
    }
    return path.filename().string();
}

bool unique(const std::vector<std::string>& names) {
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (std::find(names.begin() + static_cast<std::ptrdiff_t>(i) + 1, names.end(), names[i]) !=
            names.end()) {
            return false;
        }
    }
    return true;
}

// The manifest's run names, unless two runs share one (two runs of the same profile): then
// their directories' names, else the directories as given.
std::vector<std::string> run_names(const std::vector<RunData>& runs) {
    std::vector<std::string> names;
    for (const auto& run : runs) {
        const auto& name = run.info.run.name;
        names.push_back(!name.empty() ? name : dir_name(run));
    }
    if (unique(names)) {
        return names;
    }
    names.clear();
    for (const auto& run : runs) {
        names.push_back(dir_name(run));
    }
    if (unique(names)) {
        return names;
    }
    names.clear();
    for (const auto& run : runs) {
        names.push_back(run.dir);
    }
    return names;
}

std::string label(const RunData& run, const char* letter) {
    return fmt::format("{} ({})", letter, run.dir);
}

std::string phase_list(const std::vector<PhaseView>& phases) {
    std::string out;
    for (const auto& p : phases) {
        out += (out.empty() ? "" : ", ") + p.name;
    }
    return out.empty() ? "no phase" : out;
}

const PhaseView* find_view(const std::vector<PhaseView>& phases, const std::string& name) {
    const auto it = std::find_if(phases.begin(), phases.end(),
                                 [&](const PhaseView& p) { return p.name == name; });
    return it == phases.end() ? nullptr : &*it;
}

const PhaseRow* find_row(const PhaseView& phase, const PhaseRow& like) {
    for (const PhaseRow* r : phase.rows) {
        if (r->device == like.device && r->channel == like.channel) {
            return r;
        }
    }
    return nullptr;
}

struct Score {
    double value = 0.0;
    std::string unit;
};

std::optional<Score> score_of(const RunData& run, const std::string& phase) {
    const auto* planned = rundir::find_phase(run.info, phase);
    if (!planned || !planned->score) {
        return std::nullopt;
    }
    return Score{planned->score->value, planned->score->unit};
}

const PhasePerformance* find_performance(const std::vector<PhasePerformance>& list,
                                         const std::string& phase) {
    for (const auto& p : list) {
        if (p.phase != nullptr && p.phase->name == phase) {
            return &p;
        }
    }
    return nullptr;
}

std::variant<RunComparison, std::string> compare_pair(const RunData& a, const RunData& b,
                                                      std::string name_a, std::string name_b) {
    const auto phases_a = run_phases(a);
    const auto phases_b = run_phases(b);
    const auto performance_a = phase_performance(a, phases_a);
    const auto performance_b = phase_performance(b, phases_b);
    const auto wall_a = wall_power_channel(a);
    RunComparison out;
    out.name_a = std::move(name_a);
    out.name_b = std::move(name_b);
    bool shared = false;
    for (const auto& pa : phases_a) {
        const auto* pb = find_view(phases_b, pa.name);
        if (pb == nullptr) {
            continue;
        }
        shared = true;
        const bool partial = !pa.finished() || !pb->finished();
        for (const PhaseRow* ra : pa.rows) {
            const PhaseRow* rb = find_row(*pb, *ra);
            if (rb == nullptr) {
                continue;
            }
            if (ra->unit != rb->unit) {
                return fmt::format("{} {}/{}: {} in {}, {} in {}", pa.name, ra->device, ra->channel,
                                   ra->unit, label(a, "A"), rb->unit, label(b, "B"));
            }
            if (!ra->mean || !rb->mean) {
                continue;  // a discrete channel, or no valid reading in one of the windows
            }
            // A meter's energy counter runs from when it was opened: its window mean says when
            // the run started, not what the machine drew.
            if (present_channel(a.info, ra->device, ra->channel, ra->unit).quantity ==
                drivers::api::Quantity::energy) {
                continue;
            }
            auto row = compare_values(*ra->mean, ra->stddev.value_or(std::nan("")),
                                      static_cast<double>(ra->samples), ra->uncertainty, *rb->mean,
                                      rb->stddev.value_or(std::nan("")),
                                      static_cast<double>(rb->samples), rb->uncertainty);
            row.phase = pa.name;
            row.channel = ra->device + "/" + ra->channel;
            row.unit = ra->unit;
            row.partial = partial;
            out.rows.push_back(std::move(row));
        }
        const auto sa = score_of(a, pa.name);
        const auto sb = score_of(b, pa.name);
        if (sa && sb) {
            if (sa->unit != sb->unit) {
                return fmt::format("{} score: {} in {}, {} in {}", pa.name, sa->unit, label(a, "A"),
                                   sb->unit, label(b, "B"));
            }
            auto row = compare_values(sa->value, std::nan(""), 1, std::nan(""), sb->value,
                                      std::nan(""), 1, std::nan(""));
            row.phase = pa.name;
            row.channel = "score";
            row.unit = sa->unit;
            row.partial = partial;
            out.rows.push_back(std::move(row));
            // What the score is worth per watt of wall power in each run, as `report` gives it.
            const auto* qa = find_performance(performance_a, pa.name);
            const auto* qb = find_performance(performance_b, pa.name);
            if (qa && qb && qa->score_per_watt && qb->score_per_watt && wall_a) {
                auto per_watt = compare_values(*qa->score_per_watt, std::nan(""), 1, std::nan(""),
                                               *qb->score_per_watt, std::nan(""), 1, std::nan(""));
                per_watt.phase = pa.name;
                per_watt.channel =
                    fmt::format("score per watt ({}/{})", wall_a->device, wall_a->channel);
                per_watt.unit = sa->unit + "/W";
                per_watt.partial = partial;
                out.rows.push_back(std::move(per_watt));
            }
        }
    }
    if (!shared) {
        return fmt::format("runs share no phase: {} has {}; {} has {}", label(a, "A"),
                           phase_list(phases_a), label(b, "B"), phase_list(phases_b));
    }
    return out;
}

}  // namespace

ComparisonRow compare_values(double mean_a, double stddev_a, double n_a, double rel_unc_a,
                             double mean_b, double stddev_b, double n_b, double rel_unc_b) {
    ComparisonRow row;
    row.a = mean_a;
    row.b = mean_b;
    row.diff = mean_b - mean_a;
    if (mean_a == 0.0) {
        row.diff_pct = std::numeric_limits<double>::quiet_NaN();
        row.verdict_message = {i18n::noop_tr("no percentage: A is 0")};
        row.verdict = row.verdict_message.in(i18n::Language::en);
        return row;
    }
    row.diff_pct = 100.0 * row.diff / mean_a;
    const auto ua = mean_uncertainty(mean_a, stddev_a, n_a, rel_unc_a);
    const auto ub = mean_uncertainty(mean_b, stddev_b, n_b, rel_unc_b);
    if (!ua.known || !ub.known) {
        row.verdict_message = {i18n::noop_tr("{} % (one value per run: no confidence interval)"),
                               {i18n::number_arg(signed_pct(row.diff_pct))}};
        row.verdict = row.verdict_message.in(i18n::Language::en);
        return row;
    }
    const double a = std::fabs(mean_a);
    const double sens_a = std::fabs(mean_b) / (a * a);
    constexpr double inf = std::numeric_limits<double>::infinity();
    const UncertaintyTerm terms[] = {{ub.statistical / a, ub.dof},
                                     {ub.meter / a, inf},
                                     {ua.statistical * sens_a, ua.dof},
                                     {ua.meter * sens_a, inf}};
    double u2 = 0.0;
    for (const auto& t : terms) {
        u2 += t.u * t.u;
    }
    const double half = 100.0 * t_quantile(0.975, welch_satterthwaite(terms, 4)) * std::sqrt(u2);
    row.ci_low_pct = row.diff_pct - half;
    row.ci_high_pct = row.diff_pct + half;
    row.significant = *row.ci_low_pct > 0.0 || *row.ci_high_pct < 0.0;
    row.verdict_message = row.significant
                              ? i18n::Message{i18n::noop_tr("{} % [{}, {}]"),
                                              {i18n::number_arg(signed_pct(row.diff_pct)),
                                               i18n::number_arg(signed_pct(*row.ci_low_pct)),
                                               i18n::number_arg(signed_pct(*row.ci_high_pct))}}
                              : i18n::Message{i18n::noop_tr("no significant difference")};
    row.verdict = row.verdict_message.in(i18n::Language::en);
    return row;
}

std::variant<Comparison, std::string> compare_runs(const std::vector<RunData>& runs) {
    if (runs.size() < 2) {
        return std::string("compare needs at least two runs");
    }
    Comparison out;
    for (const auto& run : runs) {
        out.run_dirs.push_back(run.dir);
        out.curves.push_back(power_curve(run, run_phases(run)));
    }
    const auto names = run_names(runs);
    for (std::size_t i = 1; i < runs.size(); ++i) {
        auto pair = compare_pair(runs.front(), runs[i], names.front(), names[i]);
        if (auto* refusal = std::get_if<std::string>(&pair)) {
            return std::move(*refusal);
        }
        out.pairs.push_back(std::move(std::get<RunComparison>(pair)));
    }
    return out;
}

}  // namespace wattbench::core::report
