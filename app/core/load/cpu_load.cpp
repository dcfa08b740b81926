#include "app/core/load/cpu_load.hpp"

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <fmt/format.h>

#include "app/core/load/cpu_kernel.hpp"

namespace wattbench::core::load {

std::optional<std::string> CpuLoad::start() {
    if (!threads_.empty()) {
        return std::nullopt;
    }
    stop_.store(false);
    try {
        for (unsigned i = 0; i < settings_.workers; ++i) {
            const int cpu = i < settings_.cpus.size() ? settings_.cpus[i] : -1;
            threads_.emplace_back([this, i, cpu] { work(i, cpu); });
        }
    } catch (const std::system_error& e) {
        stop();
        return fmt::format("could not start {} CPU workers: {}", settings_.workers, e.what());
    }
    return std::nullopt;
}

void CpuLoad::stop() {
    {
        std::lock_guard lock(mutex_);
        stop_.store(true);
    }
    wake_.notify_all();
    for (auto& t : threads_) {
        if (t.joinable()) {
            t.join();
        }
    }
    threads_.clear();
}

std::string CpuLoad::describe() const {
    std::string text =
        fmt::format("{} busy CPU thread{} ({} kernel", settings_.workers,
                    settings_.workers == 1 ? "" : "s", profile::to_string(settings_.kernel));
    if (settings_.intensity < 100.0) {
        text += fmt::format(", {}% intensity", settings_.intensity);
    }
    if (!settings_.cpus.empty()) {
        text += fmt::format(", CPUs {}", fmt::join(settings_.cpus, ","));
    }
    return text + ")";
}

void CpuLoad::work(unsigned index, int cpu) {
    pthread_setname_np(pthread_self(), fmt::format("wb-cpu{}", index).c_str());
    // SCHED_IDLE still takes every cycle nobody else wants, but a waking sampler preempts it at
    // once; with nice 19 alone the scheduler let samplers wait up to 18 ms behind a worker.
    sched_param idle{};
    if (pthread_setschedparam(pthread_self(), SCHED_IDLE, &idle) != 0) {
        setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 19);
    }
    if (cpu >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(cpu, &set);
        pthread_setaffinity_np(pthread_self(), sizeof set, &set);
    }
    KernelState state(index);
    std::uint64_t local = 0;
    const bool duty = settings_.intensity < 100.0;
    const auto busy = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        duty_period * (settings_.intensity / 100.0));
    // Workers start their periods at different offsets so partial load does not pulse the
    // whole machine in step.
    auto period_start =
        std::chrono::steady_clock::now() + duty_period * index / std::max(1u, settings_.workers);
    while (!stop_.load(std::memory_order_relaxed)) {
        if (duty) {
            const auto now = std::chrono::steady_clock::now();
            if (now >= period_start + busy) {
                period_start += duty_period;
                if (period_start < now - duty_period) {
                    period_start = now;  // fell behind (preempted): resync rather than catch up
                }
                std::unique_lock lock(mutex_);
                wake_.wait_until(lock, period_start,
                                 [this] { return stop_.load(std::memory_order_relaxed); });
                continue;
            }
        }
        run_kernel_chunk(settings_.kernel, state);
        ++local;
        if ((local & 63) == 0) {
            iterations_.fetch_add(64, std::memory_order_relaxed);
        }
    }
    iterations_.fetch_add(local & 63, std::memory_order_relaxed);
}

}  // namespace wattbench::core::load
