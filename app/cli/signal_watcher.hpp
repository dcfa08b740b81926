#pragma once

#include <atomic>
#include <functional>
#include <thread>

namespace wattbench::cli {

// Turns SIGINT/SIGTERM into a call on an ordinary thread. The signals are blocked in every
// thread (construct this before any other thread starts) and collected with sigwaitinfo, so
// the handler may lock, allocate and log like any other code.
class SignalWatcher {
public:
    explicit SignalWatcher(std::function<void(int)> on_signal);
    ~SignalWatcher();
    SignalWatcher(const SignalWatcher&) = delete;
    SignalWatcher& operator=(const SignalWatcher&) = delete;

    int last_signal() const { return last_.load(); }

private:
    std::function<void(int)> on_signal_;
    std::atomic<bool> stop_{false};
    std::atomic<int> last_{0};
    std::thread thread_;
};

}  // namespace wattbench::cli
