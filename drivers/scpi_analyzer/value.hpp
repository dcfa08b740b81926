#pragma once

#include <string_view>

#include "drivers/api/reading.hpp"

namespace wattbench::drivers::scpi_analyzer {

// One field of an answer: a number, or what a sentinel said instead (over-range, no data).
// `error` marks a field that is neither: the whole answer is then garbage.
struct Value {
    api::Status status = api::Status::ok;
    double value = 0.0;
    // A flag for the window this answer falls in (Chroma -2: a range change during
    // integration → "range_change"); a string literal, empty for none.
    std::string_view phase_flag{};
};

}  // namespace wattbench::drivers::scpi_analyzer
