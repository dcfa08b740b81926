#pragma once

#include <cstdint>
#include <optional>

#include "drivers/api/channel_spec.hpp"

struct ipmi_sdr_ctx;

namespace wattbench::drivers::ipmi {

// The limits a full sensor record gives, only those it marks readable; nullopt for a record
// that has none (compact and event-only records, a record the parser refuses).
std::optional<api::Thresholds> sdr_thresholds(ipmi_sdr_ctx* ctx, const std::uint8_t* record,
                                              unsigned length);

}  // namespace wattbench::drivers::ipmi
