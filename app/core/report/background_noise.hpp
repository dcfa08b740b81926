#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/report/run_data.hpp"
#include "app/core/report/run_phases.hpp"

namespace wattbench::core::report {

// ISO 7779 / ECMA-74 background correction of a measured sound level:
// L = 10·log10(10^(Lmeas/10) − 10^(Lbg/10)). Above 10 dB of difference the background does not
// matter and the level stands uncorrected; from 3 to 10 dB it is corrected; under 3 dB the
// machine is not audible above the room and the figure is invalid.
struct CorrectedLevel {
    enum class Kind { uncorrected, corrected, invalid };
    Kind kind = Kind::uncorrected;
    double difference_db = 0.0;  // Lmeas − Lbg
    double level_db = 0.0;       // the level to report; NaN when invalid
};

CorrectedLevel correct_for_background(double measured_db, double background_db);

// One sound channel in one phase, with its background.
struct NoiseRow {
    const PhaseView* phase = nullptr;
    const PhaseRow* row = nullptr;
    double background_db = 0.0;
    std::string background_source;  // "phase room" or "background_noise"
    CorrectedLevel corrected;
};

// Sound rows (unit dBA, dBC, dB) of every phase with a mean, corrected for their background:
// the Leq of the same device/channel in the phase the manifest marks `"background": true`
// (that phase itself is left out), else the device's `background_noise` setting in the
// manifest. Channels without either are left out, so an empty result means no correction.
std::vector<NoiseRow> noise_rows(const RunData& run, const std::vector<PhaseView>& phases);

}  // namespace wattbench::core::report
