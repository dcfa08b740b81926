#include <algorithm>
#include <cmath>
#include <thread>

#include "drivers/scpi_analyzer/analyzer_device.hpp"
#include "drivers/scpi_analyzer/analyzer_timing.hpp"
#include "drivers/scpi_analyzer/text.hpp"

// Configuring the meter after identification and starting its integrator.
namespace wattbench::drivers::scpi_analyzer {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

}  // namespace

std::optional<api::DeviceError> AnalyzerDevice::set_up(Deadline deadline) {
    if (auto e = commands(dialect_.setup, deadline)) {
        return e;
    }
    if (auto e = select(deadline)) {
        return e;
    }
    learn_order(std::min(deadline, Clock::now() + optional_answer_timeout));
    if (settings_.update_interval && dialect_.update_rate) {
        if (auto e = command(dialect_.update_rate(*settings_.update_interval), deadline)) {
            return e;
        }
    }
    // After a reconnect a calibrated meter gets back the ranges it had fixed, not auto.
    if (can_set_ranges()) {
        if (auto e = set_ranges(deadline)) {
            return e;
        }
    }
    energy_refused_ = false;
    if (settings_.integrate) {
        if (auto e = start_integrator(deadline)) {
            return e;
        }
    }
    reader_.reset();
    ranges_.forget_in_use();
    std::fill(element_ranges_.begin(), element_ranges_.end(), std::nullopt);
    read_back_ranges(Clock::now() + answer_timeout, nullptr);
    if (dialect_.element_range_queries) {
        for (std::size_t k = 0; k < range_elements_.size(); ++k) {
            const std::string el = "element " + std::to_string(range_elements_[k]) + " ";
            common::RangeState::warn_mismatch(ranges_.volts(), element_ranges_[2 * k],
                                              el + "voltage", "V", notices_);
            common::RangeState::warn_mismatch(ranges_.amps(), element_ranges_[2 * k + 1],
                                              el + "current", "A", notices_);
        }
    } else {
        ranges_.warn_mismatches(notices_);
    }
    if (dialect_.quirks.streaming) {
        stream_ranges_ = dialect_.quirks.stream_ranges && ranges_.any_auto() &&
                         dialect_.range_queries.size() == 2;
        read_query_ = read_query(dialect_, plan_, stream_ranges_, settings_.read_mode);
        if (auto e = send(read_query_, deadline)) {
            return e;
        }
        for (const auto& c : dialect_.stream_on) {
            if (auto e = send(c, deadline)) {
                return e;
            }
        }
        last_answer_at_ = Clock::now();
    }
    notices_.push_back(settings_notice());
    return std::nullopt;
}

std::optional<api::DeviceError> AnalyzerDevice::start_integrator(Deadline deadline) {
    for (const auto& c : dialect_.integrator_start) {
        if (auto e = command_or_warn(c, deadline,
                                     "; its integrator does not run, so energy stays unavailable",
                                     energy_refused_)) {
            return e;
        }
        if (energy_refused_) {
            return std::nullopt;
        }
    }
    if (dialect_.quirks.integrator_settle.count() > 0) {
        std::this_thread::sleep_for(dialect_.quirks.integrator_settle);
    }
    integrator_state_.clear();
    if (dialect_.integrator_query.empty()) {
        return std::nullopt;
    }
    reader_.reset();
    std::optional<api::DeviceError> link;
    const auto wait = std::min(deadline, Clock::now() + optional_answer_timeout);
    auto state = query(dialect_.integrator_query, wait, &link);
    if (link) {
        return link;
    }
    integrator_state_ = state ? std::string(strip_header(*state)) : "";
    if (!state || (dialect_.integrator_running && !dialect_.integrator_running(*state))) {
        notices_.push_back({true,
                            "the meter's integrator does not report running after its start (" +
                                (state ? "'" + *state + "'" : std::string("no answer")) +
                                "); energy may not count from the start of the run",
                            "",
                            {}});
    }
    return std::nullopt;
}

}  // namespace wattbench::drivers::scpi_analyzer
