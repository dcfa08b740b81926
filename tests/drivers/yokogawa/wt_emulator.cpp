#include "tests/drivers/yokogawa/wt_emulator.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>

namespace wattbench::tests::yokogawa {
namespace {

std::string upper(std::string s) {
    for (char& c : s) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return s;
}

// Long mnemonics to their short forms; anything else (including the short form) stays.
std::string short_form(const std::string& node) {
    static const std::map<std::string, std::string> table = {
        {"NUMERIC", "NUM"}, {"NORMAL", "NORM"},      {"FORMAT", "FORM"},     {"NUMBER", "NUM"},
        {"VALUE", "VAL"},   {"INPUT", "INP"},        {"VOLTAGE", "VOLT"},    {"CURRENT", "CURR"},
        {"RANGE", "RANG"},  {"ELEMENT", "ELEM"},     {"INTEGRATE", "INTEG"}, {"START", "STAR"},
        {"RESET", "RES"},   {"COMMUNICATE", "COMM"}, {"HEADER", "HEAD"},     {"VERBOSE", "VERB"},
        {"REMOTE", "REM"},  {"STATE", "STAT"},       {"NORM", "NORM"},
    };
    std::size_t digits = node.size();
    while (digits > 0 && std::isdigit(static_cast<unsigned char>(node[digits - 1]))) {
        --digits;
    }
    const std::string stem = node.substr(0, digits);
    auto it = table.find(stem);
    return (it == table.end() ? stem : it->second) + node.substr(digits);
}

// ":NUMeric:NORMal:ITEM1" → "NUM:ITEM1"; optional nodes (:NORMal, :INPut, :ALL) dropped.
std::string canonical(const std::string& header) {
    std::string out;
    std::string node;
    auto flush = [&] {
        if (node.empty()) {
            return;
        }
        const std::string s = short_form(upper(node));
        node.clear();
        if (s == "NORM" || s == "INP" || s == "ALL") {
            return;
        }
        out += (out.empty() ? "" : ":") + s;
    };
    for (char c : header) {
        if (c == ':') {
            flush();
        } else {
            node.push_back(c);
        }
    }
    flush();
    return out;
}

std::string nr3(double v, int digits = 5) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*E", digits - 1, v);
    return buf;
}

}  // namespace

WtEmulator::WtEmulator(std::string idn, int elements)
    : idn_(std::move(idn)), element_count_(elements) {
    for (int e = 1; e <= elements; ++e) {
        elements_[e] = Element{};
    }
}

std::string WtEmulator::handle(std::string& input) {
    std::string out;
    for (;;) {
        const auto lf = input.find('\n');
        if (lf == std::string::npos) {
            bytes_out_ += out.size();
            return out;
        }
        std::string line = input.substr(0, lf);
        input.erase(0, lf + 1);
        bytes_in_ += lf + 1;
        out += execute(line);
    }
}

std::string WtEmulator::execute(const std::string& message) {
    std::string out;
    std::string rest = message;
    // LF inside a message separates commands too (a framed block may carry several).
    for (char& c : rest) {
        if (c == '\n') {
            c = ';';
        }
    }
    std::size_t start = 0;
    while (start <= rest.size()) {
        auto semi = rest.find(';', start);
        std::string cmd =
            rest.substr(start, semi == std::string::npos ? std::string::npos : semi - start);
        while (!cmd.empty() && (cmd.back() == '\r' || cmd.back() == ' ')) {
            cmd.pop_back();
        }
        while (!cmd.empty() && cmd.front() == ' ') {
            cmd.erase(0, 1);
        }
        if (!cmd.empty()) {
            std::string answer;
            {
                std::lock_guard lock(mutex_);
                log_.push_back(cmd);
                answer = run(cmd);
            }
            if (!answer.empty()) {
                out += answer + "\n";
            }
        }
        if (semi == std::string::npos) {
            break;
        }
        start = semi + 1;
    }
    return out;
}

std::string WtEmulator::run(const std::string& command) {
    const auto sp = command.find(' ');
    const std::string header = command.substr(0, sp);
    const std::string arg = sp == std::string::npos ? "" : command.substr(sp + 1);
    const bool query = !header.empty() && header.back() == '?';
    const std::string path = canonical(query ? header.substr(0, header.size() - 1) : header);
    auto error = [&] {
        errors_.push_back(command);
        return std::string();
    };
    if (upper(header) == "*IDN?") {
        return idn_;
    }
    if (header.front() == '*') {
        return "";
    }
    if (path.rfind("COMM:", 0) == 0 || path == "NUM:FORM") {
        return "";
    }
    if (path == "NUM:NUM" && !query) {
        items_.assign(static_cast<std::size_t>(std::max(0, std::atoi(arg.c_str()))), "NONE");
        return "";
    }
    if (path.rfind("NUM:ITEM", 0) == 0 && !query) {
        const int k = std::atoi(path.c_str() + 8);
        if (k < 1 || k > 255) {
            return error();
        }
        if (static_cast<std::size_t>(k) > items_.size()) {
            items_.resize(static_cast<std::size_t>(k), "NONE");
        }
        const auto comma = arg.find(',');
        // The element is mandatory on these models: `ITEM1 URMS` is a command error.
        if (comma == std::string::npos && upper(arg) != "NONE") {
            items_[static_cast<std::size_t>(k - 1)] = "NONE";
            return error();
        }
        items_[static_cast<std::size_t>(k - 1)] = upper(arg);
        return "";
    }
    if (path == "NUM:VAL" && query) {
        ++value_queries_;
        if (real_line) {
            return "198.36E+00,409.00E-03,81.13E+00,-0.61E+00,81.13E+00,1.0000E+00,NAN,NAN,"
                   "0.00E+00,0.0000E+00";
        }
        std::string out;
        for (const auto& item : items_) {
            const auto comma = item.find(',');
            out += (out.empty() ? "" : ",") +
                   (comma == std::string::npos
                        ? std::string("NAN")
                        : value_of(item.substr(0, comma), item.substr(comma + 1)));
        }
        return out;
    }
    if (path.rfind("VOLT:", 0) == 0 || path.rfind("CURR:", 0) == 0) {
        return range(path, arg, query);
    }
    if (path == "RATE") {
        if (query) {
            return nr3(rate_s_, 4);
        }
        const std::string a = upper(arg);
        double v = std::atof(a.c_str());
        rate_s_ = a.find("MS") != std::string::npos ? v / 1000.0 : v;
        return "";
    }
    if (path.rfind("INTEG", 0) == 0) {
        if (path == "INTEG:STAR") {
            integrating_ = true;
        } else if (path == "INTEG:STOP") {
            integrating_ = false;
        }
        return "";
    }
    return error();
}

