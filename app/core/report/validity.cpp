#include "app/core/report/validity.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include <fmt/format.h>

#include "app/core/i18n/translate.hpp"
#include "app/core/report/wall_power.hpp"
#include "app/core/rundir/manifest_lookup.hpp"

namespace wattbench::core::report {

// Which rule is an error and which a warning. An error means the phase's figures cannot be
// published as measured under the limits; a warning means they can, but a reader should know.
//   error:   uncertainty over the limit; invalid readings (power or other) at or over their
//            limit; missing readings (coverage) over that limit; overrange power readings;
//            load_short (unless ValidityLimits::load_short_is_error is false); range_change;
//            interrupted or never measured; ambient below its minimum.
//   warning: warmup_max; not_idle; stale; counter_reset; gaps within the limit; overrange
//            readings of other channels; a power channel whose meter declares no accuracy; an
//            ambient channel without a reading; a device that failed to open; flags this
//            version does not know.

namespace {

using i18n::Message;
using i18n::noop_tr;
using i18n::number_arg;
using i18n::text_arg;

// A share as the digits of a percentage, "25" or "0.4": the message puts the "%" on.
i18n::MessageArg percent(double share) {
    auto text = fmt::format("{:.2f}", share * 100.0);
    while (!text.empty() && text.back() == '0') {
        text.pop_back();
    }
    if (!text.empty() && text.back() == '.') {
        text.pop_back();
    }
    return number_arg(text);
}

i18n::MessageArg number(double v) {
    auto text = fmt::format("{:.1f}", v);
    if (text.size() > 2 && text.ends_with(".0")) {
        text.resize(text.size() - 2);
    }
    return number_arg(text);
}

i18n::MessageArg count_arg(std::uint64_t n) {
    return number_arg(std::to_string(n));
}

const WindowCounts* find_counts(const SamplesScan& scan, const std::string& phase,
                                const std::string& device, const std::string& channel) {
    for (const auto& w : scan.windows) {
        if (w.phase == phase && w.device == device && w.channel == channel) {
            return &w;
        }
    }
    return nullptr;
}

std::vector<std::string> split_flags(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto end = std::min(text.find(';', start), text.size());
        if (end > start) {
            out.push_back(text.substr(start, end - start));
        }
        start = end + 1;
    }
    return out;
}

bool device_failed(const rundir::Manifest& manifest, const std::string& device) {
    const auto* d = rundir::find_device(manifest, device);
    return d && d->state == rundir::DeviceState::failed;
}

class PhaseJudge {
public:
    PhaseJudge(const RunData& run, const PhaseView& phase, const SamplesScan& scan,
               const ValidityLimits& limits)
        : run_(run), phase_(phase), scan_(scan), limits_(limits) {
        result_.phase = phase.name;
    }

    PhaseValidity judge() {
        const auto* planned = rundir::find_phase(run_.info, phase_.name);
        if (phase_.status == "interrupted") {
            add("interrupted", "", Severity::error,
                {noop_tr("interrupted: its window is partial")});
        } else if (!phase_.finished()) {
            add("interrupted", "", Severity::error,
                {noop_tr("not measured (status {})"), {text_arg(phase_.status)}});
        }
        if (phase_.rows.empty()) {
            if (phase_.finished()) {
                add("coverage", "", Severity::error, {noop_tr("no readings in its window")});
            }
            return finish();
        }
        const bool machine_off = planned && planned->background.value_or(false);
        std::set<std::string> failed_devices;
        for (const PhaseRow* row : phase_.rows) {
            if (device_failed(run_.info, row->device)) {
                if (failed_devices.insert(row->device).second) {
                    add("coverage", row->device, Severity::warning,
                        {noop_tr("device {} failed to open: not measured"),
                         {text_arg(row->device)}});
                }
                continue;
            }
            judge_row(*row, machine_off);
        }
        judge_flags(planned);
        judge_ambient();
        return finish();
    }

private:
    void add(std::string rule, std::string channel, Severity severity, Message message) {
        std::string detail = message.in(i18n::Language::en);
        result_.checks.push_back(
            {std::move(rule), std::move(channel), severity, std::move(detail), std::move(message)});
    }

    PhaseValidity finish() {
        for (const auto& c : result_.checks) {
            result_.verdict = std::max(result_.verdict, c.severity);
        }
        return std::move(result_);
    }

