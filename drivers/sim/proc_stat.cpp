#include "drivers/sim/proc_stat.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>

namespace wattbench::drivers::sim {

namespace {

std::string_view next_field(std::string_view& line) {
    std::size_t start = line.find_first_not_of(" \t");
    if (start == std::string_view::npos) {
        line = {};
        return {};
    }
    line.remove_prefix(start);
    std::size_t end = line.find_first_of(" \t");
    std::string_view field = line.substr(0, end);
    line.remove_prefix(end == std::string_view::npos ? line.size() : end);
    return field;
}

std::optional<CpuTimes> parse_cpu_fields(std::string_view rest) {
    std::array<std::uint64_t, 8> v{};
    std::size_t count = 0;
    for (std::string_view field = next_field(rest); !field.empty(); field = next_field(rest)) {
        std::uint64_t n = 0;
        auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), n);
        if (ec != std::errc{} || end != field.data() + field.size()) {
            return std::nullopt;
        }
        if (count < v.size()) {
            v[count] = n;
        }
        ++count;
    }
    // Kernels before 2.6 had only four columns; anything shorter is not /proc/stat.
    if (count < 4) {
        return std::nullopt;
    }
    return CpuTimes{v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]};
}

bool is_per_cpu_label(std::string_view label) {
    return label.size() > 3 && label.substr(0, 3) == "cpu" &&
           std::all_of(label.begin() + 3, label.end(),
                       [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

}  // namespace

std::optional<ProcStat> parse_proc_stat(std::string_view text) {
    std::optional<CpuTimes> aggregate;
    unsigned per_cpu = 0;
    while (!text.empty()) {
        std::size_t eol = text.find('\n');
        std::string_view line = text.substr(0, eol);
        text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);

        std::string_view rest = line;
        std::string_view label = next_field(rest);
        if (label == "cpu") {
            aggregate = parse_cpu_fields(rest);
            if (!aggregate) {
                return std::nullopt;
            }
        } else if (is_per_cpu_label(label)) {
            ++per_cpu;
        }
    }
    if (!aggregate) {
        return std::nullopt;
    }
    return ProcStat{*aggregate, per_cpu};
}

std::optional<double> busy_fraction(const CpuTimes& before, const CpuTimes& after) {
    if (after.total() <= before.total() || after.busy() < before.busy()) {
        return std::nullopt;
    }
    const double busy = static_cast<double>(after.busy() - before.busy());
    const double total = static_cast<double>(after.total() - before.total());
    return std::clamp(busy / total, 0.0, 1.0);
}

}  // namespace wattbench::drivers::sim
