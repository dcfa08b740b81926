#pragma once

namespace wattbench::core::phases {

// Why a wait of the phase runner ended. `condition`: the wait's own condition held (a warm-up
// until stable became stable).
enum class WaitResult { elapsed, skip_warmup, skip_phase, abort, load_ended, condition };

}  // namespace wattbench::core::phases
