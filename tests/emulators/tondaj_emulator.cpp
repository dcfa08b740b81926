#include "tests/emulators/tondaj_emulator.hpp"

namespace wattbench::tests::emulators {

std::string TondajEmulator::handle(std::string& input) {
    std::lock_guard lock(mutex_);
    std::string out;
    while (input.size() >= 3) {
        const auto b0 = static_cast<unsigned char>(input[0]);
        const auto b1 = static_cast<unsigned char>(input[1]);
        const auto b2 = static_cast<unsigned char>(input[2]);
        if (b0 == 0x10 && b1 == 0x04 && b2 == 0x0D) {
            out += "\x05\x0D";
            ++inits_;
            input.erase(0, 3);
        } else if (b0 == 0x30 && b1 == 0x00 && b2 == 0x0D) {
            const int v = deci_db & 0x7FF;
            const int first = (c_weighting ? 0x80 : 0) | (slow ? 0x08 : 0) | (v >> 8);
            out += static_cast<char>(first);
            out += static_cast<char>(v & 0xFF);
            out += "\x01\x0D";
            ++polls_;
            input.erase(0, 3);
        } else {
            input.erase(0, 1);
        }
    }
    return out;
}

}  // namespace wattbench::tests::emulators
