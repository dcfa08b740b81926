#include "tests/emulators/wattsup_emulator.hpp"

#include <algorithm>

namespace wattbench::tests::emulators {
namespace {

const char* const version = "#v,-,8,1,2,3,4,5,6,20110908,0;";

}  // namespace

WattsupEmulator::WattsupEmulator(std::chrono::milliseconds second) : second_(second) {}

std::vector<std::string> WattsupEmulator::commands() const {
    std::lock_guard lock(mutex_);
    return log_;
}

std::string WattsupEmulator::record() {
    int w = deciwatts;
    if (zero_once.exchange(false)) {
        w = 0;
    }
    ++records_;
    // W,V,A,WH,Cost,WH/Mo,Cost/Mo,Wmax,Vmax,Amax,Wmin,Vmin,Amin,PF,DC,PC,Hz,VA
    return "#d,-,18," + std::to_string(w) +
           ",2302,435,12,0,_,_,900,2310,440,870,2290,430,87,0,0,"
           "500,1001;\r\n";
}

std::string WattsupEmulator::tick() {
    std::lock_guard lock(mutex_);
    std::string out;
    if (!banner_sent_) {
        banner_sent_ = true;
        out += "Watts Up? PRO ready\r\n";
    }
    const auto now = std::chrono::steady_clock::now();
    if (interval_ > 0 && now >= next_) {
        next_ = now + interval_ * second_;
        out += record();
    }
    return out;
}

std::string WattsupEmulator::handle(std::string& input) {
    std::string out;
    for (;;) {
        auto start = input.find('#');
        if (start == std::string::npos) {
            input.clear();
            return out;
        }
        auto end = input.find(';', start);
        if (end == std::string::npos) {
            input.erase(0, start);
            return out;
        }
        std::string packet;
        for (char c : input.substr(start, end - start + 1)) {
            if (c != '\r' && c != '\n' && c != '\t') {
                packet.push_back(c);
            }
        }
        input.erase(0, end + 1);
        std::lock_guard lock(mutex_);
        log_.push_back(packet);
        if (packet == "#V,R,0;") {
            out += std::string(version) + "\r\n";
        } else if (packet.rfind("#L,W,3,E,", 0) == 0) {
            const auto comma = packet.rfind(',');
            interval_ = std::max(1, std::stoi(packet.substr(comma + 1)));
            next_ = std::chrono::steady_clock::now() + interval_ * second_;
        } else if (packet == "#L,W,0;" || packet == "#L,R,0;") {
            interval_ = 0;
        } else {
            out += std::string(version) + "\r\n";
        }
    }
}

}  // namespace wattbench::tests::emulators
