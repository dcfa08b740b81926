#include "app/core/sampling/clock.hpp"

namespace wattbench::core::sampling {

const Clock& steady_clock() {
    static const SteadyClock clock;
    return clock;
}

}  // namespace wattbench::core::sampling
