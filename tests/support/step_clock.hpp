#pragma once

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <iterator>
#include <list>
#include <mutex>

#include "app/core/sampling/clock.hpp"

namespace wattbench::tests {

// A clock for tests of several threads at once (the engine's runner and its samplers): time
// stands still until the test steps it, and a step goes straight to the earliest instant a
// sleeper waits for, once the expected number of threads sleep and none of them has been woken
// (a poke, a stop) without noticing yet. Every grid tick and every window edge then happens
// exactly when it is due, however slow or loaded the machine running the test is, and a test
// asserts exact counts instead of wall-clock margins.
class StepClock final : public core::sampling::Clock {
public:
    explicit StepClock(time_point start = time_point(std::chrono::hours(1))) : now_(start) {}

    time_point now() const override {
        std::lock_guard lock(mutex_);
        return now_;
    }

    bool sleep_until(time_point tp, core::sampling::StopSignal& stop) const override {
        std::list<Sleeper>::iterator me;
        {
            std::lock_guard lock(mutex_);
            me = sleepers_.insert(sleepers_.end(), Sleeper{tp, &stop, stop.pokes()});
        }
        changed_.notify_all();
        bool stopped = false;
        for (;;) {
            if (stop.requested()) {
                stopped = true;
                break;
            }
            if (now() >= tp || stop.pokes() != me->pokes) {
                break;
            }
            // Short real waits: a poke or a stop ends them at once, a step within a millisecond.
            stop.wait_until(std::chrono::steady_clock::now() + std::chrono::milliseconds(1));
        }
        {
            std::lock_guard lock(mutex_);
            sleepers_.erase(me);
        }
        changed_.notify_all();
        return stopped;
    }

    // Waits until `threads` sleep on the clock, each until a time still to come and not woken
    // since, and `ready()` (when given) holds; then moves time to the earliest of their wake-up
    // times. False when that did not happen within `patience` of real time (the threads ended,
    // or one of them is stuck).
    bool step(std::size_t threads, const std::function<bool()>& ready = {},
              std::chrono::milliseconds patience = std::chrono::seconds(5)) {
        return step_unless(threads, ready, {}, patience) == Step::taken;
    }

    // Steps until `done()` holds, checked again right before each step so that time stops
    // where it first holds; false if no step was possible for `patience` of real time before
    // that (a thread stuck, or fewer threads than expected).
    bool run_until(const std::function<bool()>& done, std::size_t threads,
                   const std::function<bool()>& ready = {},
                   std::chrono::milliseconds patience = std::chrono::seconds(5)) {
        auto progressed = std::chrono::steady_clock::now();
        for (;;) {
            switch (step_unless(threads, ready, done, std::chrono::milliseconds(20))) {
                case Step::done:
                    return true;
                case Step::taken:
                    progressed = std::chrono::steady_clock::now();
                    break;
                case Step::none:
                    if (done()) {
                        return true;
                    }
                    if (std::chrono::steady_clock::now() - progressed > patience) {
                        return false;
                    }
                    break;
            }
        }
    }

private:
    enum class Step { taken, done, none };

    Step step_unless(std::size_t threads, const std::function<bool()>& ready,
                     const std::function<bool()>& done, std::chrono::milliseconds patience) {
        const auto give_up = std::chrono::steady_clock::now() + patience;
        std::unique_lock lock(mutex_);
        for (;;) {
            if (quiet(threads)) {
                lock.unlock();
                const bool is_done = done && done();
                const bool is_ready = !ready || ready();
                lock.lock();
                if (is_done) {
                    return Step::done;
                }
                if (is_ready && quiet(threads)) {
                    break;
                }
            }
            if (std::chrono::steady_clock::now() >= give_up) {
                return Step::none;
            }
            changed_.wait_for(lock, std::chrono::milliseconds(1));
        }
        time_point earliest = time_point::max();
        for (const auto& s : sleepers_) {
            earliest = std::min(earliest, s.until);
        }
        now_ = earliest;
        return Step::taken;
    }

    struct Sleeper {
        time_point until;
        core::sampling::StopSignal* stop;
        unsigned long pokes;
    };

    // Holds mutex_.
    bool quiet(std::size_t threads) const {
        std::size_t n = 0;
        for (const auto& s : sleepers_) {
            if (s.until <= now_ || s.stop->requested() || s.stop->pokes() != s.pokes) {
                return false;
            }
            ++n;
        }
        return n > 0 && n >= threads;
    }

    mutable std::mutex mutex_;
    mutable std::condition_variable changed_;
    mutable std::list<Sleeper> sleepers_;
    time_point now_;
};

}  // namespace wattbench::tests
