#include "drivers/ptdaemon/sample_ticks.hpp"

#include <algorithm>

namespace wattbench::drivers::ptdaemon {
namespace {

struct Mean {
    double sum = 0.0;
    int n = 0;
    void add(const std::optional<double>& v) {
        if (v) {
            sum += *v;
            ++n;
        }
    }
    std::optional<double> value() const {
        return n ? std::optional<double>(sum / n) : std::nullopt;
    }
};

struct QuantityMeans {
    Mean watts, volts, amps, pf;
    void add(const Quantities& q) {
        watts.add(q.watts);
        volts.add(q.volts);
        amps.add(q.amps);
        pf.add(q.pf);
    }
    Quantities value() const { return {watts.value(), volts.value(), amps.value(), pf.value()}; }
};

}  // namespace

TickValues SampleTicks::take(std::vector<Sample> samples) {
    TickValues out;
    std::stable_sort(samples.begin(), samples.end(),
                     [](const Sample& a, const Sample& b) { return a.time_ms < b.time_ms; });
    // A PTD clock set back by more than a minute would hide every later sample: start afresh.
    if (last_ms_ && !samples.empty() && samples.back().time_ms < *last_ms_ - 60000) {
        last_ms_.reset();
    }
    if (!last_ms_ && !samples.empty()) {
        samples.erase(samples.begin(), samples.end() - 1);
    }
    QuantityMeans sum;
    std::vector<QuantityMeans> channels;
    for (const auto& s : samples) {
        if (last_ms_ && s.time_ms <= *last_ms_) {
            continue;
        }
        if (last_ms_ && interval_ms_ > 0 && !out.gap_s &&
            s.time_ms - *last_ms_ > interval_ms_ * 3 / 2) {
            out.gap_s = static_cast<double>(s.time_ms - *last_ms_) / 1000.0;
            out.gap_from = last_text_;
            out.gap_to = s.time_text;
        }
        sum.add(s.sum);
        if (channels.size() < s.channels.size()) {
            channels.resize(s.channels.size());
        }
        for (std::size_t c = 0; c < s.channels.size(); ++c) {
            channels[c].add(s.channels[c]);
        }
        ++out.used;
        last_ms_ = s.time_ms;
        last_text_ = s.time_text;
    }
    out.sum = sum.value();
    for (const auto& c : channels) {
        out.channels.push_back(c.value());
    }
    return out;
}

}  // namespace wattbench::drivers::ptdaemon
