#include "app/core/profile/run_reader.hpp"

#include <array>
#include <charconv>
#include <string>
#include <string_view>

#include "app/core/profile/warmup_reader.hpp"

namespace wattbench::core::profile {

namespace {

constexpr std::array<std::string_view, 6> run_keys{"name",   "interval",          "warmup",
                                                   "window", "uncertainty_limit", "idle_max_cpu"};

}  // namespace

RunSettings read_run(const TomlTable& table) {
    table.reject_unknown(run_keys);
    RunSettings run;
    run.name = table.required_string("name");
    if (auto d = table.duration("interval")) {
        if (*d < min_interval) {
            table.fail("interval", "must be at least 10ms");
        }
        run.interval = *d;
    }
    if (auto w = read_warmup(table)) {
        run.warmup = w->min;
        run.warmup_until_stable = std::move(w->until_stable);
    }
    if (const toml::value* v = table.find("idle_max_cpu")) {
        // Percent of the whole machine, the unit of host/cpu_util.
        const double percent = v->is_integer()    ? static_cast<double>(v->as_integer())
                               : v->is_floating() ? v->as_floating()
                                                  : -1.0;
        if (!(percent >= 0.0 && percent <= 100.0)) {
            table.fail("idle_max_cpu", "expected a CPU utilisation in percent (0 to 100), such as "
                                       "idle_max_cpu = 5");
        }
        run.idle_max_cpu = percent;
    }
    if (auto d = table.duration("window")) {
        if (d->count() == 0) {
            table.fail("window", "must be longer than 0s");
        }
        run.window = *d;
    }
    if (auto limit = table.string("uncertainty_limit")) {
        // Written as a percentage so "1" cannot be mistaken for 100 %.
        std::string text = *limit;
        while (!text.empty() && text.back() == ' ') {
            text.pop_back();
        }
        double percent = 0.0;
        const bool has_sign = !text.empty() && text.back() == '%';
        auto number = has_sign ? text.substr(0, text.size() - 1) : std::string();
        while (!number.empty() && number.back() == ' ') {
            number.pop_back();
        }
        auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), percent);
        if (!has_sign || number.empty() || ec != std::errc() ||
            end != number.data() + number.size() || !(percent > 0.0 && percent <= 100.0)) {
            table.fail("uncertainty_limit",
                       "expected a percentage such as \"1%\" or \"0.5%\", got \"" + *limit + "\"");
        }
        run.uncertainty_limit = percent / 100.0;
    }
    return run;
}

}  // namespace wattbench::core::profile
