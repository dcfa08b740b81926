#include "app/core/profile/run_reader.hpp"

#include <array>
#include <string_view>

namespace wattbench::core::profile {

namespace {

constexpr std::array<std::string_view, 4> run_keys{"name", "interval", "warmup", "window"};

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
    if (auto d = table.duration("warmup")) {
        run.warmup = *d;
    }
    if (auto d = table.duration("window")) {
        if (d->count() == 0) {
            table.fail("window", "must be longer than 0s");
        }
        run.window = *d;
    }
    return run;
}

}  // namespace wattbench::core::profile
