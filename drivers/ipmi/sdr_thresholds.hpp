#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "drivers/api/channel_spec.hpp"

namespace wattbench::drivers::ipmi {

// Thresholds of every full sensor record in a FreeIPMI SDR cache file, by record id.
// libipmimonitoring reports readings and states but not the limits themselves.
std::map<std::uint16_t, api::Thresholds> read_sdr_thresholds(const std::string& cache_file);

}  // namespace wattbench::drivers::ipmi
