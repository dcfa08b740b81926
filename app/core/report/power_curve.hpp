#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/i18n/message.hpp"
#include "app/core/report/run_data.hpp"
#include "app/core/report/run_phases.hpp"

namespace wattbench::core::report {

// Mean wall power against the number of busy CPUs: the cpu phases (and idle as 0 workers).
struct CurvePoint {
    std::string phase;
    double workers = 0.0;
    double power_w = 0.0;
    double error_w = 0.0;  // half-width of the 95 % interval of the window mean
};

// Where adding one more busy CPU stops adding a physical core and starts adding an SMT sibling.
struct Knee {
    double cores = 0.0;                  // busy CPUs at the knee (the physical core count)
    double per_core_w = 0.0;             // least-squares slope up to the knee, W per busy CPU
    std::optional<double> per_thread_w;  // slope after it, when there are points beyond
    bool from_topology = true;           // false: found from the curve's shape alone
};

struct PowerCurve {
    std::string device;  // the wall power channel used
    std::string channel;
    std::vector<CurvePoint> points;  // ascending workers
    std::vector<double> marginal_w;  // points[i+1] - points[i] per added CPU, size points-1
    std::optional<Knee> knee;
    // "+28.8 W per core up to 4 cores, then +4.5 W per thread"; empty with fewer than 2 points.
    std::string sentence;
    i18n::Message sentence_message;  // `sentence` before it was written in English
};

// Builds the curve from the run (its wall power channel, cpu phases' `workers`, and the host's
// physical_cores/logical_cpus from the manifest). Nothing with fewer than two points.
std::optional<PowerCurve> power_curve(const RunData& run, const std::vector<PhaseView>& phases);

// The knee of a curve alone (no topology): the split into two straight lines that fits best,
// kept only when it is clearly better than one line. Exposed for tests on synthetic curves.
std::optional<Knee> find_knee(const std::vector<CurvePoint>& points,
                              std::optional<double> physical_cores);

}  // namespace wattbench::core::report
