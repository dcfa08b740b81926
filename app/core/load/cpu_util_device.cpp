#include "app/core/load/cpu_util_device.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace wattbench::core::load {

namespace {

drivers::api::ChannelSpec util_channel(std::string name, bool key) {
    drivers::api::ChannelSpec c;
    c.name = std::move(name);
    c.quantity = drivers::api::Quantity::utilisation;
    c.unit = "%";
    c.display_min = 0.0;
    c.display_max = 100.0;
    c.key = key;
    return c;
}

}  // namespace

CpuUtilDevice::CpuUtilDevice(std::vector<int> cpus, std::string proc_stat)
    : cpus_(std::move(cpus)), path_(std::move(proc_stat)) {
    channels_.push_back(util_channel("cpu_util", true));
    for (int cpu : cpus_) {
        channels_.push_back(util_channel(channel_name(cpu), false));
    }
}

std::string CpuUtilDevice::channel_name(int cpu) {
    return fmt::format("cpu{}_util", cpu);
}

std::optional<drivers::api::DeviceError> CpuUtilDevice::open() {
    close();
    // Kept open and re-read with pread: one syscall per poll instead of three at idle.
    fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) {
        return drivers::api::DeviceError{drivers::api::ErrorKind::unreachable,
                                         fmt::format("{}: {}", path_, std::strerror(errno))};
    }
    auto first = read();
    if (!first) {
        close();
        return drivers::api::DeviceError{drivers::api::ErrorKind::protocol,
                                         fmt::format("{}: no cpu line", path_)};
    }
    previous_ = std::move(*first);
    return std::nullopt;
}

std::optional<ProcStatTimes> CpuUtilDevice::read() {
    if (fd_ < 0) {
        return std::nullopt;
    }
    buffer_.resize(std::max<std::size_t>(buffer_.size(), 4096));
    std::size_t used = 0;
    for (;;) {
        const ssize_t n =
            ::pread(fd_, buffer_.data() + used, buffer_.size() - used, static_cast<off_t>(used));
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return std::nullopt;
        }
        used += static_cast<std::size_t>(n);
        if (n == 0 || used < buffer_.size()) {
            break;
        }
        buffer_.resize(buffer_.size() * 2);
    }
    return parse_proc_stat(std::string_view(buffer_.data(), used));
}

drivers::api::PollResult CpuUtilDevice::poll(std::chrono::steady_clock::time_point /*deadline*/) {
    drivers::api::PollResult result;
    auto now = read();
    if (!now) {
        result.error = drivers::api::DeviceError{drivers::api::ErrorKind::protocol,
                                                 fmt::format("{}: unreadable", path_)};
        return result;
    }
    auto put = [&](std::size_t channel, std::optional<double> v) {
        drivers::api::Reading r;
        r.channel = channel;
        if (v) {
            r.value = *v;
        } else {
            r.status = drivers::api::Status::unavailable;
        }
        result.readings.push_back(std::move(r));
    };
    put(0, busy_percent(previous_.total, now->total));
    for (std::size_t i = 0; i < cpus_.size(); ++i) {
        const auto before = previous_.per_cpu.find(cpus_[i]);
        const auto after = now->per_cpu.find(cpus_[i]);
        put(i + 1, before != previous_.per_cpu.end() && after != now->per_cpu.end()
                       ? busy_percent(before->second, after->second)
                       : std::nullopt);
    }
    previous_ = std::move(*now);
    return result;
}

void CpuUtilDevice::close() {
    if (fd_ >= 0) {
        ::close(fd_);
        fd_ = -1;
    }
}

drivers::api::DeviceIdentity CpuUtilDevice::identity() const {
    return {"wattbench", "CPU utilisation from /proc/stat", "", ""};
}

}  // namespace wattbench::core::load
