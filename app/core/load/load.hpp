#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace wattbench::core::load {

// A load whose work ended on its own and asks to end the phase (or fail it).
struct LoadExit {
    bool fail = false;
    std::string message;
};

// The workload's own throughput, read from its output.
struct LoadScore {
    double value = 0.0;
    std::string unit;
};

// Something that makes the machine under test work during a phase.
class Load {
public:
    virtual ~Load() = default;
    // Returns an error message when the load could not start.
    virtual std::optional<std::string> start() = 0;
    // Idempotent; returns once the load has fully stopped.
    virtual void stop() = 0;
    virtual std::string describe() const = 0;
    // The logical CPUs the load pins its work to, one entry per worker; empty when unpinned.
    virtual std::vector<int> cpus() const { return {}; }
    // Why the load's work ended before stop() was called (disk full, I/O error); empty if it
    // did not. Checked when the phase ends, so the record says the load was not what it seemed.
    virtual std::string failure() const { return {}; }
    // Set once the load ended on its own and the phase should end; the engine is woken through
    // the function given to set_wake().
    virtual std::optional<LoadExit> exited() const { return std::nullopt; }
    virtual void set_wake(std::function<void()> /*wake*/) {}
    // Valid after stop().
    virtual std::optional<LoadScore> score() const { return std::nullopt; }
};

}  // namespace wattbench::core::load
