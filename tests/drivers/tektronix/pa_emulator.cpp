#include "tests/drivers/tektronix/pa_emulator.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>

namespace wattbench::tests::tektronix {
namespace {

using Clock = std::chrono::steady_clock;

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
    std::snprintf(buf, sizeof buf, "%.5E", v);
    return buf;
}

// The instrument's display order and the labels :FRF? gives (analyzers.md §4: "Vrms, Arms,
// Freq, Watt, VA, Var, PF, …"; the energy label is UNCONFIRMED, "Whr" here).
const std::vector<std::pair<std::string, std::string>>& display_order() {
    static const std::vector<std::pair<std::string, std::string>> order = {
        {"VLT", "Vrms"}, {"AMP", "Arms"}, {"FRQ", "Freq"}, {"WAT", "Watt"},
        {"VAS", "VA"},   {"VAR", "Var"},  {"PWF", "PF"},   {"WHR", "Whr"}};
    return order;
}

}  // namespace

const std::vector<double>& PaEmulator::voltage_codes() {
    static const std::vector<double> codes = {15, 30, 60, 150, 300, 600};
    return codes;
}

const std::vector<double>& PaEmulator::current_codes() {
    static const std::vector<double> codes = {0.1, 0.2, 0.5, 1, 2, 5, 10, 20};
    return codes;
}

PaEmulator::PaEmulator(std::string model) : model_(std::move(model)) {}

std::vector<std::string> PaEmulator::commands() const {
    std::lock_guard lock(mutex_);
    return log_;
}

std::vector<std::string> PaEmulator::violations() const {
    std::lock_guard lock(mutex_);
    return violations_;
}

bool PaEmulator::integrating() const {
    std::lock_guard lock(mutex_);
    return integrating_;
}

void PaEmulator::violate(const std::string& what) {
    std::lock_guard lock(mutex_);
    violations_.push_back(what);
}

std::uint64_t PaEmulator::update_index() const {
    const double s = std::chrono::duration<double>(Clock::now() - started_).count();
    return static_cast<std::uint64_t>(s / update_interval_s.load());
}

double PaEmulator::voltage_range() const {
    const auto& codes = voltage_codes();
    if (!volt_auto_) {
        return codes[static_cast<std::size_t>(volt_code_ - 1)];
    }
    auto it = std::find_if(codes.begin(), codes.end(), [&](double r) { return r >= volts; });
    return it == codes.end() ? codes.back() : *it;
}

double PaEmulator::current_range() const {
    const auto& codes = current_codes();
    if (!curr_auto_) {
        return codes[static_cast<std::size_t>(curr_code_ - 1)];
    }
    auto it = std::find_if(codes.begin(), codes.end(), [&](double r) { return r >= amps; });
    return it == codes.end() ? codes.back() : *it;
}

std::string PaEmulator::range_of(bool volt) const {
    const double r = volt ? voltage_range() : current_range();
    if (range_reply == RangeReply::value) {
        return number(r);
    }
    const auto& codes = volt ? voltage_codes() : current_codes();
    auto it = std::find(codes.begin(), codes.end(), r);
    return std::to_string(it - codes.begin() + 1);
}

std::string PaEmulator::acknowledge() const {
    switch (ack) {
        case Ack::lf:
            return "\n";
        case Ack::cr:
            return "\r";
        case Ack::none:
            break;
    }
    return "";
}

std::string PaEmulator::value_of(const std::string& item) {
    const bool amps_over = overrange || (!curr_auto_ && amps > 1.4 * current_range());
    if (item == "VLT") {
        return number(volts);
    }
    if (item == "AMP") {
        return amps_over ? overrange_text : number(amps);
    }
    if (item == "WAT") {
        return nan ? "NAN" : amps_over ? overrange_text : number(watts);
    }
    if (item == "VAS") {
        return number(volt_amps);
    }
    if (item == "VAR") {
        return number(vars);
    }
    if (item == "PWF") {
        return number(pf);
    }
    if (item == "FRQ") {
        return number(hertz);
    }
    if (item == "WHR") {
        return number(energy_wh_);
    }
    return "NAN";
}

std::string PaEmulator::values() {
    std::vector<std::string> order;
    if (selection_order) {
        order = selected_;
    } else {
        for (const auto& [item, label] : display_order()) {
            if (std::find(selected_.begin(), selected_.end(), item) != selected_.end()) {
                order.push_back(item);
            }
        }
    }
    std::string out;
    for (const auto& item : order) {
        out += (out.empty() ? "" : ",") + value_of(item);
    }
    return out;
}

std::string PaEmulator::labels() const {
    std::map<std::string, std::string> label;
    for (const auto& [item, text] : display_order()) {
        label[item] = text;
    }
    std::vector<std::string> order;
    if (selection_order) {
        order = selected_;
    } else {
        for (const auto& [item, text] : display_order()) {
            if (std::find(selected_.begin(), selected_.end(), item) != selected_.end()) {
                order.push_back(item);
            }
        }
    }
    std::string out;
    for (const auto& item : order) {
        out += (out.empty() ? "" : ", ") + label[item];
    }
    return out;
}

