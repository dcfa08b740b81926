#include <vector>

#include <fmt/format.h>

#include "app/core/report/report_content.hpp"
#include "app/core/report/section_bodies.hpp"
#include "app/core/report/section_text.hpp"
#include "app/core/report/value_format.hpp"

namespace wattbench::core::report {

// PTDaemon's own figures per phase beside wattbench's mean of the same readings; only for a run
// with a ptdaemon device, so every other report stays as it was.
Document ptdaemon_body(const ReportContent& content) {
    const auto& rows = content.ptdaemon;
    if (rows.empty()) {
        return {};
    }
    const Language lang = content.language;
    Document out{Paragraph{markup(
        lang,
        "PTDaemon's `Watts` and `Uncertainty` answers at each window's end (its own samples "
        "since the window's `Mark`), beside wattbench's mean of the readings it took from PTD. "
        "Uncertainty is as PTD reports it (its unit is not stated).\n\n")}};
    std::vector<std::string> header;
    for (const auto msgid :
         {i18n::noop_tr("Phase"), i18n::noop_tr("Device"), i18n::noop_tr("PTD mean [W]"),
          i18n::noop_tr("wattbench mean [W]"), i18n::noop_tr("Δ [W]"), i18n::noop_tr("Δ [%]"),
          i18n::noop_tr("PTD uncertainty"), i18n::noop_tr("Samples"), i18n::noop_tr("Errors"),
          i18n::noop_tr("Valid")}) {
        header.emplace_back(tr(lang, msgid));
    }
    Table table{std::move(header),
                {Align::left, Align::left, Align::right, Align::right, Align::right, Align::right,
                 Align::right, Align::right, Align::right, Align::left}};
    auto watts = [&](const std::optional<double>& v) {
        return v ? number_text(lang, *v, 2) : std::string(kNoData);
    };
    auto count = [&](const std::optional<std::int64_t>& v) {
        return v ? localized(lang, fmt::format("{}", *v)) : std::string(kNoData);
    };
    auto signed_figure = [&](const std::optional<double>& v) {
        return v ? localized(lang, fmt::format("{:+.2f}", *v)) : std::string(kNoData);
    };
    bool restarted = false;
    for (const auto& f : rows) {
        restarted = restarted || f.restarted;
        table.add_row(
            {f.phase->title() + (f.restarted ? std::string(tr(lang, " (restarted)")) : ""),
             f.device, watts(f.watts), watts(f.wattbench_mean), signed_figure(f.difference),
             signed_figure(f.difference_percent),
             f.uncertainty ? localized(lang, format_ratio(*f.uncertainty)) : std::string(kNoData),
             count(f.samples), count(f.errors), f.valid.empty() ? std::string(kNoData) : f.valid});
    }
    out.emplace_back(std::move(table));
    if (restarted) {
        out.emplace_back(Paragraph{
            markup(lang,
                   "\nRestarted: PTD's measurement restarted inside the window after a dropped "
                   "link, so its figures cover only the part after the gap.\n")});
    }
    return out;
}

}  // namespace wattbench::core::report
