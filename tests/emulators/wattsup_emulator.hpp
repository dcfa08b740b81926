#pragma once

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <vector>

namespace wattbench::tests::emulators {

// A Watts up? PRO from the protocol facts: a banner at connect, `#V,R,0;` → `#v` record,
// `#L,W,3,E,,<n>;` starts streaming `#d` records every n "seconds", `#L,W,0;` stops, unknown
// well-formed commands are answered with `#v`. `handle` and `tick` plug into StreamServer.
class WattsupEmulator {
public:
    // `second`: how long one protocol second lasts here (tests run faster than real time).
    explicit WattsupEmulator(std::chrono::milliseconds second = std::chrono::milliseconds(100));

    std::string handle(std::string& input);
    std::string tick();

    std::atomic<int> deciwatts{875};  // 87.5 W
    // Faults: the next record reports 0 W once.
    std::atomic<bool> zero_once{false};

    std::vector<std::string> commands() const;
    int records() const { return records_.load(); }

private:
    std::string record();

    std::chrono::milliseconds second_;
    mutable std::mutex mutex_;
    bool banner_sent_ = false;
    int interval_ = 0;  // 0: not streaming
    std::chrono::steady_clock::time_point next_{};
    std::vector<std::string> log_;
    std::atomic<int> records_{0};
};

}  // namespace wattbench::tests::emulators
