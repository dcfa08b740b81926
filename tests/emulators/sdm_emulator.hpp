#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

namespace wattbench::tests::emulators {

// An Eastron SDM meter on Modbus RTU, from the protocol facts: function 0x04 over float32
// input registers, CRC-16/MODBUS (its own implementation, so a shared bug cannot hide),
// exceptions for unknown registers. `handle` plugs into StreamServer.
class SdmEmulator {
public:
    explicit SdmEmulator(std::uint8_t address = 1);

    std::string handle(std::string& input);

    void set(std::uint16_t reg, float value);
    // Faults: every request answered with this exception code (0 = off); a corrupted CRC.
    std::atomic<int> exception{0};
    std::atomic<bool> bad_crc{false};
    int requests() const { return requests_.load(); }

private:
    std::string answer(std::uint16_t first, std::uint16_t count);

    std::uint8_t address_;
    std::mutex mutex_;
    std::map<std::uint16_t, float> registers_;
    std::atomic<int> requests_{0};
};

}  // namespace wattbench::tests::emulators
