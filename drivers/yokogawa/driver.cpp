#include "drivers/yokogawa/driver.hpp"

#include <algorithm>
#include <thread>

#include "drivers/yokogawa/channels.hpp"
#include "drivers/yokogawa/codec.hpp"
#include "drivers/yokogawa/ranges.hpp"

namespace wattbench::drivers::yokogawa {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

// The meter answers within a few hundred ms; its manual allows more after set-up commands.
constexpr auto answer_timeout = 2s;
// Queries only some firmware knows (:INP:MODE?) must not hold up open for long.
constexpr auto optional_answer_timeout = 300ms;

}  // namespace

YokogawaDevice::YokogawaDevice(Settings settings, std::unique_ptr<transport::Transport> transport)
    : settings_(std::move(settings)),
      ranges_(settings_.calibrate, settings_.voltage_range, settings_.current_range),
      transport_(std::move(transport)),
      reader_(*transport_),
      channels_(channel_table()) {
    // The power range is the product of the fixed voltage and current ranges; with either on
    // auto (or calibrated later) it is unknown and the uncertainty takes the reading instead.
    const auto a = power_accuracy(settings_.dialect);
    const auto& volts = ranges_.volts();
    const auto& amps = ranges_.amps();
    const double range = volts && amps ? *volts * *amps : 0.0;
    channels_[power].accuracy = api::Accuracy{a.of_reading, a.of_range, range};
}

const std::vector<api::ChannelSpec>& YokogawaDevice::channels() const {
    return channels_;
}

std::optional<api::DeviceError> YokogawaDevice::send(const std::string& command,
                                                     transport::Deadline deadline) {
    std::string line = command + "\n";
    return transport_->write(std::span<const std::uint8_t>(
                                 reinterpret_cast<const std::uint8_t*>(line.data()), line.size()),
                             deadline);
}

std::optional<api::DeviceError> YokogawaDevice::send_all(const std::vector<std::string>& commands,
                                                         transport::Deadline deadline) {
    std::string joined;
    for (const auto& c : commands) {
        joined += c + "\n";
    }
    return transport_->write(
        std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(joined.data()),
                                      joined.size()),
        deadline);
}

std::optional<std::string> YokogawaDevice::query_text(const std::string& query,
                                                      transport::Deadline deadline) {
    if (send(query, deadline)) {
        return std::nullopt;
    }
    auto line = reader_.read_line(deadline);
    if (auto* s = std::get_if<std::string>(&line)) {
        std::string t = *s;
        while (!t.empty() && (t.back() == '\r' || t.back() == ' ')) {
            t.pop_back();
        }
        return t;
    }
    return std::nullopt;
}

std::optional<double> YokogawaDevice::query_number(const std::string& query,
                                                   transport::Deadline deadline,
                                                   std::optional<api::DeviceError>* link_error) {
    if (auto e = send(query, deadline)) {
        if (link_error) {
            *link_error = e;
        }
        return std::nullopt;
    }
    for (;;) {
        auto line = reader_.read_line(deadline);
        if (auto* e = std::get_if<api::DeviceError>(&line)) {
            if (link_error && e->kind == api::ErrorKind::link_lost) {
                *link_error = *e;
            }
            return std::nullopt;
        }
        if (auto v = parse_number(std::get<std::string>(line))) {
            return v;
        }
    }
}

std::optional<api::DeviceError> YokogawaDevice::open() {
    if (auto e = transport_->open()) {
        return e;
    }
    reader_.reset();
    const auto deadline = Clock::now() + answer_timeout;
    auto fail = [this](api::DeviceError e) {
        transport_->close();
        return api::failed_open(std::move(e));
    };
    for (const auto& c : greeting_commands()) {
        if (auto e = send(c, deadline)) {
            return fail(*e);
        }
    }
    // The greeting's leading LF may draw an error line from a meter that had a half-read
    // command; drop whatever arrived before asking who it is.
    std::this_thread::sleep_for(50ms);
    reader_.reset();
    if (auto e = send("*IDN?", deadline)) {
        return fail(*e);
    }
    std::string last;
    for (;;) {
        auto line = reader_.read_line(deadline);
        if (auto* e = std::get_if<api::DeviceError>(&line)) {
            if (!last.empty() && e->kind == api::ErrorKind::timeout) {
                return fail({api::ErrorKind::protocol,
                             transport_->name() + ": " +
                                 std::get<std::string>(parse_identity(settings_.dialect, last))});
            }
            return fail({e->kind, e->message + " (waiting for *IDN?)"});
        }
        last = std::get<std::string>(line);
        auto id = parse_identity(settings_.dialect, last);
        if (auto* ok = std::get_if<api::DeviceIdentity>(&id)) {
            identity_ = *ok;
            break;
        }
        // A Yokogawa of the other family will never become the right one: stop here.
        const auto& why = std::get<std::string>(id);
        if (why.find("is not a") != std::string::npos) {
            transport_->close();
            return api::DeviceError{api::ErrorKind::config, transport_->name() + ": " + why};
        }
    }
    // After a reconnect a calibrated meter gets back the ranges it had fixed, not auto.
    Settings effective = settings_;
    effective.calibrate = false;
    effective.voltage_range = ranges_.volts();
    effective.current_range = ranges_.amps();
    const auto setup_deadline = Clock::now() + answer_timeout;
    for (const auto& c : setup_commands(effective, identity_.model)) {
        if (auto e = send(c, setup_deadline)) {
            return fail(*e);
        }
        if (c == ":INTEG:STAR") {
            // The manual asks for ~0.2 s before the next command after starting integration.
            std::this_thread::sleep_for(200ms);
        }
    }
    const auto sync = sync_setup_commands(settings_);
    for (const auto& c : sync) {
        if (auto e = send(c, setup_deadline)) {
            return fail(*e);
        }
    }
    if (!sync.empty()) {
        // The answer to the clearing :STAT:EESR?; its value does not matter.
        auto line = reader_.read_line(setup_deadline);
        if (auto* e = std::get_if<api::DeviceError>(&line)) {
            return fail({e->kind, e->message + " (waiting for :STAT:EESR?)"});
        }
    }
    // Read back what the meter now uses, for the manifest and to catch a refused setting.
    const auto optional_deadline = Clock::now() + optional_answer_timeout;
    const bool wt300 = settings_.dialect == Dialect::wt300;
    mode_ = query_text(wt300 ? ":INP:MODE?" : ":CONF:MODE?", optional_deadline).value_or("");
    crest_factor_in_use_ = 0;
    if (wt300) {
        if (auto cf = query_number(":INP:CFAC?", Clock::now() + optional_answer_timeout)) {
            crest_factor_in_use_ = static_cast<int>(*cf);
        }
    }
    reader_.reset();
    ranges_.forget_in_use();
    read_back_ranges(Clock::now() + answer_timeout, nullptr);
    ranges_.warn_mismatches(notices_);
    notices_.push_back(settings_notice());
    return std::nullopt;
}