std::string WtEmulator::value_of(const std::string& function, const std::string& element) {
    const bool sigma = element == "SIGMA";
    const int e = sigma ? 0 : std::atoi(element.c_str());
    if (!sigma && (e < 1 || e > element_count_)) {
        return "NAN";
    }
    // Σ of identical-phase elements: the powers add up, voltage and current are the mean.
    double scale = sigma ? 0.0 : 1.0 / e;
    if (sigma) {
        for (int k = 1; k <= element_count_; ++k) {
            scale += 1.0 / k;
        }
    }
    const std::string f = function;
    if (f == "P" || f == "S" || f == "Q") {
        if (f == "P" && nan) {
            return "NAN";
        }
        if (f == "S" && overrange) {
            return "9.9E+37";
        }
        if (f == "Q" && float_sentinels) {
            return "9.91E+37";
        }
        const double v = f == "P" ? watts : f == "S" ? volt_amps : vars;
        return nr3(v * scale, sigma ? 6 : 5);
    }
    if (f == "LAMBDA") {
        return nr3(pf, 5);
    }
    if (f == "URMS" || f == "U") {
        return nr3(volts, 5);
    }
    if (f == "IRMS" || f == "I") {
        if (overrange) {
            return "INF";
        }
        return nr3(amps * (sigma ? 1.0 : scale), 5);
    }
    if (f == "FU") {
        return sigma ? "NAN" : nr3(hertz, 5);
    }
    if (f == "WH") {
        return integrating_ ? nr3(0.0123 * scale, 6) : "NAN";
    }
    return "NAN";
}

std::string WtEmulator::range(const std::string& path, const std::string& arg, bool query) {
    // VOLT:RANG[:ELEM<x>], VOLT:AUTO[:ELEM<x>]; without an element: every element.
    const bool is_volts = path.rfind("VOLT", 0) == 0;
    const auto el = path.find(":ELEM");
    const int only = el == std::string::npos ? 0 : std::atoi(path.c_str() + el + 5);
    const std::string what = path.substr(5, el == std::string::npos ? std::string::npos : el - 5);
    if (only != 0 && elements_.count(only) == 0) {
        errors_.push_back(path);
        return "";
    }
    if (query) {
        const int k = only == 0 ? 1 : only;
        const Element& x = elements_.at(k);
        if (what == "RANG") {
            if (is_volts ? x.volt_auto : x.curr_auto) {
                // Auto-ranging: the smallest range (WT500, CF3) that holds the present value.
                static const std::vector<double> v_ranges = {15, 30, 60, 100, 150, 300, 600, 1000};
                static const std::vector<double> a_ranges = {0.5, 1, 2, 5, 10, 20, 40};
                const double value = is_volts ? volts.load() : amps.load() / k;
                for (double r : is_volts ? v_ranges : a_ranges) {
                    if (r >= value) {
                        return nr3(r);
                    }
                }
                return nr3((is_volts ? v_ranges : a_ranges).back());
            }
            return nr3(is_volts ? x.volt_range : x.curr_range);
        }
        return (is_volts ? x.volt_auto : x.curr_auto) ? "1" : "0";
    }
    for (auto& [k, x] : elements_) {
        if (only != 0 && k != only) {
            continue;
        }
        if (what == "RANG") {
            (is_volts ? x.volt_range : x.curr_range) = std::atof(arg.c_str());
            (is_volts ? x.volt_auto : x.curr_auto) = false;
        } else if (what == "AUTO") {
            (is_volts ? x.volt_auto : x.curr_auto) = upper(arg) == "ON" || arg == "1";
        }
    }
    return "";
}

double WtEmulator::voltage_range(int e) const {
    std::lock_guard lock(mutex_);
    return elements_.at(e).volt_range;
}
double WtEmulator::current_range(int e) const {
    std::lock_guard lock(mutex_);
    return elements_.at(e).curr_range;
}
bool WtEmulator::voltage_auto(int e) const {
    std::lock_guard lock(mutex_);
    return elements_.at(e).volt_auto;
}
bool WtEmulator::current_auto(int e) const {
    std::lock_guard lock(mutex_);
    return elements_.at(e).curr_auto;
}
bool WtEmulator::integrating() const {
    std::lock_guard lock(mutex_);
    return integrating_;
}
std::vector<std::string> WtEmulator::commands() const {
    std::lock_guard lock(mutex_);
    return log_;
}
std::vector<std::string> WtEmulator::errors() const {
    std::lock_guard lock(mutex_);
    return errors_;
}

}  // namespace wattbench::tests::yokogawa
