#include "drivers/ptdaemon/codec.hpp"

#include <cctype>
#include <charconv>
#include <cmath>

#include "drivers/common/ascii_text.hpp"

namespace wattbench::drivers::ptdaemon {
namespace {

using common::trim;

std::optional<double> number(std::string_view s) {
    s = trim(s);
    if (!s.empty() && s.front() == '+') {
        s.remove_prefix(1);
    }
    double v = 0.0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) {
        return std::nullopt;
    }
    return v;
}

std::optional<std::int64_t> integer(std::string_view s) {
    const auto v = number(s);
    if (!v || *v != std::floor(*v) || std::fabs(*v) > 9.0e15) {
        return std::nullopt;
    }
    return static_cast<std::int64_t>(*v);
}

std::optional<bool> flag(std::string_view s) {
    const auto v = integer(s);
    if (!v || (*v != 0 && *v != 1)) {
        return std::nullopt;
    }
    return *v == 1;
}

// Digits only, exactly `n` of them.
std::optional<int> digits(std::string_view s, std::size_t n) {
    if (s.size() != n) {
        return std::nullopt;
    }
    int v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') {
            return std::nullopt;
        }
        v = v * 10 + (c - '0');
    }
    return v;
}

// Days from 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
std::int64_t days_from_civil(int y, int m, int d) {
    y -= m <= 2 ? 1 : 0;
    const int era = (y >= 0 ? y : y - 399) / 400;
    const int yoe = y - era * 400;
    const int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return static_cast<std::int64_t>(era) * 146097 + doe - 719468;
}

Identity parse_identify(const std::vector<std::string_view>& f) {
    Identity id;
    std::size_t version_at = f.size();
    for (std::size_t i = 0; i < f.size(); ++i) {
        if (common::istarts_with(f[i], "version=")) {
            version_at = i;
        } else if (common::istarts_with(f[i], "OS=")) {
            id.os = std::string(f[i].substr(3));
        } else if (common::istarts_with(f[i], "mode=")) {
            id.mode = std::string(f[i].substr(5));
        }
    }
    // Nine fields come before `version=`; fewer means the model is the only sure one.
    std::size_t model_end = 1;
    if (version_at != f.size() && version_at >= 9) {
        model_end = version_at - 8;
    }
    for (std::size_t i = 0; i < model_end && i < f.size(); ++i) {
        id.model += (i ? "," : "") + std::string(f[i]);
    }
    if (model_end < f.size()) {
        if (const auto v = integer(f[model_end])) {
            id.interval_ms = static_cast<int>(*v);
        }
    }
    if (model_end + 7 < f.size()) {
        id.accepted = flag(f[model_end + 7]);
    }
    if (version_at != f.size()) {
        const auto v = f[version_at].substr(8);
        const auto d1 = v.find('-');
        id.version = std::string(v.substr(0, d1));
        if (d1 != std::string_view::npos) {
            const auto rest = v.substr(d1 + 1);
            const auto d2 = rest.find('-');
            id.version_crc = std::string(rest.substr(0, d2));
            if (d2 != std::string_view::npos) {
                id.version_date = std::string(rest.substr(d2 + 1));
            }
        }
        // After version, OS and mode: can_accuracy, can_rangeset, channels.
        std::size_t after = version_at + 1;
        while (after < f.size() && f[after].find('=') != std::string_view::npos) {
            ++after;
        }
        if (after + 1 < f.size()) {
            id.can_rangeset = flag(f[after + 1]);
        }
        if (after + 2 < f.size()) {
            if (const auto c = integer(f[after + 2]); c && *c >= 0 && *c <= 64) {
                id.channels = static_cast<int>(*c);
            }
        }
    }
    return id;
}

