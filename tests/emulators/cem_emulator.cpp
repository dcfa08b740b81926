#include "tests/emulators/cem_emulator.hpp"

namespace wattbench::tests::emulators {
namespace {

char byte(int b) {
    return static_cast<char>(static_cast<unsigned char>(b));
}

}  // namespace

CemEmulator::CemEmulator(std::chrono::milliseconds period) : period_(period) {}

std::vector<std::uint8_t> CemEmulator::commands() const {
    std::lock_guard lock(mutex_);
    return log_;
}

std::string CemEmulator::handle(std::string& input) {
    std::lock_guard lock(mutex_);
    for (const char c : input) {
        const auto b = static_cast<std::uint8_t>(c);
        log_.push_back(b);
        if (b == 0x99 && !ignore_weighting_command) {
            c_weighting = !c_weighting;
        } else if (b == 0x77) {
            slow = !slow;
        }
    }
    input.clear();
    return {};
}

std::string CemEmulator::tick() {
    std::lock_guard lock(mutex_);
    const auto now = std::chrono::steady_clock::now();
    if (now < next_) {
        return {};
    }
    next_ = now + period_;
    std::string out;
    if (count_++ % 4 == 0 && status_tokens) {
        out += {byte(0xA5), byte(slow ? 0x03 : 0x02)};
        out += {byte(0xA5), byte(c_weighting ? 0x1C : 0x1B), byte(0x00)};
        out += {byte(0xA5), byte(range_token.load())};
        out += {byte(0xA5), byte(over ? 0x07 : 0x11)};
        out += {byte(0xA5), byte(0x06), byte(0x12), byte(0x34), byte(0x56)};  // clock
    }
    const int v = series.empty() ? deci_db.load()
                                 : series[static_cast<std::size_t>(measurements_) % series.size()];
    const int d[4] = {v / 1000 % 10, v / 100 % 10, v / 10 % 10, v % 10};
    out += {byte(0xA5), byte(0x0D), byte(d[0] << 4 | d[1]), byte(d[2] << 4 | d[3])};
    ++measurements_;
    return out;
}

}  // namespace wattbench::tests::emulators
