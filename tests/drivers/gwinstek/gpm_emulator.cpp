#include "tests/drivers/gwinstek/gpm_emulator.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

namespace wattbench::tests::gwinstek {
namespace {

// SCPI nodes in their long form → the short form, so either spelling reaches one command.
const std::map<std::string, std::string>& short_forms() {
    static const std::map<std::string, std::string> m = {
        {"NUMERIC", "NUM"},     {"NORMAL", "NORM"},      {"NUMBER", "NUMB"},  {"VALUE", "VAL"},
        {"INPUT", "INP"},       {"VOLTAGE", "VOLT"},     {"CURRENT", "CURR"}, {"RANGE", "RANG"},
        {"INTEGRATE", "INTEG"}, {"FUNCTION", "FUNC"},    {"RESET", "RES"},    {"START", "STAR"},
        {"STATE", "STAT"},      {"COMMUNICATE", "COMM"}, {"HEADER", "HEAD"},  {"VERBOSE", "VERB"},
        {"REMOTE", "REM"},
    };
    return m;
}

// `:NUMERIC:NORMAL:ITEM3 P` → `:NUM:NORM:ITEM3` and the argument `P`.
std::pair<std::string, std::string> canonical(const std::string& line) {
    std::string head = line;
    std::string arg;
    if (auto sp = line.find(' '); sp != std::string::npos) {
        head = line.substr(0, sp);
        arg = line.substr(sp + 1);
    }
    for (char& c : head) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    std::string out;
    std::istringstream in(head);
    for (std::string node; std::getline(in, node, ':');) {
        if (node.empty()) {
            continue;
        }
        std::string digits;
        while (!node.empty() && std::isdigit(static_cast<unsigned char>(node.back()))) {
            digits.insert(digits.begin(), node.back());
            node.pop_back();
        }
        bool query = !node.empty() && node.back() == '?';
        if (query) {
            node.pop_back();
        }
        auto f = short_forms().find(node);
        out += ":" + (f != short_forms().end() ? f->second : node) + digits + (query ? "?" : "");
    }
    while (!arg.empty() && (arg.back() == ' ' || arg.back() == '\r')) {
        arg.pop_back();
    }
    return {out, arg};
}

// NR3 as the real capture: 5 significant digits, two-digit exponent (`127.58E+00`).
std::string nr3(double v) {
    if (v == 0.0) {
        return "0.0000E+00";
    }
    int e = static_cast<int>(std::floor(std::log10(std::fabs(v)) / 3.0)) * 3;
    double m = v / std::pow(10.0, e);
    const double a = std::fabs(m);
    const int decimals = a < 10 ? 4 : a < 100 ? 3 : 2;
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*fE%+03d", decimals, m, e);
    return buf;
}

// `300V`, `500mA`, `0.5A`.
double parse_range(std::string arg) {
    double scale = 1.0;
    for (char& c : arg) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    if (arg.size() > 2 && arg.substr(arg.size() - 2) == "MA") {
        scale = 1e-3;
        arg.resize(arg.size() - 2);
    } else if (!arg.empty() && (arg.back() == 'A' || arg.back() == 'V')) {
        arg.pop_back();
    }
    return std::stod(arg) * scale;
}

const double volt_table[] = {15, 30, 60, 150, 300, 600};
const double amp_table[] = {0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20};

template <std::size_t N>
double pick(const double (&table)[N], double value) {
    for (double r : table) {
        if (r >= value) {
            return r;
        }
    }
    return table[N - 1];
}

}  // namespace

GpmEmulator::GpmEmulator(std::string model) : model_(std::move(model)), items_(4, "U") {}

double GpmEmulator::voltage_range() const {
    return volt_auto_ ? pick(volt_table, volts) : volt_range_.load();
}

double GpmEmulator::current_range() const {
    return curr_auto_ ? pick(amp_table, amps) : curr_range_.load();
}

std::string GpmEmulator::rate() const {
    std::lock_guard lock(mutex_);
    return rate_;
}

std::vector<std::string> GpmEmulator::commands() const {
    std::lock_guard lock(mutex_);
    return log_;
}

std::string GpmEmulator::handle(std::string& input) {
    std::string out;
    for (auto nl = input.find('\n'); nl != std::string::npos; nl = input.find('\n')) {
        std::string line = input.substr(0, nl);
        input.erase(0, nl + 1);
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) {
            line.pop_back();
        }
        if (line.empty()) {
            continue;
        }
        {
            std::lock_guard lock(mutex_);
            log_.push_back(line);
        }
        const auto answer = execute(line);
        if (!answer.empty()) {
            out += answer + "\r\n";
        }
    }
    return out;
}

