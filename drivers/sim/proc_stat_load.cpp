#include "drivers/sim/proc_stat_load.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

namespace wattbench::drivers::sim {

ProcStatLoad::ProcStatLoad(std::string path) : path_(std::move(path)) {}

ProcStatLoad::~ProcStatLoad() {
    if (fd_ >= 0) {
        ::close(fd_);
    }
}

std::variant<cpu::ProcStat, api::DeviceError> ProcStatLoad::read(api::ErrorKind failure) {
    if (fd_ < 0) {
        fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd_ < 0) {
            return api::DeviceError{failure, "cannot read " + path_ + ": " + std::strerror(errno)};
        }
    }
    buffer_.resize(std::max<std::size_t>(buffer_.size(), 8192));
    std::size_t used = 0;
    for (;;) {
        const ssize_t n =
            ::pread(fd_, buffer_.data() + used, buffer_.size() - used, static_cast<off_t>(used));
        if (n < 0) {
            const int err = errno;
            ::close(fd_);
            fd_ = -1;
            return api::DeviceError{failure, "cannot read " + path_ + ": " + std::strerror(err)};
        }
        if (n == 0) {
            break;
        }
        used += static_cast<std::size_t>(n);
        if (used == buffer_.size()) {
            buffer_.resize(buffer_.size() * 2);
        }
    }
    // A fixture file may be replaced between reads; only procfs is worth keeping open.
    if (path_.rfind("/proc/", 0) != 0) {
        ::close(fd_);
        fd_ = -1;
    }
    auto parsed = cpu::parse_proc_stat(std::string_view(buffer_.data(), used));
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
    const auto& stat = std::get<cpu::ProcStat>(got);
    baseline_ = stat.total;
    auto cpus = static_cast<unsigned>(stat.cpus.size());
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
    const cpu::CpuTimes now = std::get<cpu::ProcStat>(got).total;
    if (auto percent = cpu::busy_percent(baseline_, now)) {
        last_.utilisation = *percent / 100.0;
        baseline_ = now;
    } else if (now.total() != baseline_.total()) {
        // Counters went backwards (a fixture rewritten, a wrapped counter): start over.
        baseline_ = now;
    }
    return last_;
}

}  // namespace wattbench::drivers::sim
