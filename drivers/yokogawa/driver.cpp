#include "drivers/yokogawa/driver.hpp"

#include <algorithm>
#include <thread>

#include "drivers/yokogawa/channels.hpp"
#include "drivers/yokogawa/codec.hpp"

namespace wattbench::drivers::yokogawa {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

// The meter answers within a few hundred ms; its manual allows more after set-up commands.
constexpr auto answer_timeout = 2s;

}  // namespace

YokogawaDevice::YokogawaDevice(Settings settings, std::unique_ptr<transport::Transport> transport)
    : settings_(std::move(settings)),
      transport_(std::move(transport)),
      reader_(*transport_),
      channels_(channel_table()) {
    // The power range is the product of the fixed voltage and current ranges; with either on
    // auto it is unknown and the uncertainty estimate takes the reading instead.
    const auto a = power_accuracy(settings_.dialect);
    const double range = settings_.voltage_range && settings_.current_range
                             ? *settings_.voltage_range * *settings_.current_range
                             : 0.0;
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

std::optional<api::DeviceError> YokogawaDevice::open() {
    if (auto e = transport_->open()) {
        return e;
    }
    reader_.reset();
    const auto deadline = Clock::now() + answer_timeout;
    // A write that cannot complete or a meter that never answers *IDN? means nothing usable is
    // there: unreachable, so the sampler keeps retrying with backoff.
    auto fail = [this](api::DeviceError e) {
        if (e.kind == api::ErrorKind::timeout || e.kind == api::ErrorKind::link_lost) {
            e.kind = api::ErrorKind::unreachable;
        }
        transport_->close();
        return e;
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
    const auto setup_deadline = Clock::now() + answer_timeout;
    for (const auto& c : setup_commands(settings_, identity_.model)) {
        if (auto e = send(c, setup_deadline)) {
            return fail(*e);
        }
        if (c == ":INTEG:STAR") {
            // The manual asks for ~0.2 s before the next command after starting integration.
            std::this_thread::sleep_for(200ms);
        }
    }
    return std::nullopt;
}

api::PollResult YokogawaDevice::poll(Clock::time_point deadline) {
    api::PollResult result;
    if (!transport_->is_open()) {
        result.error = api::DeviceError{api::ErrorKind::link_lost, "not open"};
        return result;
    }
    deadline = std::min(deadline, Clock::now() + answer_timeout);
    // A late answer to an earlier query must never be taken for this one.
    reader_.reset();
    if (auto e = send(read_command(settings_.dialect), deadline)) {
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
            return result;
        }
        // Noise on the line: keep listening until the deadline for the real answer.
        garbage = std::get<std::string>(values);
    }
}

void YokogawaDevice::close() {
    if (transport_ && transport_->is_open()) {
        // Hand the front panel back; best effort, the link may already be gone.
        send(":COMM:REM OFF", Clock::now() + 200ms);
        transport_->close();
    }
}

}  // namespace wattbench::drivers::yokogawa