Ranges parse_ranges(const std::vector<std::string_view>& f) {
    Ranges r;
    for (std::size_t i = 1; i + 3 < f.size(); i += 4) {
        ChannelRanges c;
        const auto aa = integer(f[i]);
        const auto va = integer(f[i + 2]);
        c.amps_auto = aa && *aa >= -1 && *aa <= 1 ? static_cast<int>(*aa) : -1;
        c.amps = parse_value(f[i + 1]);
        c.volts_auto = va && *va >= -1 && *va <= 1 ? static_cast<int>(*va) : -1;
        c.volts = parse_value(f[i + 3]);
        r.channels.push_back(c);
    }
    return r;
}

// `Time,<t>,Watts,<w>,Volts,<v>,Amps,<a>,PF,<pf>,Mark,<m>[,Ch1,Watts,<w>,…]`: read as
// name/value pairs so that a missing or reordered quantity costs only itself.
std::optional<Sample> parse_sample(const std::vector<std::string_view>& f) {
    if (f.size() < 2) {
        return std::nullopt;
    }
    const auto t = parse_time(f[1]);
    if (!t) {
        return std::nullopt;
    }
    Sample s;
    s.time_ms = *t;
    s.time_text = std::string(f[1]);
    Quantities* q = &s.sum;
    std::size_t i = 2;
    while (i < f.size()) {
        const auto key = f[i];
        if (key.size() > 2 && common::istarts_with(key, "ch") && integer(key.substr(2))) {
            const auto n = *integer(key.substr(2));
            if (n < 1 || n > 64) {
                return std::nullopt;
            }
            if (s.channels.size() < static_cast<std::size_t>(n)) {
                s.channels.resize(static_cast<std::size_t>(n));
            }
            q = &s.channels[static_cast<std::size_t>(n - 1)];
            ++i;
            continue;
        }
        if (i + 1 >= f.size()) {
            break;
        }
        const auto value = f[i + 1];
        if (common::iequals(key, "Watts")) {
            q->watts = parse_value(value);
        } else if (common::iequals(key, "Volts")) {
            q->volts = parse_value(value);
        } else if (common::iequals(key, "Amps")) {
            q->amps = parse_value(value);
        } else if (common::iequals(key, "PF")) {
            q->pf = parse_value(value);
        } else if (common::iequals(key, "Mark")) {
            s.mark = std::string(value);
        }
        i += 2;
    }
    return s;
}

WattsSummary parse_watts(const std::vector<std::string_view>& f) {
    WattsSummary w;
    auto at = [&](std::size_t i) { return i < f.size() ? f[i] : std::string_view(); };
    w.avg = parse_value(at(1));
    w.min = parse_value(at(2));
    w.max = parse_value(at(3));
    w.samples = integer(at(4));
    w.errors = integer(at(5));
    w.valid = std::string(at(6));
    return w;
}

Uncertainty parse_uncertainty(const std::vector<std::string_view>& f) {
    Uncertainty u;
    for (std::size_t i = 1; i + 6 < f.size(); i += 7) {
        UncertaintyTuple t;
        t.avg = parse_value(f[i]);
        t.min = parse_value(f[i + 1]);
        t.max = parse_value(f[i + 2]);
        t.total = integer(f[i + 3]);
        t.invalid = integer(f[i + 4]);
        t.valid = integer(f[i + 5]);
        t.unknown = integer(f[i + 6]);
        u.tuples.push_back(t);
    }
    return u;
}

std::optional<ErrorReply> parse_error(std::string_view line) {
    struct Known {
        std::string_view text;
        ErrorCode code;
    };
    static constexpr Known known[] = {
        {"Invalid number of parameters", ErrorCode::invalid_parameter_count},
        {"Error in parameter", ErrorCode::bad_parameter},
        {"Meter busy", ErrorCode::busy},
        {"Invalid channel", ErrorCode::invalid_channel},
        {"Unknown command", ErrorCode::unknown_command},
        {"Error: no measurement to stop", ErrorCode::nothing_to_stop},
    };
    for (const auto& k : known) {
        if (common::istarts_with(line, k.text)) {
            return ErrorReply{k.code, std::string(line)};
        }
    }
    if (common::istarts_with(line, "Error") || common::istarts_with(line, "Invalid")) {
        return ErrorReply{ErrorCode::other, std::string(line)};
    }
    return std::nullopt;
}

}  // namespace

