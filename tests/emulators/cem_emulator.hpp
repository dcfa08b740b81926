#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace wattbench::tests::emulators {

// A CEM DT-8852 from the protocol facts: streams `A5 0D <BCD BCD>` measurements every
// `period`, with the status tokens (time weighting 02/03, frequency weighting 1B/1C + 1 byte,
// range 30/40/4B/4C, range state 11/07/08) before every fourth one, as the meter repeats them
// about twice a second. Commands 0x99 and 0x77 toggle A/C and fast/slow, unacknowledged.
class CemEmulator {
public:
    explicit CemEmulator(std::chrono::milliseconds period = std::chrono::milliseconds(50));

    std::string handle(std::string& input);
    std::string tick();

    std::atomic<int> deci_db{534};  // 53.4 dB
    std::atomic<bool> c_weighting{false};
    std::atomic<bool> slow{false};
    std::atomic<std::uint8_t> range_token{0x40};  // 30–130 dB
    // Faults: the meter says its input is over range (token 07); a meter whose A/C button is
    // broken ignores 0x99.
    std::atomic<bool> over{false};
    std::atomic<bool> ignore_weighting_command{false};
    // A stream of bare measurements, no status tokens.
    std::atomic<bool> status_tokens{true};
    // When not empty, measurements cycle through these levels (tenths of dB) instead of
    // deci_db; set before the emulator is used.
    std::vector<int> series;

    std::vector<std::uint8_t> commands() const;
    int measurements() const { return measurements_.load(); }

private:
    std::chrono::milliseconds period_;
    mutable std::mutex mutex_;
    std::chrono::steady_clock::time_point next_{};
    int count_ = 0;
    std::vector<std::uint8_t> log_;
    std::atomic<int> measurements_{0};
};

}  // namespace wattbench::tests::emulators
