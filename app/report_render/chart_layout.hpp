#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "app/chart_style/phase_span.hpp"
#include "app/core/i18n/language.hpp"
#include "app/core/report/report_content.hpp"

// What a report's charts show, decided without Qt Charts (report_chart.cpp draws it): the
// phases' spans, the time axis, where a series breaks, which limits are drawn.
namespace wattbench::report_render {

// Each phase with a window, from the start of its warm-up (its window's opening minus the
// warm-up it really took, or the configured one for runs that did not record it) to its
// window's end, else to `last`.
std::vector<chart_style::PhaseSpan> phase_spans(const core::report::ReportContent& content,
                                                double last);

// 1, 2 or 5 times a power of ten, at least `raw`.
double nice_step(double raw);

// The unit of a time axis spanning `span_s` seconds: s up to 10 min, min up to 5 h, else h.
struct TimeUnit {
    double seconds;
    const char* name;
};
TimeUnit time_unit(double span_s);

// Where a channel's buckets split into separate lines: [begin, end) index ranges. Buckets split
// where readings stop for a while, measured against the usual spacing of the buckets (narrower
// than the sampling interval on short runs), so a line never bridges a gap.
std::vector<std::pair<std::size_t, std::size_t>> segments(
    const std::vector<core::report::SeriesBucket>& buckets);

// "bmc/cpu_temp upper critical 95 °C".
// "bmc/cpu_temp upper critical 95 °C" in `language` (the limit's name from the catalog).
std::string threshold_text(const core::report::ThresholdLine& t, const std::string& unit,
                           core::i18n::Language language);

// The limits drawn on a channel: at most one above and one below its readings, the critical
// ones where the sensor declares several (six dash-dotted lines per voltage rail would hide the
// rails; the report's limits table lists them all), and any limit that is neither.
std::vector<const core::report::ThresholdLine*> drawn_limits(
    const std::vector<core::report::ThresholdLine>& lines,
    const core::report::ChannelSeries& series);

}  // namespace wattbench::report_render
