#include "app/core/stats/uncertainty.hpp"

#include <cmath>
#include <limits>

namespace wattbench::core::stats {

double relative_uncertainty(const drivers::api::Accuracy& a, double mean, double stddev,
                            std::uint64_t samples) {
    const double m = std::fabs(mean);
    if (samples == 0 || m == 0.0 || !std::isfinite(m)) {
        return std::numeric_limits<double>::infinity();
    }
    const double range = a.range > 0.0 ? a.range : m;
    const double meter = a.of_reading * m + a.of_range * range;
    const double standard_error = samples > 1 && std::isfinite(stddev)
                                      ? stddev / std::sqrt(static_cast<double>(samples))
                                      : 0.0;
    return std::hypot(meter, standard_error) / m;
}

}  // namespace wattbench::core::stats
