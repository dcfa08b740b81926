#include "tests/drivers/ptdaemon/ptd_emulator.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <sstream>

namespace wattbench::tests::emulators {
namespace {

using SysClock = std::chrono::system_clock;

// PTD's clock is its host's local time: seven hours off ours, so that only differences can
// matter to a client.
constexpr std::int64_t ptd_clock_offset_ms = 7 * 3600 * 1000;

std::vector<std::string> split(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream in(s);
    std::string f;
    while (std::getline(in, f, ',')) {
        out.push_back(f);
    }
    if (!s.empty() && s.back() == ',') {
        out.emplace_back();
    }
    return out;
}

std::string fixed(double v) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.6f", v);
    return buf;
}

std::string ptd_time(std::int64_t ms) {
    const std::time_t t = static_cast<std::time_t>(ms / 1000);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[40];
    std::snprintf(buf, sizeof buf, "%02d-%02d-%04d %02d:%02d:%02d.%03d", tm.tm_mon + 1, tm.tm_mday,
                  tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms % 1000));
    return buf;
}

std::int64_t epoch_ms(SysClock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

}  // namespace

std::string PtdEmulator::handle(std::string& input) {
    std::string out;
    for (;;) {
        const auto lf = input.find('\n');
        if (lf == std::string::npos) {
            return out;
        }
        std::string line = input.substr(0, lf);
        input.erase(0, lf + 1);
        if (!line.empty() && line.back() == '\r') {
            line.pop_back();
        }
        if (line.empty()) {
            continue;
        }
        std::lock_guard lock(mutex_);
        commands_.push_back(line);
        out += answer(line);
    }
}

void PtdEmulator::take_samples() {
    if (!measuring_) {
        return;
    }
    const auto now = SysClock::now();
    for (;;) {
        const auto t = started_ + std::chrono::milliseconds(next_k_ * interval_ms_);
        if (t > now) {
            return;
        }
        ++next_k_;
        if (t < drop_until_) {
            continue;
        }
        samples_.push_back(
            {epoch_ms(t) + ptd_clock_offset_ms, watts_, volts_, amps_, pf_, missing_, mark_});
    }
}

std::string PtdEmulator::sample_line(const Sample& s) const {
    auto v = [&](double x) { return s.missing ? std::string("-1.000000") : fixed(x); };
    std::string line = "Time," + ptd_time(s.time_ms) + ",Watts," + v(s.watts) + ",Volts," +
                       v(s.volts) + ",Amps," + v(s.amps) + ",PF," + v(s.pf) + ",Mark," + s.mark;
    if (channels_ > 1) {
        for (int c = 1; c <= channels_; ++c) {
            line += ",Ch" + std::to_string(c) + ",Watts," + v(s.watts / channels_) + ",Volts," +
                    v(s.volts) + ",Amps," + v(s.amps / channels_) + ",PF," + v(s.pf);
        }
    }
    return line + "\r\n";
}

std::string PtdEmulator::identify() const {
    const std::string acc = accepted_ ? "1" : "0";
    const std::string ch = std::to_string(channels_);
    switch (identify_) {
        case IdentifyForm::full:
            return "WT310,1000,1,1,1,1,1,1," + acc +
                   ",version=1.11.1-a3b2c1d0-20200915,OS=Linux,mode=power,1,1," + ch +
                   ",0,0,no_cal_date\r\n";
        case IdentifyForm::idn_with_commas:
            return "YOKOGAWA,WT310,C2PH13047V,F1.03,1000,1,1,1,1,1,1," + acc +
                   ",version=1.10.0-0badcafe-20190101,OS=Windows,mode=power,1,1," + ch + "\r\n";
        case IdentifyForm::minimal:
            return "WT310,1000,1,1,1,1,1,1," + acc + "\r\n";
    }
    return "\r\n";
}

