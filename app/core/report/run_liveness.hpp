#pragma once

#include <optional>
#include <string>

#include "app/core/rundir/manifest.hpp"

namespace wattbench::core::report {

// Whether a run directory is still being written. The process recording a run holds an
// exclusive flock on RUN/samples.csv from its creation until every file is written, so a
// manifest that still says `running` without that lock held belongs to a run that was killed
// (SIGKILL, power loss, a crash) before it could record its end.
enum class Liveness {
    ended,   // the manifest's run.status stands (or the manifest has none)
    live,    // a process holds the lock: the run is being recorded now
    killed,  // the manifest says running, nobody holds the lock: no end recorded
};

// True while some open file description holds a lock on `samples_csv` that excludes a shared
// one. A file that is missing or cannot be opened is not live.
bool samples_locked(const std::string& samples_csv);

// `locked`: samples_locked on the run's samples.csv, asked before the manifest was read. The
// writer lets go of the lock only after its last manifest, so a lock found free means the
// manifest read afterwards is final; asked the other way round, a run ending in between would
// pass for killed.
Liveness run_liveness(bool locked, const rundir::Manifest& manifest);

// The status a reader shows: "killed" for a killed run, else the manifest's run.status
// ("running" for a live run); nothing when the manifest has none.
std::optional<std::string> run_status(Liveness liveness, const rundir::Manifest& manifest);

// The phase the run was in when it stopped: the last whose manifest status is still warmup or
// window in a killed run, else run.interrupted_phase; nothing when neither names one.
std::optional<std::string> stopped_phase(Liveness liveness, const rundir::Manifest& manifest);

}  // namespace wattbench::core::report
