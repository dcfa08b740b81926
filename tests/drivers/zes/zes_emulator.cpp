#include "tests/drivers/zes/zes_emulator.hpp"

#include <cctype>
#include <cstdio>
#include <cstdlib>

namespace wattbench::tests::emulators {
namespace {

std::string lower(std::string s) {
    for (char& c : s) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return s;
}

std::string trim(const std::string& s) {
    auto b = s.find_first_not_of(" \t\r");
    auto e = s.find_last_not_of(" \t\r");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// Auto-ranging picks the smallest range holding the value (the steps are the emulator's own;
// only the switching matters to the driver).
const double volt_steps[] = {6, 12.5, 25, 60, 130, 250, 400, 600};
const double amp_steps[] = {0.15, 0.3, 0.6, 1.2, 2.5, 5, 10, 20, 32};

template <std::size_t N>
double pick(const double (&steps)[N], double value) {
    for (double r : steps) {
        if (r >= value) {
            return r;
        }
    }
    return steps[N - 1];
}

}  // namespace

ZesEmulator::ZesEmulator(std::string model)
    : model_(std::move(model)),
      per_channel_(model_.rfind("LMG6", 0) == 0),
      eos_(per_channel_ ? "\n" : "\r\n") {}

double ZesEmulator::voltage_range() const {
    return volt_auto_ ? pick(volt_steps, volts) : volt_range_.load();
}

double ZesEmulator::current_range() const {
    return curr_auto_ ? pick(amp_steps, amps) : curr_range_.load();
}

std::vector<std::string> ZesEmulator::commands() const {
    std::lock_guard lock(mutex_);
    return log_;
}

std::string ZesEmulator::format(double v) const {
    char buf[32];
    // LMG670 answers `2.316219E+02`; the LMG95's logged lines read `234.835`.
    std::snprintf(buf, sizeof buf, per_channel_ ? "%.6E" : "%g", v);
    return buf;
}

std::string ZesEmulator::base_name(const std::string& name) const {
    if (!per_channel_) {
        return name;
    }
    std::string b = name;
    while (!b.empty() && std::isdigit(static_cast<unsigned char>(b.back()))) {
        b.pop_back();
    }
    return b;
}

std::string ZesEmulator::value_of(const std::string& name) const {
    const std::string b = base_name(name);
    if (b == "utrms") {
        return format(volts);
    }
    if (b == "itrms") {
        return overrange ? std::string("9.9e+37") : format(amps);
    }
    if (b == "p") {
        return invalid ? std::string(per_channel_ ? "9.910000E+37" : "9.91e+37") : format(watts);
    }
    if (b == "s") {
        return format(volt_amps);
    }
    if (b == "q") {
        return format(vars);
    }
    if (b == "pf") {
        return format(pf);
    }
    if ((b == "freq" && !per_channel_) || (b == "fcyc" && per_channel_)) {
        return format(hertz);
    }
    if (b == "urng") {
        return format(voltage_range());
    }
    if (b == "irng") {
        return format(current_range());
    }
    return "";
}

std::string ZesEmulator::line_of(const std::vector<std::string>& items) const {
    std::string out;
    for (const auto& item : items) {
        out += (out.empty() ? "" : ";") + value_of(item);
    }
    return out + eos_;
}

std::string ZesEmulator::execute(const std::string& raw, bool& in_actn,
                                 std::vector<std::string>& armed) {
    const std::string unit = lower(trim(raw));
    if (unit == "*opc?") {
        return "1" + eos_;
    }
    if (unit == "*idn?") {
        return "ZES ZIMMER Electronic Systems GmbH," + model_ + ",01234," +
               (per_channel_ ? "2.151" : "4.110") + eos_;
    }
    const std::string language = per_channel_ ? "*zlang" : "syst:lang";
    if (unit.rfind(language, 0) == 0) {
        short_ = trim(unit.substr(language.size())) == "short";
        return "";
    }
    if (unit == "lang scpi" && !per_channel_) {
        short_ = false;
        return "";
    }
    if (!short_) {
        return "";  // short-language names mean nothing in SCPI mode
    }
    if (unit == "actn") {
        in_actn = true;
        armed.clear();
        return "";
    }
    const auto space = unit.find(' ');
    const std::string head = unit.substr(0, space);
    const std::string arg = space == std::string::npos ? "" : trim(unit.substr(space + 1));
    if (!head.empty() && head.back() == '?') {
        const std::string name = head.substr(0, head.size() - 1);
        if (value_of(name).empty()) {
            return "";
        }
        if (in_actn) {
            armed.push_back(name);
            return "";
        }
        return value_of(name) + eos_;
    }
    const std::string n = per_channel_ ? "1" : "";
    if (head == "cont") {
        streaming_ = arg == "on";
        next_line_ = std::chrono::steady_clock::now();
    } else if (head == "cycl") {
        cycle_ = std::atof(arg.c_str());
    } else if (!per_channel_ && head == "uam") {
        volt_auto_ = arg == "auto";
    } else if (!per_channel_ && head == "iam") {
        curr_auto_ = arg == "auto";
    } else if (per_channel_ && head == "uauto" + n) {
        volt_auto_ = arg != "0";
    } else if (per_channel_ && head == "iauto" + n) {
        curr_auto_ = arg != "0";
    } else if (head == "urng" + n) {
        volt_range_ = std::atof(arg.c_str());
        volt_auto_ = false;
    } else if (head == "irng" + n) {
        curr_range_ = std::atof(arg.c_str());
        curr_auto_ = false;
    }
    return "";
}

std::string ZesEmulator::handle(std::string& input) {
    std::string out;
    for (;;) {
        const auto nl = input.find('\n');
        if (nl == std::string::npos) {
            break;
        }
        const std::string line = trim(input.substr(0, nl));
        input.erase(0, nl + 1);
        {
            std::lock_guard lock(mutex_);
            log_.push_back(line);
        }
        bool in_actn = false;
        std::vector<std::string> armed;
        std::size_t start = 0;
        std::string answers;
        for (;;) {
            const auto semi = line.find(';', start);
            answers += execute(line.substr(start, semi - start), in_actn, armed);
            if (semi == std::string::npos) {
                break;
            }
            start = semi + 1;
        }
        std::lock_guard lock(mutex_);
        if (in_actn) {
            armed_ = armed;
            if (actn_answers && !armed_.empty()) {
                answers += line_of(armed_);
            }
        }
        out += answers;
    }
    return out;
}

std::string ZesEmulator::tick() {
    const auto now = std::chrono::steady_clock::now();
    std::lock_guard lock(mutex_);
    if (!streaming_ || stalled || armed_.empty() || now < next_line_) {
        return "";
    }
    next_line_ = now + std::chrono::microseconds(static_cast<long>(cycle_ * 1e6));
    ++lines_;
    return noise ? "\x15#?~1;2;" + eos_ : line_of(armed_);
}

}  // namespace wattbench::tests::emulators