    void judge_row(const PhaseRow& row, bool machine_off) {
        const std::string name = row.device + "/" + row.channel;
        const bool power = is_wall_power(run_, row);
        // A BMC's declared accuracy is its own estimate, not an analyzer's: shown, not judged.
        const bool judged =
            power || (!std::isnan(row.uncertainty) && !is_bmc_device(run_, row.device));
        if (judged && !machine_off) {
            judge_uncertainty(row, name);
        }
        const double limit = power ? limits_.max_invalid_power : limits_.max_invalid_other;
        const std::string rule = power ? "invalid_power" : "invalid_other";
        const auto* counts = find_counts(scan_, phase_.name, row.device, row.channel);
        if (counts != nullptr && counts->total > 0) {
            const double share =
                static_cast<double>(counts->invalid) / static_cast<double>(counts->total);
            judge_share(rule, name, share, limit,
                        {noop_tr("invalid {} % < {} % ({} of {} readings)"),
                         {count_arg(counts->invalid), count_arg(counts->total)}},
                        noop_tr("invalid {} % ≥ {} % ({} of {} readings)"));
            if (counts->overrange > 0) {
                const auto forms = i18n::noop_tr_n("{} overrange reading", "{} overrange readings");
                add("overrange", name, power ? Severity::error : Severity::warning,
                    {forms.singular,
                     {count_arg(counts->overrange)},
                     forms.plural,
                     static_cast<double>(counts->overrange)});
            } else {
                add("overrange", name, Severity::ok, {noop_tr("no overrange reading")});
            }
        }
        // Coverage counts every expected reading that is not valid, including those never
        // taken (a stalled link): a share beyond the invalid limit fails like invalid readings.
        const double missing = std::clamp(1.0 - row.coverage, 0.0, 1.0);
        if (counts == nullptr || counts->total == 0) {
            judge_share(
                rule, name, missing, limit,
                {noop_tr("invalid {} % < {} % (from coverage {} %)"), {percent(row.coverage)}},
                noop_tr("invalid {} % ≥ {} % (from coverage {} %)"));
        } else if (missing > 0.0 && !(missing < limit)) {
            add("coverage", name, Severity::error,
                {noop_tr("coverage {} %: {} % missing ≥ {} %"),
                 {percent(row.coverage), percent(missing), percent(limit)}});
        }
        if (missing > 0.0 && missing < limit) {
            add("gaps", name, Severity::warning,
                {noop_tr("coverage {} %: {} % of the readings missing"),
                 {percent(row.coverage), percent(missing)}});
        }
    }

    // `passed` is the message when the share is within the limit, its values after the share
    // and the limit; `failed` its wording otherwise.
    void judge_share(const std::string& rule, const std::string& name, double share, double limit,
                     Message passed, std::string_view failed) {
        // SPEC's wording: fewer than 1 % invalid. A limit of 0 still admits a clean window.
        const bool pass = share == 0.0 || share < limit;
        if (!pass) {
            passed.format = failed;
        }
        passed.args.insert(passed.args.begin(), {percent(share), percent(limit)});
        add(rule, name, pass ? Severity::ok : Severity::error, std::move(passed));
    }

    void judge_uncertainty(const PhaseRow& row, const std::string& name) {
        if (std::isnan(row.uncertainty)) {
            if (row.channel == "power") {
                add("uncertainty", name, Severity::warning,
                    {noop_tr("uncertainty not recorded (the meter declares no accuracy)")});
            }
            return;
        }
        if (!result_.uncertainty || row.uncertainty > *result_.uncertainty) {
            result_.uncertainty = row.uncertainty;
            result_.uncertainty_channel = name;
        }
        const bool pass = row.uncertainty <= limits_.max_uncertainty;
        add("uncertainty", name, pass ? Severity::ok : Severity::error,
            std::isfinite(row.uncertainty)
                ? Message{pass ? noop_tr("uncertainty {} % ≤ {} %")
                               : noop_tr("uncertainty {} % > {} %"),
                          {percent(row.uncertainty), percent(limits_.max_uncertainty)}}
                : Message{noop_tr("uncertainty unbounded (mean 0 or no reading) > {} %"),
                          {percent(limits_.max_uncertainty)}});
    }

    void judge_flags(const rundir::Phase* planned) {
        std::vector<std::string> flags;
        auto take = [&](const std::string& f) {
            if (std::find(flags.begin(), flags.end(), f) == flags.end()) {
                flags.push_back(f);
            }
        };
        for (const PhaseRow* row : phase_.rows) {
            for (const auto& f : split_flags(row->flags)) {
                take(f);
            }
        }
        if (planned && planned->flags) {
            for (const auto& f : *planned->flags) {
                take(f);
            }
        }
        for (const auto& f : flags) {
            if (f == "uncertainty_high") {
                continue;  // judged again by the uncertainty rule, with this run's limit
            }
            if (f == "load_short") {
                add(f, "", limits_.load_short_is_error ? Severity::error : Severity::warning,
                    load_short_detail(planned));
            } else if (f == "range_change") {
                add(f, "", Severity::error,
                    {noop_tr("a meter changed its range inside the window")});
            } else if (f == "stale") {
                add(f, "", Severity::warning,
                    {noop_tr("a network meter's readings did not change for more than twice its "
                             "observed update interval: it may have stopped refreshing, so the "
                             "window's mean may repeat old values (a warning: the figures stand, "
                             "check events.log)")});
            } else if (f == "counter_reset" || f == "energy_counter_reset") {
                add(f, "", Severity::warning,
                    {noop_tr("an energy counter went backwards inside the window (the meter "
                             "restarted or its counter was reset): its energy row spans the jump; "
                             "power figures are not taken from the counter")});
            } else if (f == "warmup_max") {
                add(f, "", Severity::warning,
                    {noop_tr("the warm-up reached its maximum before every channel was stable")});
            } else if (f == "not_idle") {
                add(f, "", Severity::warning,
                    {noop_tr("the machine was not idle before the window")});
            } else {
                add(f, "", Severity::warning, {noop_tr("flag {}"), {text_arg(f)}});
            }
        }
    }

