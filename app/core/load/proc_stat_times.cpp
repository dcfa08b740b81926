#include "app/core/load/proc_stat_times.hpp"

#include <array>
#include <charconv>

namespace wattbench::core::load {

namespace {

std::optional<CpuTimes> parse_fields(std::string_view rest) {
    // user nice system idle iowait irq softirq steal [guest guest_nice]: guest time is already
    // counted in user, so it is left out.
    std::array<std::uint64_t, 8> f{};
    std::size_t n = 0;
    while (n < f.size()) {
        while (!rest.empty() && rest.front() == ' ') {
            rest.remove_prefix(1);
        }
        if (rest.empty()) {
            break;
        }
        const auto r = std::from_chars(rest.data(), rest.data() + rest.size(), f[n]);
        if (r.ec != std::errc()) {
            return std::nullopt;
        }
        rest.remove_prefix(static_cast<std::size_t>(r.ptr - rest.data()));
        ++n;
    }
    if (n < 4) {
        return std::nullopt;
    }
    CpuTimes t;
    t.busy = f[0] + f[1] + f[2] + f[5] + f[6] + f[7];
    t.idle = f[3] + f[4];
    return t;
}

}  // namespace

std::optional<ProcStatTimes> parse_proc_stat(std::string_view text) {
    ProcStatTimes out;
    bool have_total = false;
    while (!text.empty()) {
        const auto eol = text.find('\n');
        std::string_view line = text.substr(0, eol);
        text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
        if (line.size() < 4 || line.compare(0, 3, "cpu") != 0) {
            continue;
        }
        const auto space = line.find(' ');
        if (space == std::string_view::npos) {
            continue;
        }
        const std::string_view label = line.substr(3, space - 3);
        auto times = parse_fields(line.substr(space));
        if (!times) {
            continue;
        }
        if (label.empty()) {
            out.total = *times;
            have_total = true;
            continue;
        }
        int cpu = 0;
        const auto r = std::from_chars(label.data(), label.data() + label.size(), cpu);
        if (r.ec == std::errc() && r.ptr == label.data() + label.size()) {
            out.per_cpu[cpu] = *times;
        }
    }
    if (!have_total) {
        return std::nullopt;
    }
    return out;
}

std::optional<double> busy_percent(const CpuTimes& before, const CpuTimes& after) {
    if (after.busy < before.busy || after.idle < before.idle) {
        return std::nullopt;
    }
    const auto busy = after.busy - before.busy;
    const auto all = busy + (after.idle - before.idle);
    if (all == 0) {
        return std::nullopt;
    }
    return 100.0 * static_cast<double>(busy) / static_cast<double>(all);
}

}  // namespace wattbench::core::load
