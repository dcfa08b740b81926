#include "drivers/sim/settings_parser.hpp"

#include <chrono>
#include <cmath>
#include <optional>
#include <string>

namespace wattbench::drivers::sim {

namespace {

constexpr double kReferenceIdle = 71.5;
constexpr double kReferenceMax = 163.1;
constexpr Seconds kLongestDuration{1000.0 * 3600.0};

api::DeviceError key_error(const std::string& key, const std::string& what) {
    return api::DeviceError{api::ErrorKind::config, "key '" + key + "': " + what};
}

// Collects the first problem, like api::Options does, so validation reads top to bottom.
class Checker {
public:
    explicit Checker(api::Options& options) : options_(options) {}

    void fail(const std::string& key, const std::string& what) {
        if (!error_ && !options_.error()) {
            error_ = key_error(key, what);
        }
    }

    std::optional<Seconds> duration(const std::string& key) {
        if (!options_.has(key)) {
            return std::nullopt;
        }
        const std::string expected =
            "expected a duration such as \"20s\", \"500ms\", \"5m\" or a number of seconds";
        // Probe a copy: asking the real options for the wrong type would record an error.
        std::optional<Seconds> parsed;
        api::Options probe = options_;
        if (probe.take_string(key) && !probe.error()) {
            parsed = parse_duration(*options_.take_string(key));
        } else {
            probe = options_;
            if (probe.take_number(key) && !probe.error()) {
                parsed = Seconds{*options_.take_number(key)};
            }
        }
        if (!parsed || !std::isfinite(parsed->count())) {
            fail(key, expected);
            return std::nullopt;
        }
        // Time points are 64-bit nanoseconds; a bound far below their range keeps sums safe.
        if (parsed->count() > kLongestDuration.count()) {
            fail(key, "must not exceed 1000h");
            return std::nullopt;
        }
        return parsed;
    }

    std::optional<Seconds> positive_duration(const std::string& key) {
        auto d = duration(key);
        if (d && !(d->count() > 0.0)) {
            fail(key, "must be longer than zero");
            return std::nullopt;
        }
        return d;
    }

    std::optional<double> number(const std::string& key) {
        auto v = options_.take_number(key);
        if (v && !std::isfinite(*v)) {
            fail(key, "must be a finite number");
            return std::nullopt;
        }
        return v;
    }

    const std::optional<api::DeviceError>& error() const {
        return error_ ? error_ : options_.error();
    }

private:
    api::Options& options_;
    std::optional<api::DeviceError> error_;
};

std::uint64_t clock_seed() {
    const auto t = std::chrono::steady_clock::now().time_since_epoch().count() ^
                   std::chrono::system_clock::now().time_since_epoch().count();
    return static_cast<std::uint64_t>(t);
}

void parse_model(Checker& check, ModelParams& model) {
    auto idle = check.number("idle_power");
    auto max = check.number("max_power");
    if (idle && *idle <= 0.0) {
        check.fail("idle_power", "must be above 0 W");
    }
    if (max && *max <= 0.0) {
        check.fail("max_power", "must be above 0 W");
    }
    // Either one alone scales the whole reference curve; both pin its two ends.
    if (idle && max) {
        if (*max <= *idle) {
            check.fail("max_power", "must be above idle_power");
        }
        model.idle_power = *idle;
        model.max_power = *max;
    } else if (idle) {
        model.idle_power = *idle;
        model.max_power = *idle * kReferenceMax / kReferenceIdle;
    } else if (max) {
        model.idle_power = *max * kReferenceIdle / kReferenceMax;
        model.max_power = *max;
    }
    if (auto tau = check.positive_duration("thermal_tau")) {
        model.thermal_tau = *tau;
    }
    if (auto ambient = check.number("ambient")) {
        if (*ambient < -40.0 || *ambient > 60.0) {
            check.fail("ambient", "must be between -40 and 60 degC");
        }
        model.ambient = *ambient;
    }
}

void parse_faults(Checker& check, api::Options& options, Kind kind, Faults& faults) {
    if (auto fail_open = options.take_bool("fail_open")) {
        faults.fail_open = *fail_open;
    }
    if (options.has("dropout_after")) {
        faults.dropout_after = check.duration("dropout_after");
        if (faults.dropout_after && faults.dropout_after->count() < 0.0) {
            check.fail("dropout_after", "must not be negative");
        }
    }
    faults.dropout_for = check.positive_duration("dropout_for");
    if (faults.dropout_after.has_value() != faults.dropout_for.has_value() && !check.error()) {
        check.fail(faults.dropout_after ? "dropout_after" : "dropout_for",
                   "dropout_after and dropout_for go together");
    }
    if (auto every = options.take_integer("garbage_every")) {
        if (*every < 1) {
            check.fail("garbage_every", "must be 1 or more");
        } else {
            faults.garbage_every = static_cast<std::uint64_t>(*every);
        }
    }
    if (options.has("overrange_above")) {
        faults.overrange_above = check.number("overrange_above");
        if (kind != Kind::wattmeter) {
            check.fail("overrange_above", "applies only to sim://wattmeter");
        } else if (faults.overrange_above && *faults.overrange_above <= 0.0) {
            check.fail("overrange_above", "must be above 0 W");
        }
    }
    faults.slow_poll = check.positive_duration("slow_poll");
    faults.open_delay = check.positive_duration("open_delay");
}

}  // namespace

std::variant<Settings, api::DeviceError> parse_settings(api::DeviceConfig& config) {
    auto kind = kind_from_connection(config.connection);
    if (!kind) {
        return api::DeviceError{api::ErrorKind::config, "connection '" + config.connection +
                                                            "' not understood: use " +
                                                            std::string(kAcceptedConnections)};
    }
    Settings s;
    s.kind = *kind;
    api::Options& options = config.options;
    Checker check(options);

    if (auto seed = options.take_integer("seed")) {
        s.seed = static_cast<std::uint64_t>(*seed);
    } else {
        s.seed = clock_seed();
    }
    parse_model(check, s.model);
    if (auto noise = check.number("noise")) {
        if (*noise < 0.0 || *noise > 0.5) {
            check.fail("noise", "must be between 0 and 0.5 (a relative standard deviation)");
        }
        s.noise = *noise;
    }
    if (auto path = options.take_string("proc_stat")) {
        if (path->empty()) {
            check.fail("proc_stat", "must name a file");
        }
        s.proc_stat = *path;
    }
    if (auto weighting = options.take_string("weighting")) {
        if (s.kind != Kind::sound) {
            check.fail("weighting", "applies only to sim://sound");
        } else if (*weighting == "A") {
            s.weighting = Weighting::a;
        } else if (*weighting == "C") {
            s.weighting = Weighting::c;
        } else {
            check.fail("weighting", "expected \"A\" or \"C\"");
        }
    }
    parse_faults(check, options, s.kind, s.faults);

    if (check.error()) {
        return *check.error();
    }
    return s;
}

}  // namespace wattbench::drivers::sim
