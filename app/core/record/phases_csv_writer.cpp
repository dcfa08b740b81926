#include "app/core/record/phases_csv_writer.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

#include "app/core/record/csv.hpp"
#include "app/core/record/utc_time.hpp"

namespace wattbench::core::record {

namespace {

void append_stat(std::string& out, double v, bool present) {
    if (present && !std::isnan(v)) {
        char buf[32];
        const auto r = std::to_chars(buf, buf + sizeof(buf), v);
        out.append(buf, static_cast<std::size_t>(r.ptr - buf));
    }
    out.push_back(',');
}

}  // namespace

PhasesCsvWriter::PhasesCsvWriter(const std::string& path) : file_(path) {
    file_.write_all(kHeader);
    file_.datasync();
}

std::optional<IoError> PhasesCsvWriter::write(const std::vector<stats::ChannelSummary>& rows) {
    if (failure_) {
        return failure_;
    }
    std::string text;
    for (const auto& row : rows) {
        text += format_row(row);
    }
    const std::uint64_t before = file_.size();
    auto e = file_.try_write_all(text);
    if (!e) {
        e = file_.try_datasync();
    }
    if (e) {
        (void)file_.try_truncate(before);
        failure_ = std::move(e);
    }
    return failure_;
}

std::string PhasesCsvWriter::format_row(const stats::ChannelSummary& r) {
    std::string out;
    for (const std::string* field : {&r.phase, &r.load, &r.device, &r.channel, &r.unit}) {
        append_csv_field(out, *field);
        out.push_back(',');
    }
    const bool present = r.samples > 0;
    append_stat(out, r.mean, present);
    append_stat(out, r.min, present);
    append_stat(out, r.max, present);
    append_stat(out, r.stddev, present);
    fmt::format_to(std::back_inserter(out), "{},{:.4f},{},{},", r.samples, r.coverage,
                   format_utc_ms(r.start), format_utc_ms(r.end));
    append_csv_field(out, r.flags);
    out.push_back(',');
    if (std::isfinite(r.uncertainty)) {
        fmt::format_to(std::back_inserter(out), "{:.6f}", r.uncertainty);
    }
    out.push_back(',');
    append_stat(out, r.l10, present);
    append_stat(out, r.l90, present);
    out.back() = '\n';
    return out;
}

}  // namespace wattbench::core::record
