#pragma once

#include <optional>
#include <string>
#include <vector>

namespace wattbench::core::load {

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
};

}  // namespace wattbench::core::load
