#include "app/core/report/run_liveness.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>

namespace wattbench::core::report {

namespace {

bool in_progress(const std::optional<rundir::PhaseStatus>& phase_status) {
    return phase_status == rundir::PhaseStatus::warmup ||
           phase_status == rundir::PhaseStatus::window;
}

}  // namespace

bool samples_locked(const std::string& samples_csv) {
    // A fresh open file description: flock locks belong to it, so the writer's lock excludes
    // this one even when the writer is this very process (the GUI reading its own live run).
    const int fd = ::open(samples_csv.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        return false;
    }
    int rc = 0;
    do {
        rc = ::flock(fd, LOCK_SH | LOCK_NB);
    } while (rc != 0 && errno == EINTR);
    const bool locked = rc != 0 && errno == EWOULDBLOCK;
    // Closing the descriptor drops the shared lock if it was granted.
    ::close(fd);
    return locked;
}

Liveness run_liveness(bool locked, const rundir::Manifest& manifest) {
    if (locked) {
        return Liveness::live;
    }
    if (manifest.run.status == rundir::RunStatus::running) {
        return Liveness::killed;
    }
    return Liveness::ended;
}

std::optional<std::string> run_status(Liveness liveness, const rundir::Manifest& manifest) {
    if (liveness == Liveness::killed) {
        return "killed";
    }
    if (!manifest.run.status) {
        return std::nullopt;
    }
    return std::string(rundir::to_string(*manifest.run.status));
}

std::optional<std::string> stopped_phase(Liveness liveness, const rundir::Manifest& manifest) {
    if (liveness == Liveness::killed) {
        std::optional<std::string> last;
        for (const auto& p : manifest.phases) {
            if (in_progress(p.status)) {
                last = p.name;
            }
        }
        if (last) {
            return last;
        }
    }
    return manifest.run.interrupted_phase;
}

}  // namespace wattbench::core::report
