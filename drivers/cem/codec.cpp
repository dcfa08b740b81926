#include "drivers/cem/codec.hpp"

#include <fmt/format.h>

namespace wattbench::drivers::cem {

std::optional<std::size_t> payload_length(std::uint8_t token) {
    switch (token) {
        case time_fast:
        case time_slow:
        case hold_max:
        case hold_min:
        case range_over:
        case range_under:
        case store_full:
        case recording_on:
        case bargraph:
        case hold_none:
        case battery_low:
        case range_ok:
        case store_ok:
        case recording_off:
        case battery_ok:
        case range_30_80:
        case range_30_130:
        case range_50_100:
        case range_80_130:
            return 0;
        case readout:
        case weighting_a:
        case weighting_c:
            return 1;
        case measurement:
            return 2;
        case clock:
            return 3;
        default:
            return std::nullopt;
    }
}

common::Scan scan_packet(std::span<const std::uint8_t> b) {
    std::size_t start = 0;
    while (start < b.size() && b[start] != kStart) {
        ++start;
    }
    if (start + 2 > b.size()) {
        return {start, 0};
    }
    const auto payload = payload_length(b[start + 1]);
    const std::size_t length = 2 + payload.value_or(0);
    if (start + length > b.size()) {
        return {start, 0};
    }
    return {start, length};
}

std::optional<double> decode_bcd(std::uint8_t high, std::uint8_t low) {
    const int digits[4] = {high >> 4, high & 0x0F, low >> 4, low & 0x0F};
    for (const int d : digits) {
        if (d > 9) {
            return std::nullopt;
        }
    }
    return digits[0] * 100.0 + digits[1] * 10.0 + digits[2] + digits[3] / 10.0;
}

std::variant<std::optional<double>, std::string> apply_packet(State& s,
                                                              std::span<const std::uint8_t> f) {
    if (f.size() < 2 || f[0] != kStart) {
        return std::string("not an A5 packet");
    }
    const auto payload = payload_length(f[1]);
    if (payload && f.size() != 2 + *payload) {
        return fmt::format("token {:02X} with {} payload byte(s), expected {}", f[1], f.size() - 2,
                           *payload);
    }
    switch (f[1]) {
        case time_fast:
            s.time = sound::TimeWeighting::fast;
            break;
        case time_slow:
            s.time = sound::TimeWeighting::slow;
            break;
        case weighting_a:
            s.weighting = sound::Weighting::a;
            break;
        case weighting_c:
            s.weighting = sound::Weighting::c;
            break;
        case hold_max:
        case hold_min:
            s.hold = true;
            break;
        case hold_none:
            s.hold = false;
            break;
        case range_over:
            s.over = true;
            s.under = false;
            break;
        case range_under:
            s.under = true;
            s.over = false;
            break;
        case range_ok:
            s.over = s.under = false;
            break;
        case range_30_80:
            s.range = sound::LevelRange{30, 80};
            break;
        case range_30_130:
            s.range = sound::LevelRange{30, 130};
            break;
        case range_50_100:
            s.range = sound::LevelRange{50, 100};
            break;
        case range_80_130:
            s.range = sound::LevelRange{80, 130};
            break;
        case measurement: {
            const auto db = decode_bcd(f[2], f[3]);
            if (!db) {
                return fmt::format("measurement {:02X} {:02X} is not BCD", f[2], f[3]);
            }
            return std::optional<double>(*db);
        }
        default:
            break;  // clock, battery, storage, readout markers: nothing a level depends on
    }
    return std::optional<double>{};
}

}  // namespace wattbench::drivers::cem