std::string encode(std::string_view command) {
    std::string out(command);
    out += "\r\n";
    return out;
}

std::optional<double> parse_value(std::string_view text) {
    const auto v = number(text);
    // PTD writes a missing value as -1 (`-1.000000`); no analyzer reading is exactly that.
    if (!v || *v == -1.0) {
        return std::nullopt;
    }
    return v;
}

std::optional<std::int64_t> parse_time(std::string_view text) {
    text = trim(text);
    // MM-DD-YYYY hh:mm:ss, then optionally .f to .ffffff
    if (text.size() < 19 || text[2] != '-' || text[5] != '-' || text[10] != ' ' ||
        text[13] != ':' || text[16] != ':') {
        return std::nullopt;
    }
    const auto mo = digits(text.substr(0, 2), 2);
    const auto d = digits(text.substr(3, 2), 2);
    const auto y = digits(text.substr(6, 4), 4);
    const auto h = digits(text.substr(11, 2), 2);
    const auto mi = digits(text.substr(14, 2), 2);
    const auto s = digits(text.substr(17, 2), 2);
    if (!mo || !d || !y || !h || !mi || !s || *mo < 1 || *mo > 12 || *d < 1 || *d > 31 || *h > 23 ||
        *mi > 59 || *s > 60) {
        return std::nullopt;
    }
    int ms = 0;
    if (text.size() > 19) {
        const auto frac = text.substr(20);
        if (text[19] != '.' || frac.empty() || frac.size() > 6) {
            return std::nullopt;
        }
        const auto f = digits(frac, frac.size());
        if (!f) {
            return std::nullopt;
        }
        int scale = 1;
        for (std::size_t i = frac.size(); i < 3; ++i) {
            scale *= 10;
        }
        ms = frac.size() <= 3 ? *f * scale : std::stoi(std::string(frac.substr(0, 3)));
    }
    const auto days = days_from_civil(*y, *mo, *d);
    return ((days * 24 + *h) * 60 + *mi) * 60000LL + *s * 1000LL + ms;
}

Reply parse_reply(std::string_view line) {
    line = trim(line);
    if (auto e = parse_error(line)) {
        return *e;
    }
    if (common::istarts_with(line, "Hello")) {
        return Hello{};
    }
    if (common::istarts_with(line, "Starting")) {
        return Started{std::string(line)};
    }
    if (common::istarts_with(line, "Stopping")) {
        return Stopped{};
    }
    if (common::istarts_with(line, "Range ") && line.size() > 7 &&
        line.substr(7).find("changed") != std::string_view::npos) {
        const char q = static_cast<char>(std::toupper(static_cast<unsigned char>(line[6])));
        if (q == 'V' || q == 'A') {
            return RangeChanged{q};
        }
    }
    if (common::istarts_with(line, "Last ")) {
        auto rest = line.substr(5);
        const auto sp = rest.find(' ');
        if (const auto n = integer(rest.substr(0, sp)); n && *n >= 0 && *n <= 1000000) {
            return SamplesHeader{static_cast<int>(*n)};
        }
    }
    const auto f = common::split(line, ',');
    if (common::iequals(f[0], "Time")) {
        if (auto s = parse_sample(f)) {
            return *s;
        }
    } else if (common::iequals(f[0], "Ranges")) {
        return parse_ranges(f);
    } else if (common::iequals(f[0], "Watts") && f.size() >= 2) {
        return parse_watts(f);
    } else if (common::iequals(f[0], "Uncertainty")) {
        return parse_uncertainty(f);
    } else if (f.size() >= 2 && !f[0].empty()) {
        for (const auto& x : f) {
            if (common::istarts_with(x, "version=")) {
                return parse_identify(f);
            }
        }
        // An Identify without a version field still names the model and its interval.
        if (f.size() >= 9 && integer(f[1])) {
            return parse_identify(f);
        }
    }
    return Other{std::string(line)};
}

}  // namespace wattbench::drivers::ptdaemon
