#pragma once

#include <map>
#include <optional>
#include <string_view>

namespace wattbench::drivers::cpu {

// Pure: the text of /proc/cpuinfo in, "cpu MHz" per logical CPU ("processor" number) out.
// The fallback for machines without cpufreq (virtual machines), where it is the nominal clock.
std::map<unsigned, double> parse_cpuinfo_mhz(std::string_view text);

// Pure: a cpufreq scaling_cur_freq file (kHz) in, MHz out.
std::optional<double> parse_cpufreq_khz(std::string_view text);

}  // namespace wattbench::drivers::cpu
