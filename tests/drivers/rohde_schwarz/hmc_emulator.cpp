#include "tests/drivers/rohde_schwarz/hmc_emulator.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

namespace wattbench::tests::rohde_schwarz {
namespace {

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

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6E", v);
    return buf;
}

double pick(const std::vector<double>& table, double value) {
    auto it = std::find_if(table.begin(), table.end(), [&](double r) { return r >= value; });
    return it == table.end() ? table.back() : *it;
}

bool boolean(const std::string& s) {
    return s == "1" || s == "ON";
}

}  // namespace

const std::vector<double>& HmcEmulator::voltage_ranges() {
    static const std::vector<double> r = {5, 15, 30, 60, 150, 300, 600};
    return r;
}

const std::vector<double>& HmcEmulator::current_ranges() {
    static const std::vector<double> r = {0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20};
    return r;
}

HmcEmulator::HmcEmulator() : functions_{"URMS", "IRMS", "P", "S"} {}

std::vector<std::string> HmcEmulator::commands() const {
    std::lock_guard lock(mutex_);
    return log_;
}

bool HmcEmulator::integrating() const {
    std::lock_guard lock(mutex_);
    return integrating_;
}

double HmcEmulator::voltage_range() const {
    return volt_auto_ ? pick(voltage_ranges(), volts) : volt_range_.load();
}

double HmcEmulator::current_range() const {
    return curr_auto_ ? pick(current_ranges(), amps) : curr_range_.load();
}

void HmcEmulator::error(int code, const std::string& text) {
    errors_.push_back(std::to_string(code) + ",\"" + text + "\"");
}

std::string HmcEmulator::handle(std::string& input) {
    std::string out;
    for (auto lf = input.find('\n'); lf != std::string::npos; lf = input.find('\n')) {
        const std::string line = trim(input.substr(0, lf));
        input.erase(0, lf + 1);
        if (line.empty()) {
            continue;
        }
        {
            std::lock_guard lock(mutex_);
            log_.push_back(line);
        }
        out += execute(upper(line));
    }
    return out;
}

std::string HmcEmulator::value_of(const std::string& fn) {
    const bool amps_over = overrange || (!curr_auto_ && amps > 1.2 * current_range());
    if (fn == "URMS") {
        return number(volts);
    }
    if (fn == "IRMS") {
        return amps_over ? overrange_text : number(amps);
    }
    if (fn == "P") {
        return no_data ? no_data_text : amps_over ? overrange_text : number(watts);
    }
    if (fn == "S") {
        return number(volt_amps);
    }
    if (fn == "Q") {
        return number(vars);
    }
    if (fn == "LAMB") {
        return number(pf);
    }
    if (fn == "FU") {
        return number(hertz);
    }
    if (fn == "WH") {
        return number(energy_wh_);
    }
    if (fn == "URAN") {
        return number(voltage_range());
    }
    if (fn == "IRAN") {
        return number(current_range());
    }
    return no_data_text;
}

std::string HmcEmulator::range_command(bool volt, const std::string& rest) {
    auto& is_auto = volt ? volt_auto_ : curr_auto_;
    if (rest == ":RANG?") {
        return number(volt ? voltage_range() : current_range()) + "\n";
    }
    if (rest == ":RANG:AUTO?") {
        return std::string(is_auto ? "1" : "0") + "\n";
    }
    if (rest.rfind(":RANG:AUTO ", 0) == 0) {
        is_auto = boolean(trim(rest.substr(11)));
        return "";
    }
    if (rest.rfind(":RANG ", 0) == 0) {
        const double want = std::atof(trim(rest.substr(6)).c_str());
        const auto& table = volt ? voltage_ranges() : current_ranges();
        if (std::find(table.begin(), table.end(), want) == table.end()) {
            error(-222, "Data out of range");
            return "";
        }
        (volt ? volt_range_ : curr_range_) = want;
        is_auto = false;
        return "";
    }
    error(-113, "Undefined header");
    return "";
}

std::string HmcEmulator::execute(const std::string& cmd) {
    if (!reject_prefix.empty() && cmd.rfind(upper(reject_prefix), 0) == 0) {
        error(-113, "Undefined header");
        return "";
    }
    if (cmd == "*IDN?") {
        return "Rohde&Schwarz,HMC8015,012345678,00.011\n";
    }
    if (cmd == "*RST" || cmd == "*CLS") {
        errors_.clear();
        return "";
    }
    if (cmd == "SYST:ERR?" || cmd == "SYST:ERR:NEXT?") {
        if (errors_.empty()) {
            return "0,\"No error\"\n";
        }
        std::string e = errors_.front();
        errors_.pop_front();
        return e + "\n";
    }
    if (cmd.rfind("CHAN1:MEAS:FUNC ", 0) == 0) {
        std::vector<std::string> list;
        std::string rest = cmd.substr(16);
        std::size_t start = 0;
        while (start <= rest.size()) {
            auto comma = rest.find(',', start);
            list.push_back(trim(rest.substr(start, comma - start)));
            if (comma == std::string::npos) {
                break;
            }
            start = comma + 1;
        }
        functions_ = list;
        return "";
    }
    if (cmd == "CHAN1:MEAS:FUNC?") {
        std::string out;
        for (const auto& f : functions_) {
            out += (out.empty() ? "" : ",") + f;
        }
        return out + "\n";
    }
    if (cmd == "CHAN1:MEAS:DATA?") {
        ++value_queries_;
        std::lock_guard lock(mutex_);
        if (integrating_) {
            energy_wh_ += watts / 3600.0;
        }
        std::string out;
        for (const auto& f : functions_) {
            out += (out.empty() ? "" : ",") + value_of(f);
        }
        return out + "\n";
    }
    const std::string prefix = range_form == RangeForm::acq ? "CHAN1:ACQ:" : "CHAN1:";
    for (const bool volt : {true, false}) {
        const std::string head = prefix + (volt ? "VOLT" : "CURR");
        if (cmd.rfind(head + ":", 0) == 0) {
            return range_command(volt, cmd.substr(head.size()));
        }
    }
    if (cmd.rfind("INT:", 0) == 0 || cmd.rfind("INT ", 0) == 0 || cmd == "INT?") {
        std::lock_guard lock(mutex_);
        if (cmd == "INT:RES") {
            energy_wh_ = 0.0;
        } else if (cmd == "INT:STAR") {
            integrating_ = true;
        } else if (cmd == "INT:STOP") {
            integrating_ = false;
        } else if (cmd == "INT:STAT?" || cmd == "INT?") {
            return std::string(integrating_ ? "1" : "0") + "\n";
        }
        return "";
    }
    if (cmd.rfind("SYST:", 0) == 0 || cmd.rfind("CHAN1:ACQ:MODE", 0) == 0) {
        return "";
    }
    error(-113, "Undefined header");
    return "";
}

}  // namespace wattbench::tests::rohde_schwarz