std::string GpmEmulator::range_answer(bool v) const {
    const double r = v ? voltage_range() : current_range();
    char buf[48];
    switch (range_form.load()) {
        case RangeForm::number:
            return nr3(r);
        case RangeForm::unit:
            if (!v && r < 1.0) {
                std::snprintf(buf, sizeof buf, "%gmA", r * 1000.0);
            } else {
                std::snprintf(buf, sizeof buf, "%g%s", r, v ? "V" : "A");
            }
            return buf;
        case RangeForm::echo:
            return std::string(v ? ":INP:VOLT:RANG " : ":INP:CURR:RANG ") + nr3(r);
    }
    return "";
}

std::string GpmEmulator::values() {
    ++value_queries_;
    if (integrating_) {
        energy_wh_ += watts / 3600.0;
    }
    std::string out = value_echo ? ":NUM:NORM:VAL " : "";
    for (std::size_t i = 0; i < items_.size(); ++i) {
        const auto& f = items_[i];
        std::string v;
        if (f == "P" && overrange) {
            v = "INF";
        } else if ((f == "FI" || (f == "P" && no_data)) || (f == "LAMBDA" && no_data)) {
            v = "NAN";
        } else {
            const double x = f == "U"        ? volts.load()
                             : f == "I"      ? amps.load()
                             : f == "P"      ? watts.load()
                             : f == "S"      ? volt_amps.load()
                             : f == "Q"      ? vars.load()
                             : f == "LAMBDA" ? pf.load()
                             : f == "FU"     ? hertz.load()
                             : f == "WH"     ? energy_wh_
                                             : NAN;
            v = std::isnan(x) ? "NAN" : nr3(x);
        }
        out += (i ? "," : "") + v;
    }
    return out;
}

std::string GpmEmulator::execute(const std::string& line) {
    if (line == "*IDN?") {
        return "GWInstek," + model_ + ",GES913349,V1.05";
    }
    const auto [c, arg] = canonical(line);
    if (c == ":NUM:NORM:NUMB") {
        items_.assign(static_cast<std::size_t>(std::stoi(arg)), "U");
    } else if (c == ":NUM:NORM:NUMB?") {
        return ":NUM:NORM:NUMB " + std::to_string(items_.size());  // the short-form echo
    } else if (c.rfind(":NUM:NORM:ITEM", 0) == 0 && c.back() != '?') {
        const auto n = static_cast<std::size_t>(std::stoi(c.substr(14)));
        if (n >= 1 && n <= items_.size()) {
            std::string f = arg;
            for (char& ch : f) {
                ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
            }
            items_[n - 1] = f;
        }
    } else if (c == ":NUM:NORM:VAL?") {
        return values();
    } else if (c == ":INP:VOLT:RANG" || c == ":INP:CURR:RANG") {
        const bool v = c == ":INP:VOLT:RANG";
        (v ? volt_range_ : curr_range_) = parse_range(arg);
        (v ? volt_auto_ : curr_auto_) = false;
    } else if (c == ":INP:VOLT:AUTO" || c == ":INP:CURR:AUTO") {
        (c == ":INP:VOLT:AUTO" ? volt_auto_ : curr_auto_) = arg == "ON" || arg == "1";
    } else if (c == ":INP:VOLT:RANG?" || c == ":INP:CURR:RANG?") {
        return range_answer(c == ":INP:VOLT:RANG?");
    } else if (c == ":INTEG:RES") {
        integrating_ = false;
        energy_wh_ = 0.0;
    } else if (c == ":INTEG:STAR") {
        integrating_ = true;
    } else if (c == ":INTEG:STOP") {
        integrating_ = false;
    } else if (c == ":INTEG:STAT?") {
        return integrating_ ? (state_run ? "RUN" : "START") : "RESET";
    } else if (c == ":RATE") {
        std::lock_guard lock(mutex_);
        rate_ = arg;
    }
    return "";
}

}  // namespace wattbench::tests::gwinstek
