#include "app/core/load/cpu_load.hpp"

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <fmt/format.h>

namespace wattbench::core::load {

namespace {

std::vector<int> allowed_cpus() {
    std::vector<int> cpus;
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        for (int c = 0; c < CPU_SETSIZE; ++c) {
            if (CPU_ISSET(c, &set)) {
                cpus.push_back(c);
            }
        }
    }
    return cpus;
}

}  // namespace

std::optional<std::string> CpuLoad::start() {
    if (!threads_.empty()) {
        return std::nullopt;
    }
    stop_.store(false);
    const auto cpus = allowed_cpus();
    try {
        for (unsigned i = 0; i < workers_; ++i) {
            // One worker per allowed CPU while there are enough; beyond that the scheduler
            // places the extra (oversubscribing) workers.
            const int cpu = i < cpus.size() ? cpus[i] : -1;
            threads_.emplace_back([this, i, cpu] { work(i, cpu); });
        }
    } catch (const std::system_error& e) {
        stop();
        return fmt::format("could not start {} CPU workers: {}", workers_, e.what());
    }
    return std::nullopt;
}

void CpuLoad::stop() {
    stop_.store(true);
    for (auto& t : threads_) {
        if (t.joinable()) {
            t.join();
        }
    }
    threads_.clear();
}

std::string CpuLoad::describe() const {
    return fmt::format("{} busy CPU thread{}", workers_, workers_ == 1 ? "" : "s");
}

void CpuLoad::work(unsigned index, int cpu) {
    pthread_setname_np(pthread_self(), fmt::format("wb-cpu{}", index).c_str());
    setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 19);
    if (cpu >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(cpu, &set);
        pthread_setaffinity_np(pthread_self(), sizeof set, &set);
    }
    // xorshift keeps the ALU busy without touching memory; checking the flag every 64k steps
    // makes stop() return within microseconds.
    std::uint64_t x = 0x9E3779B97F4A7C15ull ^ index;
    std::uint64_t local = 0;
    while (!stop_.load(std::memory_order_relaxed)) {
        for (int i = 0; i < 65536; ++i) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
        }
        ++local;
        if ((local & 63) == 0) {
            iterations_.fetch_add(64, std::memory_order_relaxed);
        }
    }
    asm volatile("" : : "r"(x));
    iterations_.fetch_add(local & 63, std::memory_order_relaxed);
}

}  // namespace wattbench::core::load
