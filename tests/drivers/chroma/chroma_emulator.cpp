#include "tests/drivers/chroma/chroma_emulator.hpp"

#include <cctype>
#include <cstdio>
#include <cstdlib>

namespace wattbench::tests::emulators {
namespace {

std::string trim(const std::string& s) {
    auto b = s.find_first_not_of(" \t\r");
    auto e = s.find_last_not_of(" \t\r");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// `CONFigure:VOLTage:RANGe 300` → `CONF:VOLT:RANG 300`: each node upper-cased and cut to its
// first four letters (the SCPI short form of every node this meter has).
std::string short_form(const std::string& command) {
    const auto space = command.find(' ');
    const std::string path = command.substr(0, space);
    std::string out;
    std::string node;
    auto flush = [&] {
        bool query = !node.empty() && node.back() == '?';
        if (query) {
            node.pop_back();
        }
        out += node.substr(0, node[0] == '*' ? node.size() : 4) + (query ? "?" : "");
        node.clear();
    };
    for (char c : path) {
        if (c == ':') {
            if (!node.empty()) {
                flush();
            }
            out += out.empty() ? "" : ":";
        } else {
            node += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        }
    }
    if (!node.empty()) {
        flush();
    }
    std::string arg = space == std::string::npos ? "" : trim(command.substr(space + 1));
    for (char& c : arg) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return arg.empty() ? out : out + " " + arg;
}

std::string nr2(double v, int decimals) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

const double volt_steps[] = {15, 30, 60, 150, 300, 600};
const double amp_steps[] = {0.01, 0.1, 0.4, 2, 20};

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

ChromaEmulator::ChromaEmulator(std::string model) : model_(std::move(model)) {}

double ChromaEmulator::voltage_range() const {
    return volt_auto_ ? pick(volt_steps, volts) : volt_range_.load();
}

double ChromaEmulator::current_range() const {
    return curr_auto_ ? pick(amp_steps, amps) : curr_range_.load();
}

double ChromaEmulator::energy_wh() const {
    return integrating_ ? 12.345 : 0.0;
}

std::vector<std::string> ChromaEmulator::commands() const {
    std::lock_guard lock(mutex_);
    return log_;
}

std::string ChromaEmulator::value_of(const std::string& item) const {
    if (range_error) {
        return "-2";
    }
    if (protection) {
        return "-3";
    }
    if (item == "V") {
        return nr2(volts, 2);
    }
    if (item == "I") {
        return nr2(amps, 4);
    }
    if (item == "W") {
        return nr2(watts, 2);
    }
    if (item == "VA") {
        return nr2(volt_amps, 2);
    }
    if (item == "VAR") {
        return nr2(vars, 2);
    }
    if (item == "PF") {
        return nr2(pf, 4);
    }
    if (item == "FREQ") {
        return nr2(hertz, 2);
    }
    if (item == "ENEG") {
        return first_integration ? std::string("-1") : nr2(energy_wh(), 3);
    }
    return "";
}

std::string ChromaEmulator::execute(const std::string& raw) {
    const std::string c = short_form(trim(raw));
    {
        std::lock_guard lock(mutex_);
        log_.push_back(c);
    }
    const std::string identity = "Chroma ATE," + model_ + "," + model_ + "M000066,1.00";
    if (c == "*IDN?") {
        return idn_silent ? "" : (headers ? "*IDN " : "") + identity + end();
    }
    if (c == "CHAN:ID?") {
        return (headers ? ":CHANNEL:ID " : "") + identity + ",1.00,1.00" + end();
    }
    if (c.rfind("CHAN ", 0) == 0) {
        channel_ = std::atoi(c.c_str() + 5);
        return "";
    }
    if (c.rfind("FETC?", 0) == 0 || c.rfind("MEAS?", 0) == 0) {
        std::string items = trim(c.substr(5));
        if (items.empty()) {
            items = "V,I,W,PF";
        }
        std::string out;
        std::size_t start = 0;
        for (;;) {
            const auto comma = items.find(',', start);
            const std::string v = value_of(trim(items.substr(start, comma - start)));
            if (v.empty()) {
                return "";  // an unknown item: the meter queues an error, no answer
            }
            out += (out.empty() ? "" : (semicolons ? ";" : ",")) + v;
            if (comma == std::string::npos) {
                break;
            }
            start = comma + 1;
        }
        return (headers ? (c[0] == 'F' ? ":FETCH " : ":MEASURE ") : "") + out + end();
    }
    if (no_conf && (c.rfind("CONF", 0) == 0 || c.rfind("TRIG", 0) == 0)) {
        return "";
    }
    if (c == "CONF:VOLT:AUTO ON" || c == "CONF:VOLT:AUTO OFF") {
        volt_auto_ = c.back() == 'N';
    } else if (c == "CONF:CURR:AUTO ON" || c == "CONF:CURR:AUTO OFF") {
        curr_auto_ = c.back() == 'N';
    } else if (c.rfind("CONF:VOLT:RANG ", 0) == 0) {
        volt_range_ = std::atof(c.c_str() + 15);
    } else if (c.rfind("CONF:CURR:RANG ", 0) == 0) {
        curr_range_ = std::atof(c.c_str() + 15);
    } else if (c == "CONF:VOLT:RANG?") {
        return (headers ? ":CONFIGURE:VOLTAGE:RANGE " : "") + nr2(voltage_range(), 2) + end();
    } else if (c == "CONF:CURR:RANG?") {
        return (headers ? ":CONFIGURE:CURRENT:RANGE " : "") + nr2(current_range(), 2) + end();
    } else if (c.rfind("TRIG:MODE ", 0) == 0) {
        trig_mode_ = c.substr(10);
    } else if (c == "TRIG ON" || c == "TRIG OFF") {
        integrating_ = c == "TRIG ON" && trig_mode_.rfind("ENER", 0) == 0;
    } else if (c.rfind("TRIG?", 0) == 0) {
        return (headers ? ":TRIGGER " : "") + std::string(integrating_ ? "RUNNING" : "STOP") +
               end();
    }
    return "";
}

std::string ChromaEmulator::handle(std::string& input) {
    std::string out;
    for (;;) {
        const auto nl = input.find('\n');
        if (nl == std::string::npos) {
            return out;
        }
        const std::string line = trim(input.substr(0, nl));
        input.erase(0, nl + 1);
        if (line.empty()) {
            continue;
        }
        // Several program message units in one line, `;`-separated, each from the root.
        std::size_t start = 0;
        for (;;) {
            const auto semi = line.find(';', start);
            out += execute(line.substr(start, semi - start));
            if (semi == std::string::npos) {
                break;
            }
            start = semi + 1;
        }
    }
}

}  // namespace wattbench::tests::emulators
