#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "drivers/ptdaemon/codec.hpp"
#include "drivers/ptdaemon/sample_ticks.hpp"

// Takes the input as PTD's answer lines (split on LF, as the driver reads them): each must
// parse without throwing, every number it yields must be finite, and the samples among them go
// through the tick logic, whose means must be finite too.
namespace {

void check(const std::optional<double>& v) {
    if (v && !std::isfinite(*v)) {
        std::abort();
    }
}

void check(const wattbench::drivers::ptdaemon::Quantities& q) {
    check(q.watts);
    check(q.volts);
    check(q.amps);
    check(q.pf);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers::ptdaemon;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<Sample> samples;
    SampleTicks ticks(1000);
    while (!text.empty()) {
        const auto lf = text.find('\n');
        const auto line = text.substr(0, lf);
        text = lf == std::string_view::npos ? std::string_view() : text.substr(lf + 1);
        const Reply r = parse_reply(line);
        if (const auto* s = std::get_if<Sample>(&r)) {
            check(s->sum);
            for (const auto& c : s->channels) {
                check(c);
            }
            if (s->channels.size() > 64) {
                std::abort();
            }
            samples.push_back(*s);
        } else if (const auto* w = std::get_if<WattsSummary>(&r)) {
            check(w->avg);
            check(w->min);
            check(w->max);
        } else if (const auto* u = std::get_if<Uncertainty>(&r)) {
            for (const auto& t : u->tuples) {
                check(t.avg);
                check(t.max);
            }
        } else if (const auto* g = std::get_if<Ranges>(&r)) {
            for (const auto& c : g->channels) {
                check(c.volts);
                check(c.amps);
            }
        }
        if (samples.size() >= 4) {
            const auto v = ticks.take(std::move(samples));
            samples.clear();
            check(v.sum);
            for (const auto& c : v.channels) {
                check(c);
            }
        }
    }
    const auto v = ticks.take(std::move(samples));
    check(v.sum);
    return 0;
}
