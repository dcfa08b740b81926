#include "drivers/sim/proc_stat_load.hpp"

#include <fstream>
#include <sstream>
#include <thread>

namespace wattbench::drivers::sim {

ProcStatLoad::ProcStatLoad(std::string path) : path_(std::move(path)) {}

std::variant<ProcStat, api::DeviceError> ProcStatLoad::read(api::ErrorKind failure) const {
    std::ifstream in(path_);
    if (!in) {
        return api::DeviceError{failure, "cannot read " + path_};
    }
    std::ostringstream text;
    text << in.rdbuf();
    auto parsed = parse_proc_stat(text.str());
    if (!parsed) {
        return api::DeviceError{failure, path_ + ": no aggregate \"cpu\" line"};
    }
    return *parsed;
}

std::optional<api::DeviceError> ProcStatLoad::start() {
    auto got = read(api::ErrorKind::unreachable);
    if (auto* e = std::get_if<api::DeviceError>(&got)) {
        return *e;
    }
    const auto& stat = std::get<ProcStat>(got);
    baseline_ = stat.cpu;
    unsigned cpus = stat.logical_cpus;
    if (cpus == 0) {
        cpus = std::thread::hardware_concurrency();
    }
    // Until a tick has elapsed there is nothing to measure, and idle is the honest guess.
    last_ = CpuUse{0.0, cpus == 0 ? 1u : cpus};
    return std::nullopt;
}

std::variant<CpuUse, api::DeviceError> ProcStatLoad::sample() {
    auto got = read(api::ErrorKind::protocol);
    if (auto* e = std::get_if<api::DeviceError>(&got)) {
        return *e;
    }
    const CpuTimes now = std::get<ProcStat>(got).cpu;
    if (auto fraction = busy_fraction(baseline_, now)) {
        last_.utilisation = *fraction;
        baseline_ = now;
    } else if (now.total() != baseline_.total()) {
        // Counters went backwards (a fixture rewritten, a wrapped counter): start over.
        baseline_ = now;
    }
    return last_;
}

}  // namespace wattbench::drivers::sim
