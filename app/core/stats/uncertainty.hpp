#pragma once

#include <cstdint>

#include "drivers/api/channel_spec.hpp"

namespace wattbench::core::stats {

// SPEC's analyzer requirement: the measured mean power within 1 %.
constexpr double kUncertaintyLimit = 0.01;

// Relative uncertainty of a window's mean power: the meter's accuracy at the mean and the
// standard error of the mean (stddev/√n) combined in quadrature, divided by |mean|. Infinite
// when the mean is 0 (no relative figure exists).
double relative_uncertainty(const drivers::api::Accuracy& accuracy, double mean, double stddev,
                            std::uint64_t samples);

}  // namespace wattbench::core::stats
