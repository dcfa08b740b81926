#pragma once

#include "drivers/api/reading.hpp"

namespace wattbench::drivers::scpi_analyzer {

// One field of an answer: a number, or what a sentinel said instead (over-range, no data).
// `error` marks a field that is neither: the whole answer is then garbage.
struct Value {
    api::Status status = api::Status::ok;
    double value = 0.0;
};

}  // namespace wattbench::drivers::scpi_analyzer
