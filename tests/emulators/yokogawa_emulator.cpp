#include "tests/emulators/yokogawa_emulator.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <thread>

namespace wattbench::tests::emulators {
namespace {

constexpr const char* wt200_order[] = {"V",  "A",      "W",   "VA",  "VAR",
                                       "PF", "DEGREE", "VHZ", "AHZ", "WH"};

std::string upper(std::string s) {
    for (char& c : s) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return s;
}

std::string trim(const std::string& s) {
    auto b = s.find_first_not_of(" \t\r");
    auto e = s.find_last_not_of(" \t\r");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

std::string nr3(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4E", v);
    return buf;
}

const double volts_cf3[] = {15, 30, 60, 150, 300, 600};
const double amps_cf3[] = {0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20};

template <std::size_t N>
double pick(const double (&table)[N], double value, double scale) {
    for (double r : table) {
        if (r * scale >= value) {
            return r * scale;
        }
    }
    return table[N - 1] * scale;
}

}  // namespace

double YokogawaEmulator::voltage_range() const {
    const double scale = crest_factor_ == 6 ? 0.5 : 1.0;
    return volt_auto_ ? pick(volts_cf3, volts, scale) : volt_range_.load();
}

double YokogawaEmulator::current_range() const {
    const double scale = crest_factor_ == 6 ? 0.5 : 1.0;
    return curr_auto_ ? pick(amps_cf3, amps, scale) : curr_range_.load();
}

std::uint64_t YokogawaEmulator::update_index() const {
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    return static_cast<std::uint64_t>(s / update_interval_s.load());
}

// `what` is VOLT or CURR, `rest` what follows it: ":AUTO ON", ":RANG 300", ":RANG?".
std::string YokogawaEmulator::range_command(const std::string& what, const std::string& rest) {
    const bool volt = what == "VOLT";
    if (rest == ":RANG?" || rest == ":RANGE?") {
        return nr3(volt ? voltage_range() : current_range()) + "\r\n";
    }
    if (rest.rfind(":AUTO", 0) == 0) {
        (volt ? volt_auto_ : curr_auto_) = trim(rest.substr(5)) == "ON";
        return "";
    }
    if (rest.rfind(":RANG ", 0) == 0) {
        (volt ? volt_range_ : curr_range_) = std::stod(rest.substr(6));
        (volt ? volt_auto_ : curr_auto_) = false;  // a fixed range ends auto-ranging
    }
    return "";
}

YokogawaEmulator::YokogawaEmulator(std::string model)
    : model_(std::move(model)), wt200_(model_.rfind("WT2", 0) == 0) {
    items_ = {"U", "I", "P", "S", "Q", "LAMBDA", "PHI", "FU", "FI", "NONE"};
    for (const char* n : wt200_order) {
        meas_items_[n] = true;
    }
}

std::vector<std::string> YokogawaEmulator::commands() const {
    std::lock_guard lock(mutex_);
    return log_;
}

std::string YokogawaEmulator::handle(std::string& input) {
    std::string out;
    for (auto lf = input.find('\n'); lf != std::string::npos; lf = input.find('\n')) {
        std::string line = input.substr(0, lf);
        input.erase(0, lf + 1);
        std::size_t start = 0;
        while (start <= line.size()) {
            auto semi = line.find(';', start);
            std::string cmd = trim(line.substr(start, semi - start));
            if (!cmd.empty()) {
                out += execute(cmd);
            }
            if (semi == std::string::npos) {
                break;
            }
            start = semi + 1;
        }
    }
    return out;
}

std::string YokogawaEmulator::value_of(const std::string& fn) {
    // Beyond 140 % of a fixed range the meter shows over-range (WT310E getting started guide).
    const bool amps_over = overrange || (!curr_auto_ && amps > 1.4 * curr_range_);
    const bool volts_over = !volt_auto_ && volts > 1.4 * volt_range_;
    if (fn == "P" || fn == "W") {
        if (amps_over || volts_over) {
            return "9.91E+37";
        }
        return nan ? "NAN" : nr3(watts);
    }
    if (fn == "I" || fn == "A") {
        return amps_over ? "INF" : nr3(amps);
    }
    if (fn == "U" || fn == "V") {
        return volts_over ? "INF" : nr3(volts);
    }
    if (fn == "S" || fn == "VA") {
        return nr3(volt_amps);
    }
    if (fn == "LAMBDA" || fn == "PF") {
        return nr3(pf);
    }
    if (fn == "FU" || fn == "VHZ") {
        return nr3(hertz);
    }
    if (fn == "WH") {
        return integrating_ ? nr3(energy_wh_) : "NAN";
    }
    return "NAN";
}

std::string YokogawaEmulator::execute(const std::string& raw) {
    const std::string cmd = upper(raw);
    {
        std::lock_guard lock(mutex_);
        log_.push_back(cmd);
    }
    auto arg = [&](const std::string& head) { return trim(cmd.substr(head.size())); };
    if (cmd == "*IDN?") {
        return "YOKOGAWA," + model_ + ",C2PH13047V,F1.03\r\n";
    }
    if (cmd == ":STAT:ERR?") {
        return "0,\"No error\"\r\n";
    }
    const std::string input = wt200_ ? ":CONF:" : ":INP:";
    for (const char* what : {"VOLT", "CURR"}) {
        const std::string head = input + what;
        if (cmd.rfind(head + ":", 0) == 0) {
            return range_command(what, cmd.substr(head.size()));
        }
    }
    if (cmd == input + "MODE?") {
        return "RMS\r\n";
    }
    if (!wt200_ && cmd == ":INP:CFAC?") {
        return std::to_string(crest_factor_.load()) + "\r\n";
    }
    if (!wt200_ && cmd.rfind(":INP:CFAC ", 0) == 0) {
        crest_factor_ = std::stoi(arg(":INP:CFAC"));
        return "";
    }
    if (!wt200_ && cmd == ":STAT:FILT1 FALL") {
        filter_fall_ = true;
        return "";
    }
    if (!wt200_ && cmd == ":STAT:EESR?") {
        const auto now = update_index();
        const bool upd = filter_fall_ && now > cleared_at_update_;
        cleared_at_update_ = now;
        return std::string(upd ? "1" : "0") + "\r\n";
    }
    if (!wt200_ && cmd == ":COMM:WAIT 1") {
        // Communication halts until an update completes after the last clear.
        ++waits_;
        while (filter_fall_ && update_index() <= cleared_at_update_) {
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        return "";
    }
    if (!wt200_ && cmd.rfind(":NUM:NORM:NUM ", 0) == 0) {
        items_.resize(static_cast<std::size_t>(std::clamp(std::stoi(arg(":NUM:NORM:NUM")), 1, 10)),
                      "NONE");
        return "";
    }
    if (!wt200_ && cmd.rfind(":NUM:NORM:ITEM", 0) == 0) {
        auto space = cmd.find(' ');
        std::size_t k = std::stoul(cmd.substr(14, space - 14));
        std::string fn = cmd.substr(space + 1, cmd.find(',') - space - 1);
        if (k >= 1 && k <= items_.size()) {
            items_[k - 1] = trim(fn);
        }
        return "";
    }
    if (!wt200_ && cmd == ":NUM:NORM:VAL?") {
        ++value_queries_;
        energy_wh_ += integrating_ ? watts / 3600.0 : 0.0;
        std::string out;
        for (std::size_t k = 0; k < items_.size(); ++k) {
            out += (k ? "," : "") + value_of(items_[k]);
        }
        return out + "\r\n";
    }
    if (wt200_ && cmd.rfind(":MEAS:ITEM:", 0) == 0) {
        auto space = cmd.find(' ');
        meas_items_[cmd.substr(11, space - 11)] = arg(cmd.substr(0, space)) == "ON";
        return "";
    }
    if (wt200_ && cmd == ":MEAS:VAL?") {
        ++value_queries_;
        energy_wh_ += integrating_ ? watts / 3600.0 : 0.0;
        std::string out;
        for (const char* n : wt200_order) {
            if (meas_items_[n]) {
                out += (out.empty() ? "" : ",") + value_of(n);
            }
        }
        return out + "\r\n";
    }
    if (cmd == ":INTEG:STAR") {
        integrating_ = true;
    } else if (cmd == ":INTEG:STOP") {
        integrating_ = false;
    } else if (cmd == ":INTEG:RES") {
        energy_wh_ = 0.0;
    }
    return "";
}

}  // namespace wattbench::tests::emulators
