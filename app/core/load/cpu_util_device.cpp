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

CpuUtilDevice::CpuUtilDevice(std::vector<int> cpus, std::string proc_stat,
                             std::shared_ptr<const std::atomic<std::uint64_t>> disk_bytes)
    : cpus_(std::move(cpus)), path_(std::move(proc_stat)), disk_bytes_(std::move(disk_bytes)) {
    channels_.push_back(util_channel("cpu_util", true));
    for (int cpu : cpus_) {
        channels_.push_back(util_channel(channel_name(cpu), false));
    }
    if (disk_bytes_) {
        drivers::api::ChannelSpec c;
        c.name = "disk_write";
        c.quantity = drivers::api::Quantity::other;
        c.unit = "MB/s";
        c.display_min = 0.0;
        channels_.push_back(std::move(c));
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
    previous_time_ = std::chrono::steady_clock::now();
    previous_bytes_ = disk_bytes_ ? disk_bytes_->load(std::memory_order_relaxed) : 0;
    return std::nullopt;
}

std::optional<drivers::cpu::ProcStat> CpuUtilDevice::read() {
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
    return drivers::cpu::parse_proc_stat(std::string_view(buffer_.data(), used));
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
    put(0, drivers::cpu::busy_percent(previous_.total, now->total));
    for (std::size_t i = 0; i < cpus_.size(); ++i) {
        const auto index = static_cast<unsigned>(cpus_[i]);
        const auto* before = previous_.cpu(index);
        const auto* after = now->cpu(index);
        put(i + 1, before && after ? drivers::cpu::busy_percent(*before, *after) : std::nullopt);
    }
    previous_ = std::move(*now);
    if (disk_bytes_) {
        const auto t = std::chrono::steady_clock::now();
        const auto bytes = disk_bytes_->load(std::memory_order_relaxed);
        const double dt = std::chrono::duration<double>(t - previous_time_).count();
        put(cpus_.size() + 1,
            dt > 0.0 ? std::optional(static_cast<double>(bytes - previous_bytes_) / dt / 1e6)
                     : std::nullopt);
        previous_bytes_ = bytes;
        previous_time_ = t;
    }
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