std::string PaEmulator::handle(std::string& input) {
    std::string out;
    for (auto lf = input.find('\n'); lf != std::string::npos; lf = input.find('\n')) {
        std::string raw = input.substr(0, lf);
        input.erase(0, lf + 1);
        const std::string line = trim(raw);
        if (line.empty()) {
            continue;
        }
        {
            std::lock_guard lock(mutex_);
            log_.push_back(line);
        }
        if (line.find(';') != std::string::npos) {
            violate("two commands on one line: " + line);
            out += answer("ERR");
            continue;
        }
        if (line[0] != ':' && line[0] != '*') {
            // The manuals: `avg?` without the colon is not understood (no answer at all).
            violate("no leading ':': " + line);
            continue;
        }
        out += execute(upper(line), line);
    }
    return out;
}

std::string PaEmulator::execute(const std::string& cmd, const std::string& raw) {
    const bool query = cmd.find('?') != std::string::npos;
    if (!query) {
        // The emulator's link polls every ~10 ms, so an arrival time is that much late at worst.
        const auto now = Clock::now();
        if (last_config_ != Clock::time_point{} &&
            std::chrono::duration<double>(now - last_config_).count() <
                min_config_gap_s * 0.9 - 0.015) {
            violate("configuration commands closer than the manuals allow: " + raw);
        }
        last_config_ = now;
    }
    // A parameter glued to its header (`:CAL:DATE?1`) times out on the real meter.
    const auto q = cmd.find('?');
    if (q != std::string::npos && q + 1 < cmd.size()) {
        violate("parameter without a space: " + raw);
        return "";
    }
    if (!reject_prefix.empty() && cmd.rfind(upper(reject_prefix), 0) == 0) {
        return answer("ERR");
    }
    auto arg = [&](std::size_t head) { return trim(cmd.substr(head)); };
    if (cmd == "*IDN?") {
        const std::string shown = model_ == "PA3000" ? "PA 3000" : model_;
        return answer("Tektronix, " + shown + ", 491107, 1.005.000");
    }
    if (cmd == "*RST" || cmd == "*CLS") {
        return acknowledge();
    }
    if (cmd == ":SEL:CLR") {
        selected_.clear();
        return acknowledge();
    }
    if (cmd.rfind(":SEL:", 0) == 0) {
        const std::string item = cmd.substr(5);
        const bool known = std::any_of(display_order().begin(), display_order().end(),
                                       [&](const auto& p) { return p.first == item; });
        if (!known) {
            return answer("ERR");
        }
        if (std::find(selected_.begin(), selected_.end(), item) == selected_.end()) {
            selected_.push_back(item);
        }
        return acknowledge();
    }
    if (cmd == ":FRD?") {
        ++value_queries_;
        if (integrating_) {
            energy_wh_ += watts * update_interval_s / 3600.0;
        }
        return answer(values());
    }
    if (cmd == ":FRF?") {
        return labels_known ? answer(labels()) : "";
    }
    if (cmd.rfind(":DSE ", 0) == 0) {
        dse_ = std::stoi(arg(5));
        return acknowledge();
    }
    if (cmd == ":DSE?") {
        return answer(std::to_string(dse_));
    }
    if (cmd == ":DSR?") {
        const auto now = update_index();
        const bool fresh = now > dsr_read_at_;
        if (fresh) {
            dsr_read_at_ = now;
        }
        return answer(std::to_string(fresh ? (dse_ & 2) : 0));
    }
    for (const bool volt : {true, false}) {
        const std::string head = volt ? ":RNG:VLT" : ":RNG:AMP";
        if (cmd.rfind(head, 0) != 0) {
            continue;
        }
        const std::string rest = cmd.substr(head.size());
        auto& is_auto = volt ? volt_auto_ : curr_auto_;
        if (rest == "?") {
            return answer(range_of(volt));
        }
        if (rest == ":AUT?") {
            return answer(is_auto ? "1" : "0");
        }
        if (rest == ":AUT") {
            is_auto = true;
            return acknowledge();
        }
        if (rest.rfind(":FIX ", 0) == 0) {
            const int code = std::atoi(trim(rest.substr(5)).c_str());
            const int count = static_cast<int>((volt ? voltage_codes() : current_codes()).size());
            if (code < 1 || code > count) {
                return answer("ERR");
            }
            (volt ? volt_code_ : curr_code_) = code;
            is_auto = false;
            return acknowledge();
        }
        return answer("ERR");
    }
    if (cmd.rfind(":INT:", 0) == 0 || cmd == ":MOD:INT") {
        if (!integrator_known) {
            return answer("ERR");
        }
        std::lock_guard lock(mutex_);
        if (cmd == ":INT:RESET") {
            energy_wh_ = 0.0;
        } else if (cmd == ":INT:MAN:RUN") {
            integrating_ = true;
        } else if (cmd == ":INT:MAN:STOP") {
            integrating_ = false;
        }
        return acknowledge();
    }
    if (cmd.rfind(":SHU:", 0) == 0 || cmd.rfind(":SYST:ZERO ", 0) == 0) {
        return acknowledge();
    }
    if (query) {
        return answer("ERR");
    }
    return acknowledge();
}

}  // namespace wattbench::tests::tektronix