    Message load_short_detail(const rundir::Phase* planned) const {
        const auto target = planned ? planned->target_cpu_util : std::nullopt;
        const auto achieved = planned ? planned->achieved_cpu_util : std::nullopt;
        if (target && achieved) {
            return {noop_tr("load short: CPU {} % of a target {} %"),
                    {number(*achieved), number(*target)}};
        }
        return {noop_tr("load short of its target")};
    }

    void judge_ambient() {
        if (limits_.ambient.empty()) {
            return;
        }
        const auto slash = limits_.ambient.find('/');
        const auto device = limits_.ambient.substr(0, slash);
        const auto channel = slash == std::string::npos ? "" : limits_.ambient.substr(slash + 1);
        for (const PhaseRow* row : phase_.rows) {
            if (row->device == device && row->channel == channel && row->mean) {
                const bool pass = *row->mean >= limits_.min_ambient_c;
                add("ambient", limits_.ambient, pass ? Severity::ok : Severity::error,
                    {pass ? noop_tr("ambient {} °C ≥ {} °C") : noop_tr("ambient {} °C < {} °C"),
                     {number(*row->mean), number(limits_.min_ambient_c)}});
                return;
            }
        }
        add("ambient", limits_.ambient, Severity::warning,
            {noop_tr("ambient channel without a reading")});
    }

    const RunData& run_;
    const PhaseView& phase_;
    const SamplesScan& scan_;
    const ValidityLimits& limits_;
    PhaseValidity result_;
};

}  // namespace

std::string_view severity_name(Severity s) {
    switch (s) {
        case Severity::ok:
            return i18n::noop_tr("valid");
        case Severity::warning:
            return i18n::noop_tr("warning");
        case Severity::error:
            return i18n::noop_tr("invalid");
    }
    return "invalid";
}

ValidityLimits validity_limits(const rundir::Manifest& manifest) {
    ValidityLimits limits;
    if (const auto u = manifest.run.uncertainty_limit) {
        limits.max_uncertainty = *u;
    }
    const auto& v = manifest.run.validity;
    if (!v) {
        return limits;
    }
    limits.max_uncertainty = v->max_uncertainty.value_or(limits.max_uncertainty);
    limits.max_invalid_power = v->max_invalid_power.value_or(limits.max_invalid_power);
    limits.max_invalid_other = v->max_invalid_other.value_or(limits.max_invalid_other);
    limits.min_ambient_c = v->min_ambient.value_or(limits.min_ambient_c);
    limits.ambient = v->ambient.value_or(limits.ambient);
    // Not a key the engine writes: a manifest edited by hand (or a later version) may carry it.
    if (const auto e = v->extra.find("load_short_is_error");
        e != v->extra.end() && e->is_boolean()) {
        limits.load_short_is_error = e->get<bool>();
    }
    return limits;
}

RunValidity judge_run(const RunData& run, const std::vector<PhaseView>& phases,
                      const SamplesScan& samples) {
    RunValidity out;
    out.limits = validity_limits(run.info);
    std::vector<std::string> warnings;
    for (const auto& phase : phases) {
        auto judged = PhaseJudge(run, phase, samples, out.limits).judge();
        out.verdict = std::max(out.verdict, judged.verdict);
        for (const auto& c : judged.checks) {
            if (c.severity == Severity::ok) {
                continue;
            }
            auto line = phase.name + ": " + c.detail;
            if (!c.channel.empty() && c.detail.find(c.channel) == std::string::npos) {
                line += " (" + c.channel + ")";
            }
            (c.severity == Severity::error ? out.reasons : warnings).push_back(std::move(line));
        }
        out.phases.push_back(std::move(judged));
    }
    out.reasons.insert(out.reasons.end(), warnings.begin(), warnings.end());
    return out;
}

}  // namespace wattbench::core::report
