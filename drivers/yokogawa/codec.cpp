#include "drivers/yokogawa/codec.hpp"

#include <array>
#include <cstdio>

#include "drivers/yokogawa/channels.hpp"
#include "drivers/yokogawa/text_fields.hpp"
#include "drivers/yokogawa/wt_codec.hpp"

namespace wattbench::drivers::yokogawa {
namespace {

// WT300 numeric items in channel order, all on element 1 (WT330: element 1 of three).
constexpr std::array<const char*, channel_count> wt300_items = {"P", "S",  "LAMBDA", "U",
                                                                "I", "FU", "WH"};

// WT200 returns the enabled :MEAS:ITEM values in this fixed order; `channel` maps each to the
// table, or channel_count for items switched off.
struct Wt200Item {
    const char* name;
    std::size_t channel;
};
constexpr std::array<Wt200Item, 10> wt200_items = {{
    {"V", voltage},
    {"A", current},
    {"W", power},
    {"VA", apparent_power},
    {"VAR", channel_count},
    {"PF", power_factor},
    {"DEGREE", channel_count},
    {"VHZ", frequency},
    {"AHZ", channel_count},
    {"WH", energy},
}};

// One NR3 field → reading; false when it is not a number at all. The WT300/WT200 sets have
// no no-data number: anything from 9.9E+37 up is over-range.
bool decode_field(std::string_view f, api::Reading& r) {
    return decode_wt_field(f, r, false);
}

}  // namespace

std::vector<std::string> greeting_commands() {
    return {"", "*CLS", ":COMM:HEAD OFF", ":COMM:VERB ON", ":COMM:REM ON"};
}

std::variant<api::DeviceIdentity, std::string> parse_identity(Dialect dialect,
                                                              std::string_view line) {
    auto f = split(trim(line), ',');
    if (f.size() != 4 || !iequals(f[0], "YOKOGAWA")) {
        return "not a Yokogawa *IDN? answer: '" + std::string(trim(line)) + "'";
    }
    const std::string_view family = dialect == Dialect::wt300 ? "WT3" : "WT2";
    if (f[1].size() < 3 || !iequals(f[1].substr(0, 3), family)) {
        return "model '" + std::string(f[1]) + "' is not a " + std::string(family) +
               "xx (use driver " +
               (dialect == Dialect::wt300 ? "yokogawa-wt210" : "yokogawa-wt310") +
               " if that is the meter)";
    }
    return api::DeviceIdentity{std::string(f[0]), std::string(f[1]), std::string(f[2]),
                               std::string(f[3])};
}

std::vector<std::string> setup_commands(const Settings& s, std::string_view model) {
    std::vector<std::string> c;
    if (s.dialect == Dialect::wt300) {
        if (iequals(model, "WT310E")) {
            c.push_back(":SYST:COMM:COMM WT300");
        }
        c.push_back(":NUM:FORM ASCII");
        c.push_back(":NUM:NORM:NUM " + std::to_string(wt300_items.size()));
        for (std::size_t k = 0; k < wt300_items.size(); ++k) {
            c.push_back(":NUM:NORM:ITEM" + std::to_string(k + 1) + " " + wt300_items[k] + ",1");
        }
    } else {
        for (const auto& item : wt200_items) {
            c.push_back(std::string(":MEAS:ITEM:") + item.name +
                        (item.channel == channel_count ? " OFF" : " ON"));
        }
    }
    // The crest factor first: changing it re-scales every range (WT310E manual).
    if (s.dialect == Dialect::wt300 && s.crest_factor != 0) {
        c.push_back(":INP:CFAC " + std::to_string(s.crest_factor));
    }
    // A calibrating meter auto-ranges until its first warm-up ends.
    for (auto& r : s.calibrate ? range_commands(s.dialect, std::nullopt, std::nullopt)
                               : range_commands(s.dialect, s.voltage_range, s.current_range)) {
        c.push_back(std::move(r));
    }
    if (s.update_interval) {
        c.push_back(":SAMP:RATE " + number(*s.update_interval));
    }
    if (s.integrate) {
        c.push_back(":INTEG:STOP");
        c.push_back(":INTEG:RES");
        if (s.dialect == Dialect::wt300) {
            c.push_back(":INTEG:MODE NORM");
        }
        c.push_back(":INTEG:STAR");
    }
    return c;
}

std::string read_command(Dialect dialect) {
    return dialect == Dialect::wt300 ? ":NUM:NORM:VAL?" : ":MEAS:VAL?";
}

std::vector<std::string> poll_commands(const Settings& s) {
    if (s.dialect == Dialect::wt300 && s.sync == Sync::update) {
        // protocols.md names :STAT:EESR?, :COMM:WAIT 1 and VAL?; the order is the WT310/WT3000
        // communication manuals' loop ("Synchronization with the Controller"): clearing after
        // the read means an update completing between the two is skipped, never read twice.
        return {":COMM:WAIT 1", read_command(s.dialect), ":STAT:EESR?"};
    }
    return {read_command(s.dialect)};
}

std::vector<std::string> sync_setup_commands(const Settings& s) {
    if (s.dialect == Dialect::wt300 && s.sync == Sync::update) {
        // UPD (condition bit 0) falling from 1 to 0 marks a completed update; the first
        // :STAT:EESR? clears what accumulated before.
        return {":STAT:FILT1 FALL", ":STAT:EESR?"};
    }
    return {};
}

std::vector<std::string> range_commands(Dialect dialect, const Range& volts, const Range& amps) {
    const std::string input = dialect == Dialect::wt300 ? ":INP:" : ":CONF:";
    std::vector<std::string> c;
    auto range = [&](const char* what, const Range& r) {
        if (r) {
            c.push_back(input + what + ":AUTO OFF");
            c.push_back(input + what + ":RANG " + number(*r));
        } else {
            c.push_back(input + what + ":AUTO ON");
        }
    };
    range("VOLT", volts);
    range("CURR", amps);
    return c;
}

std::vector<std::string> range_queries(Dialect dialect) {
    if (dialect == Dialect::wt300) {
        return {":INP:VOLT:RANG?", ":INP:CURR:RANG?"};
    }
    return {":CONF:VOLT:RANG?", ":CONF:CURR:RANG?"};
}

std::optional<double> parse_number(std::string_view line) {
    api::Reading r;
    if (!decode_field(trim(line), r) || r.status != api::Status::ok) {
        return std::nullopt;
    }
    return r.value;
}

std::variant<std::vector<api::Reading>, std::string> parse_values(Dialect dialect,
                                                                  std::string_view line) {
    auto fields = split(trim(line), ',');
    const std::size_t expected = dialect == Dialect::wt300 ? wt300_items.size() : channel_count;
    if (fields.size() != expected) {
        return "expected " + std::to_string(expected) + " values, got " +
               std::to_string(fields.size());
    }
    std::vector<api::Reading> out(channel_count);
    std::size_t k = 0;
    for (std::size_t i = 0; i < channel_count; ++i) {
        std::size_t ch = i;
        if (dialect == Dialect::wt200) {
            while (wt200_items[k].channel == channel_count) {
                ++k;
            }
            ch = wt200_items[k++].channel;
        }
        out[ch].channel = ch;
        if (!decode_field(fields[i], out[ch])) {
            std::string shown(fields[i].substr(0, 24));
            for (char& x : shown) {
                if (static_cast<unsigned char>(x) < 0x20 || static_cast<unsigned char>(x) > 0x7E) {
                    x = '?';
                }
            }
            return "value " + std::to_string(i + 1) + " is not a number: '" + shown + "'";
        }
    }
    return out;
}

Accuracy power_accuracy(Dialect) {
    return Accuracy{0.001, 0.001};
}

std::string describe(const Range& r, const char* unit) {
    return r ? number(*r) + " " + unit : "auto";
}

}  // namespace wattbench::drivers::yokogawa
