#pragma once

#include <string>
#include <vector>

#include "app/core/report/run_data.hpp"

namespace wattbench::core::report {

// Fills `states` of the discrete rows (unit `state`) from samples.csv: every `ok` reading
// tagged with the row's phase and the stage `window`, counted per state text. The file is
// streamed through rundir's samples reader and only these channels are counted, so memory
// depends on the number of distinct states, not on the length of the run. A missing file, a
// line a killed run left cut off or a malformed row only leave counts out.
void count_window_states(const std::string& samples_csv, std::vector<PhaseRow>& rows);

}  // namespace wattbench::core::report