std::string PtdEmulator::answer(const std::string& line) {
    const auto f = split(line);
    const std::string& cmd = f[0];
    if (cmd == "Hello") {
        return "Hello, PTDaemon here!\r\n";
    }
    if (busy_) {
        return "Meter busy\r\n";
    }
    take_samples();
    if (cmd == "Identify") {
        return identify();
    }
    if (cmd == "RR") {
        std::string r = "Ranges," + std::to_string(amps_auto_) + "," + fixed(amps_range_) + "," +
                        std::to_string(volts_auto_) + "," + fixed(volts_range_);
        for (int c = 1; channels_ > 1 && c <= channels_; ++c) {
            r += "," + std::to_string(amps_auto_) + "," + fixed(amps_range_) + "," +
                 std::to_string(volts_auto_) + "," + fixed(volts_range_);
        }
        return r + "\r\n";
    }
    if (cmd == "SR") {
        if (f.size() < 3 || f.size() > 4) {
            return "Invalid number of parameters\r\n";
        }
        if (f.size() == 4 && f[3] != "*" &&
            (std::atoi(f[3].c_str()) < 1 || std::atoi(f[3].c_str()) > channels_)) {
            return "Invalid channel\r\n";
        }
        const bool v = f[1] == "V";
        if (!v && f[1] != "A") {
            return "Error in parameter\r\n";
        }
        if (f[2] == "Auto") {
            (v ? volts_auto_ : amps_auto_) = 1;
        } else {
            char* end = nullptr;
            const double r = std::strtod(f[2].c_str(), &end);
            if (end == f[2].c_str() || *end != '\0' || r <= 0 || r > (v ? 600 : 20)) {
                return "Error in parameter\r\n";
            }
            (v ? volts_range_ : amps_range_) = r;
            (v ? volts_auto_ : amps_auto_) = 0;
        }
        return std::string("Range ") + (v ? "V" : "A") + " changed\r\n";
    }
    if (cmd == "Go") {
        if (f.size() != 4) {
            return "Invalid number of parameters\r\n";
        }
        if (measuring_) {
            return "Meter busy\r\n";
        }
        const int ms = std::atoi(f[1].c_str());
        interval_ms_ = ms > 0 ? ms : 1000;
        measuring_ = true;
        started_ = SysClock::now();
        next_k_ = 1;
        samples_.clear();
        delivered_ = marked_from_ = 0;
        mark_ = f[3];
        return "Starting untimed measurement, maximum 500000 samples at " +
               std::to_string(interval_ms_) + "ms with 0 rampup samples\r\n";
    }
    if (cmd == "Stop") {
        if (!measuring_) {
            return "Error: no measurement to stop\r\n";
        }
        measuring_ = false;
        return "Stopping untimed measurement\r\n";
    }
    if (cmd == "Mark") {
        if (f.size() != 2) {
            return "Invalid number of parameters\r\n";
        }
        mark_ = f[1];
        marked_from_ = samples_.size();
        return mark_answers_ ? "Mark set to " + mark_ + "\r\n" : "";
    }
    if (cmd == "RL") {
        std::size_t from = delivered_;
        if (rl_form_ == RlForm::history) {
            from = samples_.size() > 10 ? samples_.size() - 10 : 0;
        }
        delivered_ = samples_.size();
        std::string out = "Last " + std::to_string(samples_.size() - from) + " samples\r\n";
        for (std::size_t i = from; i < samples_.size(); ++i) {
            out += sample_line(samples_[i]);
        }
        return out;
    }
    if (cmd == "Watts") {
        double sum = 0, lo = 0, hi = 0;
        std::size_t n = 0;
        for (std::size_t i = marked_from_; i < samples_.size(); ++i) {
            const double w = samples_[i].watts;
            lo = n ? std::min(lo, w) : w;
            hi = n ? std::max(hi, w) : w;
            sum += w;
            ++n;
        }
        if (n == 0) {
            return "Watts,-1.000000,-1.000000,-1.000000,0,0,0\r\n";
        }
        return "Watts," + fixed(sum / static_cast<double>(n)) + "," + fixed(lo) + "," + fixed(hi) +
               "," + std::to_string(n) + ",0,1\r\n";
    }
    if (cmd == "Uncertainty") {
        if (!uncertainty_) {
            return "Unknown command\r\n";
        }
        const auto n = std::to_string(samples_.size() - marked_from_);
        std::string tuple = ",0.001500,0.001200,0.001900," + n + ",0," + n + ",0";
        std::string out = "Uncertainty" + tuple;
        for (int c = 1; channels_ > 1 && c <= channels_; ++c) {
            out += tuple;
        }
        return out + "\r\n";
    }
    return "Unknown command\r\n";
}

void PtdEmulator::set_values(double watts, double volts, double amps, double pf) {
    std::lock_guard lock(mutex_);
    take_samples();
    watts_ = watts;
    volts_ = volts;
    amps_ = amps;
    pf_ = pf;
}

void PtdEmulator::set_missing(bool missing) {
    std::lock_guard lock(mutex_);
    take_samples();
    missing_ = missing;
}

void PtdEmulator::set_busy(bool busy) {
    std::lock_guard lock(mutex_);
    busy_ = busy;
}

void PtdEmulator::set_channels(int channels) {
    std::lock_guard lock(mutex_);
    channels_ = channels;
}

void PtdEmulator::set_identify(IdentifyForm f) {
    std::lock_guard lock(mutex_);
    identify_ = f;
}

void PtdEmulator::set_rl_form(RlForm f) {
    std::lock_guard lock(mutex_);
    rl_form_ = f;
}

void PtdEmulator::set_mark_answers(bool answers) {
    std::lock_guard lock(mutex_);
    mark_answers_ = answers;
}

void PtdEmulator::set_accepted(bool accepted) {
    std::lock_guard lock(mutex_);
    accepted_ = accepted;
}

void PtdEmulator::set_uncertainty(bool supported) {
    std::lock_guard lock(mutex_);
    uncertainty_ = supported;
}

void PtdEmulator::drop_samples_for(std::chrono::milliseconds span) {
    std::lock_guard lock(mutex_);
    take_samples();
    drop_until_ = SysClock::now() + span;
}

std::vector<std::string> PtdEmulator::commands() const {
    std::lock_guard lock(mutex_);
    return commands_;
}

int PtdEmulator::count(const std::string& prefix) const {
    std::lock_guard lock(mutex_);
    return static_cast<int>(std::count_if(commands_.begin(), commands_.end(), [&](const auto& c) {
        return c.compare(0, prefix.size(), prefix) == 0;
    }));
}

bool PtdEmulator::measuring() const {
    std::lock_guard lock(mutex_);
    return measuring_;
}

}  // namespace wattbench::tests::emulators
