#include "drivers/sim/sim_device.hpp"

#include <string>

namespace wattbench::drivers::sim {

namespace {

constexpr double kDefaultNoise = 0.01;

api::PollResult failed(api::ErrorKind kind, std::string message) {
    return api::PollResult{{}, api::DeviceError{kind, std::move(message)}};
}

}  // namespace

SimDevice::SimDevice(const Settings& settings, std::unique_ptr<CpuLoad> load,
                     std::shared_ptr<Clock> clock, std::vector<api::ChannelSpec> channels,
                     api::DeviceIdentity identity)
    : settings_(settings),
      channels_(std::move(channels)),
      identity_(std::move(identity)),
      load_(std::move(load)),
      clock_(std::move(clock)),
      model_(settings.model),
      noise_(settings.seed) {}

double SimDevice::scaled_sd(double sd_at_default) const {
    return sd_at_default * settings_.noise / kDefaultNoise;
}

bool SimDevice::in_dropout(Clock::time_point t) const {
    const auto& f = settings_.faults;
    if (!first_open_ || !f.dropout_after || !f.dropout_for) {
        return false;
    }
    const Seconds since = t - *first_open_;
    return since >= *f.dropout_after && since < *f.dropout_after + *f.dropout_for;
}

std::optional<api::DeviceError> SimDevice::open() {
    if (const auto& delay = settings_.faults.open_delay) {
        clock_->sleep_until(clock_->now() +
                            std::chrono::duration_cast<Clock::time_point::duration>(*delay));
    }
    if (settings_.faults.fail_open) {
        return api::DeviceError{api::ErrorKind::unreachable,
                                "simulated open failure (fail_open = true)"};
    }
    const auto now = clock_->now();
    if (in_dropout(now)) {
        return api::DeviceError{api::ErrorKind::unreachable,
                                "simulated dropout (dropout_after/dropout_for): not answering"};
    }
    if (!load_started_) {
        if (auto e = load_->start()) {
            return e;
        }
        load_started_ = true;
    }
    // The instrument keeps running while the link is down, so a reopen continues the model
    // and the energy count rather than starting them over.
    if (!first_open_) {
        first_open_ = now;
        last_step_ = now;
    }
    open_ = true;
    return std::nullopt;
}

api::PollResult SimDevice::poll(std::chrono::steady_clock::time_point deadline) {
    if (!open_) {
        return failed(api::ErrorKind::link_lost, "poll on a closed device");
    }
    ++polls_;
    auto now = clock_->now();
    if (in_dropout(now)) {
        return failed(api::ErrorKind::link_lost, "simulated dropout (dropout_after/dropout_for)");
    }
    if (const auto& slow = settings_.faults.slow_poll) {
        const auto answer_at = now + std::chrono::duration_cast<Clock::time_point::duration>(*slow);
        if (answer_at > deadline) {
            clock_->sleep_until(deadline);
            return failed(api::ErrorKind::timeout,
                          "simulated slow answer (slow_poll) would miss the deadline");
        }
        clock_->sleep_until(answer_at);
        now = clock_->now();
    }
    const auto every = settings_.faults.garbage_every;
    if (every != 0 && polls_ % every == 0) {
        return failed(api::ErrorKind::protocol,
                      "simulated garbage answer (garbage_every = " + std::to_string(every) + ")");
    }
    auto use = load_->sample();
    if (auto* e = std::get_if<api::DeviceError>(&use)) {
        return api::PollResult{{}, *e};
    }
    const Seconds dt = now - last_step_;
    last_step_ = now;
    model_.step(std::get<CpuUse>(use).busy_cpus(), dt);
    return api::PollResult{read(dt), std::nullopt};
}

void SimDevice::close() {
    open_ = false;
}

}  // namespace wattbench::drivers::sim
