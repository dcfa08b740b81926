#include "tests/drivers/kasa/kasa_emulator.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>

namespace wattbench::tests::kasa {

namespace {

std::string xor_autokey(const std::string& plain) {
    std::string out(plain.size(), '\0');
    unsigned key = 0xAB;
    for (std::size_t i = 0; i < plain.size(); ++i) {
        key ^= static_cast<unsigned char>(plain[i]);
        out[i] = static_cast<char>(key);
    }
    return out;
}

std::string xor_autokey_decode(const std::string& cipher) {
    std::string out(cipher.size(), '\0');
    unsigned key = 0xAB;
    for (std::size_t i = 0; i < cipher.size(); ++i) {
        const auto c = static_cast<unsigned char>(cipher[i]);
        out[i] = static_cast<char>(key ^ c);
        key = c;
    }
    return out;
}

std::string framed(const std::string& json) {
    const auto n = static_cast<std::uint32_t>(json.size());
    std::string out;
    out.push_back(static_cast<char>((n >> 24) & 0xFF));
    out.push_back(static_cast<char>((n >> 16) & 0xFF));
    out.push_back(static_cast<char>((n >> 8) & 0xFF));
    out.push_back(static_cast<char>(n & 0xFF));
    return out + xor_autokey(json);
}

std::string num(double v, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

}  // namespace

void KasaEmulator::set(double watts, double volts, double amps, double wh) {
    std::lock_guard lock(mutex_);
    watts_ = watts;
    volts_ = volts;
    amps_ = amps;
    wh_ = wh;
}

std::string KasaEmulator::last_request() const {
    std::lock_guard lock(mutex_);
    return last_request_;
}

std::string KasaEmulator::answer(const std::string& request) {
    std::lock_guard lock(mutex_);
    last_request_ = request;
    if (bad_json) {
        return "{\"emeter\":{\"get_realtime\":{\"power_mw\":";
    }
    if (request.find("get_sysinfo") != std::string::npos) {
        std::string children;
        if (outlets > 0) {
            children = ",\"children\":[";
            for (int i = 0; i < outlets; ++i) {
                children += std::string(i ? "," : "") +
                            "{\"id\":\"80067AC4FDBD41C54C1A0F9D4B16C8F61F64A0E10" +
                            std::to_string(i) + "\",\"state\":1,\"alias\":\"Plug " +
                            std::to_string(i + 1) + "\"}";
            }
            children += "],\"child_num\":" + std::to_string(outlets.load());
        }
        return "{\"system\":{\"get_sysinfo\":{\"sw_ver\":\"1.0.4 Build 191111 Rel.143500\","
               "\"hw_ver\":\"4.0\",\"model\":\"HS110(EU)\",\"deviceId\":"
               "\"80067AC4FDBD41C54C1A0F9D4B16C8F61F64A0E1\",\"alias\":\"bench\","
               "\"mac\":\"50:C7:BF:00:00:01\",\"feature\":\"TIM:ENE\",\"err_code\":0" +
               children + "}}}";
    }
    if (request.find("get_realtime") == std::string::npos) {
        return "{\"system\":{\"err_code\":-1,\"err_msg\":\"module not support\"}}";
    }
    if (err_code != 0) {
        return "{\"emeter\":{\"err_code\":" + std::to_string(err_code.load()) +
               ",\"err_msg\":\"module not support\"}}";
    }
    if (form_ == Form::milli_units) {
        return "{\"emeter\":{\"get_realtime\":{\"current_ma\":" + num(std::round(amps_ * 1000), 0) +
               ",\"err_code\":0,\"power_mw\":" + num(std::round(watts_ * 1000), 0) +
               ",\"total_wh\":" + num(std::round(wh_), 0) +
               ",\"voltage_mv\":" + num(std::round(volts_ * 1000), 0) + "}}}";
    }
    return "{\"emeter\":{\"get_realtime\":{\"current\":" + num(amps_, 6) +
           ",\"err_code\":0,\"power\":" + num(watts_, 6) + ",\"total\":" + num(wh_ / 1000.0, 3) +
           ",\"voltage\":" + num(volts_, 6) + "}}}";
}

std::string KasaEmulator::handle(std::string& input) {
    std::string out;
    while (input.size() >= 4) {
        const std::size_t n = (std::size_t{static_cast<unsigned char>(input[0])} << 24) |
                              (std::size_t{static_cast<unsigned char>(input[1])} << 16) |
                              (std::size_t{static_cast<unsigned char>(input[2])} << 8) |
                              std::size_t{static_cast<unsigned char>(input[3])};
        if (input.size() < 4 + n) {
            break;
        }
        const std::string request = xor_autokey_decode(input.substr(4, n));
        input.erase(0, 4 + n);
        ++requests_;
        out += framed(answer(request));
    }
    return out;
}

}  // namespace wattbench::tests::kasa
