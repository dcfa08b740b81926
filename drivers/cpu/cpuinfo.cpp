#include "drivers/cpu/cpuinfo.hpp"

#include <charconv>
#include <cmath>
#include <optional>

#include "drivers/cpu/text_fields.hpp"

namespace wattbench::drivers::cpu {

namespace {

std::optional<double> parse_double(std::string_view s) {
    double v = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc{} || end != s.data() + s.size() || !std::isfinite(v)) {
        return std::nullopt;
    }
    return v;
}

}  // namespace

std::map<unsigned, double> parse_cpuinfo_mhz(std::string_view text) {
    std::map<unsigned, double> out;
    std::optional<unsigned> processor;
    while (!text.empty()) {
        std::string_view line = next_line(text);
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos) {
            continue;
        }
        const std::string_view key = trim(line.substr(0, colon));
        const std::string_view value = trim(line.substr(colon + 1));
        if (key == "processor") {
            auto n = parse_unsigned(value);
            processor = n && *n <= (1u << 20) ? std::optional<unsigned>(static_cast<unsigned>(*n))
                                              : std::nullopt;
        } else if (key == "cpu MHz" && processor) {
            if (auto mhz = parse_double(value); mhz && *mhz >= 0) {
                out[*processor] = *mhz;
            }
        }
    }
    return out;
}

std::optional<double> parse_cpufreq_khz(std::string_view text) {
    auto khz = parse_unsigned(trim(text));
    if (!khz) {
        return std::nullopt;
    }
    return static_cast<double>(*khz) / 1000.0;
}

}  // namespace wattbench::drivers::cpu
