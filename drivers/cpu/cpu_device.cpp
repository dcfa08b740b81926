#include "drivers/cpu/cpu_device.hpp"

#include <cstring>

#include "drivers/cpu/channel_table.hpp"
#include "drivers/cpu/cpuinfo.hpp"
#include "drivers/transport/sysfs_file.hpp"

namespace wattbench::drivers::cpu {

using transport::read_file;

CpuDevice::CpuDevice(Settings settings) : settings_(std::move(settings)) {
    channels_.push_back(total_util_channel());
    identity_.vendor = "Linux";
    identity_.model = "/proc/stat";
}

std::string CpuDevice::path(const std::string& rel) const {
    std::string p = settings_.root;
    if (p.back() != '/') {
        p += '/';
    }
    return p + rel;
}

std::string CpuDevice::cpufreq_path(unsigned cpu) const {
    return path("sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/cpufreq/scaling_cur_freq");
}

std::variant<ProcStat, api::DeviceError> CpuDevice::read_stat() const {
    const std::string p = path("proc/stat");
    auto text = read_file(p);
    if (auto* err = std::get_if<int>(&text)) {
        return api::DeviceError{api::ErrorKind::unreachable,
                                "cannot read " + p + ": " + std::strerror(*err)};
    }
    auto stat = parse_proc_stat(std::get<std::string>(text));
    if (!stat) {
        return api::DeviceError{api::ErrorKind::protocol, p + ": no well-formed \"cpu\" line"};
    }
    return *stat;
}

void CpuDevice::discover(const ProcStat& stat) {
    if (settings_.per_cpu) {
        for (const auto& c : stat.cpus) {
            cpu_indices_.push_back(c.index);
            channels_.push_back(cpu_util_channel(c.index));
        }
    }
    if (!settings_.frequency || stat.cpus.empty()) {
        return;
    }
    if (std::holds_alternative<std::string>(read_file(cpufreq_path(stat.cpus.front().index)))) {
        freq_source_ = FreqSource::cpufreq;
    } else if (auto info = read_file(path("proc/cpuinfo"));
               std::holds_alternative<std::string>(info) &&
               !parse_cpuinfo_mhz(std::get<std::string>(info)).empty()) {
        freq_source_ = FreqSource::cpuinfo;
    }
    if (freq_source_ == FreqSource::none) {
        return;
    }
    if (cpu_indices_.empty()) {
        for (const auto& c : stat.cpus) {
            cpu_indices_.push_back(c.index);
        }
    }
    first_freq_ = channels_.size();
    for (unsigned cpu : cpu_indices_) {
        channels_.push_back(cpu_freq_channel(cpu));
    }
}

std::optional<api::DeviceError> CpuDevice::open() {
    auto stat = read_stat();
    if (auto* e = std::get_if<api::DeviceError>(&stat)) {
        return *e;
    }
    discover_once([&]() -> std::optional<api::DeviceError> {
        discover(std::get<ProcStat>(stat));
        return std::nullopt;
    });
    previous_ = std::get<ProcStat>(std::move(stat));
    set_open();
    return std::nullopt;
}

void CpuDevice::add_frequency(api::PollResult& out) {
    if (freq_source_ == FreqSource::none) {
        return;
    }
    std::map<unsigned, double> info;
    if (freq_source_ == FreqSource::cpuinfo) {
        if (auto text = read_file(path("proc/cpuinfo"));
            std::holds_alternative<std::string>(text)) {
            info = parse_cpuinfo_mhz(std::get<std::string>(text));
        }
    }
    for (std::size_t i = 0; i < cpu_indices_.size(); ++i) {
        api::Reading r;
        r.channel = first_freq_ + i;
        std::optional<double> mhz;
        if (freq_source_ == FreqSource::cpufreq) {
            if (auto text = read_file(cpufreq_path(cpu_indices_[i]));
                std::holds_alternative<std::string>(text)) {
                mhz = parse_cpufreq_khz(std::get<std::string>(text));
            }
        } else if (auto it = info.find(cpu_indices_[i]); it != info.end()) {
            mhz = it->second;
        }
        // An offline CPU has no frequency file: unavailable, never a made-up 0.
        r.status = mhz ? api::Status::ok : api::Status::unavailable;
        r.value = mhz.value_or(0.0);
        out.readings.push_back(std::move(r));
    }
}

api::PollResult CpuDevice::read() {
    api::PollResult out;
    auto read = read_stat();
    if (auto* e = std::get_if<api::DeviceError>(&read)) {
        out.error = *e;
        return out;
    }
    ProcStat now = std::get<ProcStat>(std::move(read));
    auto put = [&out](std::size_t channel, std::optional<double> v) {
        api::Reading r;
        r.channel = channel;
        r.status = v ? api::Status::ok : api::Status::unavailable;
        r.value = v.value_or(0.0);
        out.readings.push_back(std::move(r));
    };
    put(0, busy_percent(previous_->total, now.total));
    if (settings_.per_cpu) {
        for (std::size_t i = 0; i < cpu_indices_.size(); ++i) {
            std::optional<double> v;
            const CpuTimes* before = nullptr;
            const CpuTimes* after = nullptr;
            for (const auto& c : previous_->cpus) {
                if (c.index == cpu_indices_[i]) {
                    before = &c.times;
                }
            }
            for (const auto& c : now.cpus) {
                if (c.index == cpu_indices_[i]) {
                    after = &c.times;
                }
            }
            if (before && after) {
                v = busy_percent(*before, *after);
            }
            put(first_util_ + i, v);
        }
    }
    add_frequency(out);
    previous_ = std::move(now);
    return out;
}

}  // namespace wattbench::drivers::cpu
