#include "tests/drivers/hioki/hioki_emulator.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>

namespace wattbench::tests::hioki {
namespace {

std::string upper(std::string s) {
    for (char& c : s) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return s;
}

std::string stripped(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    const auto e = s.find_last_not_of(" \t\r");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// NR3 as the PW3335 sends it: 10 characters, `±ddd.ddE±e` with e one of 0, 3, 6.
std::string measurement(double v) {
    int e = 0;
    double m = v;
    while (std::fabs(m) >= 1000.0 && e < 6) {
        m /= 1000.0;
        e += 3;
    }
    const double a = std::fabs(m);
    const char* form = a < 10.0 ? "%+.4fE+%d" : a < 100.0 ? "%+.3fE+%d" : "%+.2fE+%d";
    char buf[32];
    std::snprintf(buf, sizeof buf, form, m, e);
    return buf;
}

// Integration values: 11 characters, `±dd.ddddE±e`.
std::string integration(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+08.4fE+0", v);
    return buf;
}

const double volt_table[] = {6, 15, 30, 60, 150, 300, 600, 1000};
const double amp_table[] = {0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20};

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

HiokiEmulator::HiokiEmulator(std::string model)
    : model_(std::move(model)),
      channels_(model_ == "PW3337"   ? 3
                : model_ == "PW3336" ? 2
                                     : 1) {}

double HiokiEmulator::voltage_range() const {
    return volt_auto_ ? pick(volt_table, volts) : volt_range_.load();
}

double HiokiEmulator::current_range() const {
    return curr_auto_ ? pick(amp_table, amps) : curr_range_.load();
}

std::vector<std::string> HiokiEmulator::commands() const {
    std::lock_guard lock(mutex_);
    return log_;
}

std::string HiokiEmulator::handle(std::string& input) {
    std::string out;
    for (auto nl = input.find('\n'); nl != std::string::npos; nl = input.find('\n')) {
        const std::string line = stripped(input.substr(0, nl));
        input.erase(0, nl + 1);
        if (line.empty()) {
            continue;
        }
        {
            std::lock_guard lock(mutex_);
            log_.push_back(line);
        }
        const std::string eol = crlf ? "\r\n" : "\n";
        const std::string answer = execute(line);
        if (!answer.empty()) {
            out += answer + eol;
        }
        if (confirmation_codes) {
            out += "000" + eol;
        }
    }
    return out;
}

std::string HiokiEmulator::value_of(const std::string& item, std::string& header) {
    std::string base = item;
    while (!base.empty() && std::isdigit(static_cast<unsigned char>(base.back()))) {
        base.pop_back();
    }
    const std::string channel = item.substr(base.size());
    header = (base == "WH" ? std::string("WP") : base) + channel;
    const Sentinel s = sentinel;
    if (base == "WH") {
        if (s == Sentinel::no_data) {
            return "+7777.77E+9";
        }
        if (s == Sentinel::scaling_error) {
            return "+8888.88E+9";
        }
        return integration(energy_wh_);
    }
    if (base == "P" && s != Sentinel::none) {
        return s == Sentinel::overrange       ? "+999.99E+9"
               : s == Sentinel::scaling_error ? "-888.88E+9"
                                              : "+777.77E+9";
    }
    const double v = base == "U"       ? volts.load()
                     : base == "I"     ? amps.load()
                     : base == "P"     ? watts.load()
                     : base == "S"     ? volt_amps.load()
                     : base == "Q"     ? vars.load()
                     : base == "PF"    ? pf.load()
                     : base == "FREQU" ? hertz.load()
                                       : NAN;
    return std::isnan(v) ? std::string() : measurement(v);
}

std::string HiokiEmulator::measure(const std::string& items) {
    ++measure_queries_;
    if (integrating_) {
        energy_wh_ += watts / 3600.0;  // as if a second passed per query
    }
    std::string out;
    std::size_t start = 0;
    while (start <= items.size()) {
        auto comma = items.find(',', start);
        const std::string item = upper(
            stripped(items.substr(start, comma == std::string::npos ? comma : comma - start)));
        std::string header;
        const std::string value = value_of(item, header);
        if (value.empty()) {
            return "";  // an unknown item: the meter answers nothing (an execution error)
        }
        // Multi-channel items must carry their channel; single-channel ones must not.
        const bool digit = std::isdigit(static_cast<unsigned char>(item.back())) != 0;
        if (digit != (channels_ > 1)) {
            return "";
        }
        if (!out.empty()) {
            out += separator.load();
        }
        out += headers ? header + " " + value : value;
        if (comma == std::string::npos) {
            break;
        }
        start = comma + 1;
    }
    return out;
}

std::string HiokiEmulator::range(const std::string& c) {
    // :VOLTAGE[n]:RANGE x | :VOLTAGE[n]:AUTO ON|OFF | :VOLTAGE[n]:RANGE?
    const bool volt = c.rfind(":VOLT", 0) == 0;
    const auto colon = c.find(':', 1);
    if (colon == std::string::npos) {
        return "";
    }
    const std::string node = c.substr(0, colon);
    const std::string rest = c.substr(colon + 1);
    const bool digit = std::isdigit(static_cast<unsigned char>(node.back())) != 0;
    if (digit != (channels_ > 1)) {
        return "";
    }
    if (rest == "RANGE?" || rest == "RANG?") {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", volt ? voltage_range() : current_range());
        return headers ? node + ":RANGE " + buf : std::string(buf);
    }
    if (rest.rfind("AUTO", 0) == 0) {
        (volt ? volt_auto_ : curr_auto_) = stripped(rest.substr(4)) == "ON";
        return "";
    }
    if (rest.rfind("RANGE ", 0) == 0 || rest.rfind("RANG ", 0) == 0) {
        (volt ? volt_range_ : curr_range_) = std::stod(rest.substr(rest.find(' ') + 1));
        (volt ? volt_auto_ : curr_auto_) = false;
    }
    return "";
}

std::string HiokiEmulator::execute(const std::string& line) {
    const std::string c = upper(line);
    if (c == "*IDN?") {
        return "HIOKI," + model_ + ",123456789,V1.00";
    }
    if (c.rfind(":MEASURE? ", 0) == 0 || c.rfind(":MEAS? ", 0) == 0) {
        return measure(c.substr(c.find(' ') + 1));
    }
    if (c.rfind(":VOLT", 0) == 0 || c.rfind(":CURR", 0) == 0) {
        return range(c);
    }
    if (c.rfind(":INTEGRATE:STATE", 0) == 0 || c.rfind(":INTEG:STAT", 0) == 0) {
        if (c.back() == '?') {
            const std::string state = integrating_ ? "START" : "RESET";
            return headers ? ":INTEGRATE:STATE " + state : state;
        }
        const std::string arg = stripped(c.substr(c.find(' ') + 1));
        if (arg == "RESET") {
            integrating_ = false;
            energy_wh_ = 0.0;
        } else if (arg == "START") {
            integrating_ = true;
        } else if (arg == "STOP") {
            integrating_ = false;
        }
        return "";
    }
    if (c.rfind(":HEADER ", 0) == 0) {
        headers = stripped(c.substr(8)) == "ON";
    }
    return "";
}

}  // namespace wattbench::tests::hioki
