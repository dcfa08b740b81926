#pragma once

#include <atomic>
#include <mutex>
#include <string>
#include <vector>

namespace wattbench::tests::emulators {

// A Tondaj SL-814 from the protocol facts: `10 04 0D` → `05 0D`, `30 00 0D` → `AA BB 01 0D`
// (byte 0 bit 7 C, bit 3 slow, 11-bit tenths of dB). Unknown bytes are dropped one at a time.
class TondajEmulator {
public:
    std::string handle(std::string& input);

    std::atomic<int> deci_db{421};  // 42.1 dB
    std::atomic<bool> c_weighting{false};
    std::atomic<bool> slow{false};

    int inits() const { return inits_.load(); }
    int polls() const { return polls_.load(); }

private:
    std::mutex mutex_;
    std::atomic<int> inits_{0};
    std::atomic<int> polls_{0};
};

}  // namespace wattbench::tests::emulators
