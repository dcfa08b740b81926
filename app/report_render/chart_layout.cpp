#include "app/report_render/chart_layout.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "app/core/i18n/number_format.hpp"
#include "app/core/i18n/translate.hpp"
#include "app/core/report/utc_time.hpp"
#include "app/core/report/value_format.hpp"

namespace wattbench::report_render {

namespace report = core::report;
namespace i18n = core::i18n;

std::vector<chart_style::PhaseSpan> phase_spans(const report::ReportContent& content, double last) {
    std::vector<chart_style::PhaseSpan> spans;
    for (const auto& p : content.phases) {
        const auto ws = report::parse_utc_ms(p.window_start);
        if (!ws) {
            continue;
        }
        const auto& planned = content.run.info.phases;
        const auto entry = std::find_if(planned.begin(), planned.end(),
                                        [&](const auto& e) { return e.name == p.name; });
        const double warmup =
            entry == planned.end()
                ? 0.0
                : entry->warmup_achieved_s.value_or(entry->warmup_s.value_or(0.0));
        chart_style::PhaseSpan s;
        s.name = p.name;
        s.window_start = static_cast<double>(*ws) / 1000.0;
        s.start = s.window_start - std::max(warmup, 0.0);
        if (const auto we = report::parse_utc_ms(p.window_end)) {
            s.window_end = static_cast<double>(*we) / 1000.0;
            s.end = s.window_end;
        } else {
            s.end = last;
        }
        spans.push_back(std::move(s));
    }
    return spans;
}

double nice_step(double raw) {
    if (!(raw > 0.0)) {
        return 1.0;
    }
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double f : {1.0, 2.0, 5.0, 10.0}) {
        if (f * magnitude >= raw) {
            return f * magnitude;
        }
    }
    return 10.0 * magnitude;
}

TimeUnit time_unit(double span_s) {
    if (span_s <= 600) {
        return {1.0, "s"};
    }
    if (span_s <= 5 * 3600) {
        return {60.0, "min"};
    }
    return {3600.0, "h"};
}

std::vector<std::pair<std::size_t, std::size_t>> segments(
    const std::vector<report::SeriesBucket>& buckets) {
    std::vector<double> steps;
    for (std::size_t i = 1; i < buckets.size(); ++i) {
        steps.push_back(buckets[i].t0 - buckets[i - 1].t0);
    }
    double usual = 0.0;
    if (!steps.empty()) {
        std::nth_element(steps.begin(), steps.begin() + steps.size() / 2, steps.end());
        usual = steps[steps.size() / 2];
    }
    std::vector<std::pair<std::size_t, std::size_t>> out;
    std::size_t begin = 0;
    for (std::size_t i = 1; i <= buckets.size(); ++i) {
        if (i == buckets.size() ||
            buckets[i].t0 - buckets[i - 1].t0 >
                std::max(3.0 * usual, 1.5 * (buckets[i - 1].t1 - buckets[i - 1].t0))) {
            out.emplace_back(begin, i);
            begin = i;
        }
    }
    return out;
}

std::string threshold_text(const report::ThresholdLine& t, const std::string& unit,
                           i18n::Language language) {
    return fmt::format("{} {} {}{}", t.device + "/" + t.channel, i18n::tr(language, t.label),
                       i18n::localize_decimal(language, report::format_ratio(t.value)),
                       unit.empty() ? "" : std::string(i18n::unit_space(language)) + unit);
}

std::vector<const report::ThresholdLine*> drawn_limits(
    const std::vector<report::ThresholdLine>& lines, const report::ChannelSeries& series) {
    const report::ThresholdLine* upper = nullptr;
    const report::ThresholdLine* lower = nullptr;
    std::vector<const report::ThresholdLine*> out;
    for (const auto& t : lines) {
        if (t.device != series.device || t.channel != series.channel) {
            continue;
        }
        const bool is_upper = t.label.rfind("upper", 0) == 0;
        const bool is_lower = t.label.rfind("lower", 0) == 0;
        if (!is_upper && !is_lower) {
            out.push_back(&t);
            continue;
        }
        auto*& slot = is_upper ? upper : lower;
        const bool critical = t.label.find(" critical") != std::string::npos &&
                              t.label.find("non-critical") == std::string::npos;
        if (slot == nullptr || critical) {
            slot = &t;
        }
    }
    for (const auto* t : {upper, lower}) {
        if (t != nullptr) {
            out.push_back(t);
        }
    }
    return out;
}

}  // namespace wattbench::report_render
