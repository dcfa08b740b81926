#include "drivers/voltcraft/codec.hpp"

#include "drivers/common/byte_reader.hpp"

namespace wattbench::drivers::voltcraft {
namespace {

bool valid(const LoggerTime& t) {
    return t.month >= 1 && t.month <= 12 && t.day >= 1 && t.day <= 31 && t.hour <= 23 &&
           t.minute <= 59;
}

int days_in(int year, int month) {
    static const int d[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return month == 2 && leap ? 29 : d[month - 1];
}

void next_minute(LoggerTime& t) {
    if (++t.minute < 60) {
        return;
    }
    t.minute = 0;
    if (++t.hour < 24) {
        return;
    }
    t.hour = 0;
    if (++t.day <= days_in(t.year, t.month)) {
        return;
    }
    t.day = 1;
    if (++t.month <= 12) {
        return;
    }
    t.month = 1;
    ++t.year;
}

bool is_header(std::span<const std::uint8_t> b, std::size_t i) {
    return i + 3 <= b.size() && b[i] == 0xE0 && b[i + 1] == 0xC5 && b[i + 2] == 0xEA;
}

bool is_end(std::span<const std::uint8_t> b, std::size_t i) {
    return i + 4 <= b.size() && b[i] == 0xFF && b[i + 1] == 0xFF && b[i + 2] == 0xFF &&
           b[i + 3] == 0xFF;
}

}  // namespace

std::variant<std::vector<MinuteRecord>, std::string> decode_data_file(
    std::span<const std::uint8_t> b) {
    std::vector<MinuteRecord> out;
    LoggerTime clock;
    bool have_clock = false;
    std::size_t i = 0;
    while (i < b.size()) {
        if (is_end(b, i)) {
            break;
        }
        if (is_header(b, i)) {
            if (i + 8 > b.size()) {
                return "header cut short at byte " + std::to_string(i);
            }
            clock = LoggerTime{2000 + b[i + 5], b[i + 3], b[i + 4], b[i + 6], b[i + 7]};
            if (!valid(clock)) {
                return "header at byte " + std::to_string(i) + " has an impossible date";
            }
            have_clock = true;
            i += 8;
            continue;
        }
        if (!have_clock) {
            return std::string("no E0 C5 EA header before the first record");
        }
        if (i + 5 > b.size()) {
            return "record cut short at byte " + std::to_string(i);
        }
        common::ByteReader r(b.subspan(i, 5));
        MinuteRecord m;
        m.time = clock;
        m.volts = *r.be_u16() / 10.0;
        m.amps = *r.be_u16() / 1000.0;
        m.power_factor = *r.u8() / 100.0;
        out.push_back(m);
        next_minute(clock);
        i += 5;
    }
    return out;
}

std::variant<InfoFile, std::string> decode_info_file(std::span<const std::uint8_t> b) {
    if (b.size() < 102) {
        return "INFO file of " + std::to_string(b.size()) + " bytes, expected 102";
    }
    if (!(b[0] == 'I' && b[1] == 'N' && b[2] == 'F' && b[3] == 'O' && b[4] == ':')) {
        return std::string("INFO file does not start with 'INFO:'");
    }
    common::ByteReader r(b.subspan(5));
    InfoFile info;
    info.total_kwh = *r.be_u24() / 1000.0;
    info.total_recorded_h = *r.be_u24() / 100.0;
    info.total_on_h = *r.be_u24() / 100.0;
    // 10 daily kWh (u24), 10 daily recorded times (u16), 10 daily on-times (u16).
    r.skip(10 * 3 + 10 * 2 + 10 * 2);
    info.unit_id = *r.u8();
    r.skip(2 * 4);  // two tariffs, 4-byte BCD
    LoggerTime t;
    t.hour = *r.u8();
    t.minute = *r.u8();
    t.month = *r.u8();
    t.day = *r.u8();
    t.year = 2000 + *r.u8();
    info.init_time = t;
    if (!(r.remaining() >= 4 && is_end(b, 5 + r.position()))) {
        return std::string("INFO file does not end with FF FF FF FF");
    }
    return info;
}

}  // namespace wattbench::drivers::voltcraft
