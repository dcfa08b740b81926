#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>

namespace wattbench::core::sampling {

// A latch that sleeping threads can be woken from. Used instead of std::stop_token so the
// same sleep works with the injected test clock.
class StopSignal {
public:
    void request() {
        {
            std::lock_guard lock(mutex_);
            stopped_.store(true);
        }
        cv_.notify_all();
    }
    bool requested() const { return stopped_.load(); }

    // Also wakes on `poke()`; returns true when stop was requested.
    bool wait_until(std::chrono::steady_clock::time_point tp) {
        std::unique_lock lock(mutex_);
        const auto seen = pokes_;
        cv_.wait_until(lock, tp, [&] { return stopped_.load() || pokes_ != seen; });
        return stopped_.load();
    }
    // How often poke() was called: lets a test clock that sleeps in steps of its own tell a
    // poke from its own time-outs.
    unsigned long pokes() {
        std::lock_guard lock(mutex_);
        return pokes_;
    }
    void poke() {
        {
            std::lock_guard lock(mutex_);
            ++pokes_;
        }
        cv_.notify_all();
    }

private:
    std::mutex mutex_;
    std::condition_variable cv_;
    std::atomic<bool> stopped_{false};
    unsigned long pokes_ = 0;
};

}  // namespace wattbench::core::sampling
