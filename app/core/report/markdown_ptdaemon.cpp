#include <fmt/format.h>

#include "app/core/report/markdown_sections.hpp"
#include "app/core/report/markdown_table.hpp"
#include "app/core/report/markdown_text.hpp"
#include "app/core/report/report_content.hpp"
#include "app/core/report/value_format.hpp"

namespace wattbench::core::report {

// PTDaemon's own figures per phase beside wattbench's mean of the same readings; only for a run
// with a ptdaemon device, so every other report stays as it was.
std::string ptdaemon_body(const ReportContent& content) {
    const auto& rows = content.ptdaemon;
    if (rows.empty()) {
        return {};
    }
    std::string out =
        "PTDaemon's `Watts` and `Uncertainty` answers at each window's end (its own samples since "
        "the window's `Mark`), beside wattbench's mean of the readings it took from PTD. "
        "Uncertainty is as PTD reports it (its unit is not stated).\n\n";
    MarkdownTable table({"Phase", "Device", "PTD mean [W]", "wattbench mean [W]", "Δ [W]", "Δ [%]",
                         "PTD uncertainty", "Samples", "Errors", "Valid"},
                        {Align::left, Align::left, Align::right, Align::right, Align::right,
                         Align::right, Align::right, Align::right, Align::right, Align::left});
    auto watts = [](const std::optional<double>& v) {
        return v ? format_fixed(*v, 2) : std::string(kNoData);
    };
    auto count = [](const std::optional<std::int64_t>& v) {
        return v ? fmt::format("{}", *v) : std::string(kNoData);
    };
    bool restarted = false;
    for (const auto& f : rows) {
        restarted = restarted || f.restarted;
        table.add_row({f.phase->title() + (f.restarted ? " (restarted)" : ""), f.device,
                       watts(f.watts), watts(f.wattbench_mean),
                       f.difference ? fmt::format("{:+.2f}", *f.difference) : std::string(kNoData),
                       f.difference_percent ? fmt::format("{:+.2f}", *f.difference_percent)
                                            : std::string(kNoData),
                       f.uncertainty ? format_ratio(*f.uncertainty) : std::string(kNoData),
                       count(f.samples), count(f.errors),
                       f.valid.empty() ? std::string(kNoData) : f.valid});
    }
    out += table.render();
    if (restarted) {
        out +=
            "\nRestarted: PTD's measurement restarted inside the window after a dropped link, "
            "so its figures cover only the part after the gap.\n";
    }
    return out;
}

}  // namespace wattbench::core::report
