#include "drivers/cpu/proc_stat.hpp"

#include <algorithm>
#include <array>

#include "drivers/cpu/text_fields.hpp"

namespace wattbench::drivers::cpu {

namespace {

std::optional<CpuTimes> parse_cpu_fields(std::string_view rest) {
    std::array<std::uint64_t, 8> v{};
    std::size_t count = 0;
    for (std::string_view field = next_field(rest); !field.empty(); field = next_field(rest)) {
        auto n = parse_unsigned(field);
        if (!n) {
            return std::nullopt;
        }
        if (count < v.size()) {
            v[count] = *n;
        }
        ++count;
    }
    // Kernels before 2.6 had only four columns; anything shorter is not /proc/stat.
    if (count < 4) {
        return std::nullopt;
    }
    return CpuTimes{v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]};
}

}  // namespace

std::optional<ProcStat> parse_proc_stat(std::string_view text) {
    ProcStat out;
    bool have_total = false;
    while (!text.empty()) {
        std::string_view rest = next_line(text);
        std::string_view label = next_field(rest);
        if (label.size() < 3 || label.substr(0, 3) != "cpu") {
            continue;
        }
        auto times = parse_cpu_fields(rest);
        if (!times) {
            return std::nullopt;
        }
        if (label.size() == 3) {
            out.total = *times;
            have_total = true;
            continue;
        }
        auto index = parse_unsigned(label.substr(3));
        if (!index || *index > 1u << 20) {
            return std::nullopt;
        }
        out.cpus.push_back(PerCpuTimes{static_cast<unsigned>(*index), *times});
    }
    if (!have_total) {
        return std::nullopt;
    }
    return out;
}

const CpuTimes* ProcStat::cpu(unsigned index) const {
    for (const auto& c : cpus) {
        if (c.index == index) {
            return &c.times;
        }
    }
    return nullptr;
}

std::optional<double> busy_percent(const CpuTimes& before, const CpuTimes& after) {
    if (after.total() <= before.total() || after.busy() < before.busy()) {
        return std::nullopt;
    }
    const double busy = static_cast<double>(after.busy() - before.busy());
    const double total = static_cast<double>(after.total() - before.total());
    return std::clamp(100.0 * busy / total, 0.0, 100.0);
}

}  // namespace wattbench::drivers::cpu