void YokogawaDevice::read_back_ranges(transport::Deadline deadline, api::PollResult* result) {
    const auto q = range_queries(settings_.dialect);
    const auto v = query_number(q[0], deadline);
    const auto a = query_number(q[1], deadline);
    const auto changes = ranges_.note_in_use(v, a);
    if (result && !changes.empty()) {
        result->notices.push_back(common::RangeState::range_change(settings_notice(), changes));
    }
}

api::Notice YokogawaDevice::settings_notice() const {
    api::Notice n;
    ranges_.add_settings(n, settings_.calibrate);
    if (crest_factor_in_use_ != 0) {
        n.settings["crest_factor"] = static_cast<std::int64_t>(crest_factor_in_use_);
    } else if (settings_.crest_factor != 0) {
        n.settings["crest_factor"] = static_cast<std::int64_t>(settings_.crest_factor);
    }
    if (!mode_.empty()) {
        n.settings["mode"] = mode_;
    }
    n.settings["sync"] = std::string(
        settings_.dialect == Dialect::wt300 && settings_.sync == Sync::update ? "update" : "poll");
    if (settings_.update_interval) {
        n.settings["update_interval_s"] = *settings_.update_interval;
    }
    n.settings["integrate"] = settings_.integrate;
    return n;
}

std::optional<api::DeviceError> YokogawaDevice::carry_out_ranging(api::PollResult& result,
                                                                  transport::Deadline deadline) {
    auto fix = [this](double volts, double amps) {
        const auto r = mlperf_ranges(settings_.dialect, settings_.crest_factor, volts, amps);
        return common::RangeState::Fixed{r.volts, r.amps};
    };
    return ranges_.carry_out(result, fix, [&]() -> std::optional<api::DeviceError> {
        if (auto e = send_all(range_commands(settings_.dialect, ranges_.volts(), ranges_.amps()),
                              deadline)) {
            return e;
        }
        reader_.reset();
        read_back_ranges(deadline, nullptr);
        result.notices.push_back(settings_notice());
        return std::nullopt;
    });
}

api::PollResult YokogawaDevice::poll(Clock::time_point deadline) {
    auto result = api::start_poll(notices_, transport_->is_open());
    if (result.error) {
        return result;
    }
    deadline = std::min(deadline, Clock::now() + answer_timeout);
    if (auto e = carry_out_ranging(result, deadline)) {
        result.error = e;
        return result;
    }
    // A late answer to an earlier query must never be taken for this one.
    reader_.reset();
    const auto commands = poll_commands(settings_);
    if (auto e = send_all(commands, deadline)) {
        result.error = e;
        return result;
    }
    std::optional<std::string> garbage;
    for (;;) {
        auto line = reader_.read_line(deadline);
        if (auto* e = std::get_if<api::DeviceError>(&line)) {
            if (garbage && e->kind == api::ErrorKind::timeout) {
                result.error = api::DeviceError{api::ErrorKind::protocol,
                                                transport_->name() + ": " + *garbage};
            } else {
                result.error = *e;
            }
            return result;
        }
        auto values = parse_values(settings_.dialect, std::get<std::string>(line));
        if (auto* r = std::get_if<std::vector<api::Reading>>(&values)) {
            result.readings = std::move(*r);
            break;
        }
        // Noise on the line: keep listening until the deadline for the real answer.
        garbage = std::get<std::string>(values);
    }
    if (commands.size() > 1) {
        // The clearing :STAT:EESR? answer; a lost one only costs the next poll a wait.
        reader_.read_line(deadline);
    }
    if (ranges_.observing()) {
        const auto& v = result.readings[voltage];
        const auto& a = result.readings[current];
        if (v.status == api::Status::ok && a.status == api::Status::ok) {
            ranges_.observe_volts(v.value);
            ranges_.observe_amps(a.value);
        }
    }
    if (ranges_.any_auto()) {
        // Auto-ranging may switch at any update: read the ranges back so that a switch inside
        // an averaging window flags it (SPEC forbids auto-ranging there).
        read_back_ranges(deadline, &result);
    }
    return result;
}

void YokogawaDevice::close() {
    if (transport_ && transport_->is_open()) {
        // Hand the front panel back; best effort, the link may already be gone.
        send(":COMM:REM OFF", Clock::now() + 200ms);
        transport_->close();
    }
}

}  // namespace wattbench::drivers::yokogawa
