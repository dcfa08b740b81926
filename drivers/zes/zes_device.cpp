#include "drivers/zes/zes_device.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <thread>

#include "drivers/zes/channels.hpp"
#include "drivers/zes/codec.hpp"

namespace wattbench::drivers::zes {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr auto answer_timeout = 2s;
// Streamed lines stop for good only when this much longer than a cycle passes without one.
constexpr auto stall_margin = 3s;

std::string shown(double v, const char* unit) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%g %s", v, unit);
    return buf;
}

api::OptionValue range_value(const Range& r) {
    return r ? api::OptionValue(*r) : api::OptionValue(std::string("auto"));
}

}  // namespace

ZesDevice::ZesDevice(Settings settings, std::unique_ptr<transport::Transport> transport)
    : settings_(std::move(settings)),
      transport_(std::move(transport)),
      reader_(*transport_),
      channels_(channel_table()) {}

const std::vector<api::ChannelSpec>& ZesDevice::channels() const {
    return channels_;
}

std::optional<api::DeviceError> ZesDevice::send(const std::string& command,
                                                transport::Deadline deadline) {
    const std::string line = command + std::string(settings_.model->eos);
    return transport_->write(std::span<const std::uint8_t>(
                                 reinterpret_cast<const std::uint8_t*>(line.data()), line.size()),
                             deadline);
}

bool ZesDevice::send_synced(const std::string& command, transport::Deadline deadline) {
    if (send(synced(command), deadline)) {
        return false;
    }
    for (;;) {
        auto line = reader_.read_line(deadline);
        if (std::holds_alternative<api::DeviceError>(line)) {
            return false;
        }
        if (is_opc_ack(std::get<std::string>(line))) {
            return true;
        }
    }
}

std::optional<double> ZesDevice::query_number(const std::string& query,
                                              transport::Deadline deadline) {
    if (send(query, deadline)) {
        return std::nullopt;
    }
    for (;;) {
        auto line = reader_.read_line(deadline);
        if (std::holds_alternative<api::DeviceError>(line)) {
            return std::nullopt;
        }
        if (auto v = parse_value(std::get<std::string>(line)); v && v->status == api::Status::ok) {
            return v->value;
        }
    }
}

void ZesDevice::read_ranges(transport::Deadline deadline) {
    const auto q = range_queries(*settings_.model, settings_.channel);
    volts_in_use_ = query_number(q[0], deadline);
    amps_in_use_ = query_number(q[1], deadline);
}

std::optional<api::DeviceError> ZesDevice::open() {
    if (auto e = transport_->open()) {
        return e;
    }
    reader_.reset();
    const auto deadline = Clock::now() + answer_timeout;
    auto fail = [this](api::DeviceError e) {
        if (e.kind == api::ErrorKind::timeout || e.kind == api::ErrorKind::link_lost) {
            e.kind = api::ErrorKind::unreachable;
        }
        transport_->close();
        return e;
    };
    for (const auto& c : greeting_commands(*settings_.model)) {
        if (auto e = send(c, deadline)) {
            return fail(*e);
        }
    }
    // A stream left running by an earlier session may still be in flight: let it drain.
    std::this_thread::sleep_for(100ms);
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
                                 std::get<std::string>(parse_identity(*settings_.model, last))});
            }
            return fail({e->kind, e->message + " (waiting for *IDN?)"});
        }
        last = std::get<std::string>(line);
        auto id = parse_identity(*settings_.model, last);
        if (auto* ok = std::get_if<api::DeviceIdentity>(&id)) {
            identity_ = *ok;
            break;
        }
        const auto& why = std::get<std::string>(id);
        if (why.find("is not a") != std::string::npos) {
            transport_->close();
            return api::DeviceError{api::ErrorKind::config, transport_->name() + ": " + why};
        }
    }
    const auto setup_deadline = Clock::now() + answer_timeout;
    std::vector<std::string> setup;
    if (settings_.cycle) {
        setup.push_back(cycle_command(*settings_.cycle));
    }
    for (auto& c : range_commands(*settings_.model, settings_.channel, settings_.voltage_range,
                                  settings_.current_range)) {
        setup.push_back(std::move(c));
    }
    for (const auto& c : setup) {
        if (!send_synced(c, setup_deadline)) {
            return fail({api::ErrorKind::protocol,
                         transport_->name() + ": the meter did not confirm \"" + c + "\""});
        }
    }
    read_ranges(Clock::now() + answer_timeout);
    auto mismatch = [&](const Range& asked, const std::optional<double>& got, const char* what,
                        const char* unit) {
        if (asked && got && std::abs(*asked - *got) > 1e-6 * *asked) {
            notices_.push_back({true,
                                std::string("the meter reports its ") + what + " range as " +
                                    shown(*got, unit) + ", not the " + shown(*asked, unit) +
                                    " asked for",
                                "",
                                {}});
        }
    };
    mismatch(settings_.voltage_range, volts_in_use_, "voltage", "V");
    mismatch(settings_.current_range, amps_in_use_, "current", "A");
    if (auto e =
            send(arm_command(*settings_.model, settings_.channel, any_auto()), setup_deadline)) {
        return fail(*e);
    }
    if (auto e = send("cont on", setup_deadline)) {
        return fail(*e);
    }
    last_line_at_ = Clock::now();
    notices_.push_back(settings_notice());
    return std::nullopt;
}

api::Notice ZesDevice::settings_notice() const {
    api::Notice n;
    n.settings["ranging"] = std::string(any_auto() ? "auto" : "fixed");
    n.settings["voltage_range"] = range_value(settings_.voltage_range);
    n.settings["current_range"] = range_value(settings_.current_range);
    if (volts_in_use_) {
        n.settings["voltage_range_in_use"] = *volts_in_use_;
    }
    if (amps_in_use_) {
        n.settings["current_range_in_use"] = *amps_in_use_;
    }
    if (settings_.cycle) {
        n.settings["update_interval_s"] = *settings_.cycle;
    }
    n.settings["channel"] = static_cast<std::int64_t>(settings_.channel);
    n.settings["sync"] = std::string("stream");
    return n;
}

std::optional<std::string> ZesDevice::newest_line(transport::Deadline deadline,
                                                  std::string& garbage,
                                                  std::optional<api::DeviceError>& link) {
    const std::size_t expected = item_count(any_auto());
    std::optional<std::string> newest;
    auto take = [&](std::string line) {
        if (std::holds_alternative<std::vector<Value>>(parse_line(line, expected))) {
            newest = std::move(line);
        } else if (line.find_first_not_of(" \r") != std::string::npos) {
            garbage = line.substr(0, 80);
        }
    };
    // What the stream delivered since the last poll, without waiting.
    for (;;) {
        auto line = reader_.read_line(Clock::now());
        if (auto* e = std::get_if<api::DeviceError>(&line)) {
            if (e->kind == api::ErrorKind::link_lost) {
                link = *e;
                return std::nullopt;
            }
            break;
        }
        take(std::move(std::get<std::string>(line)));
    }
    // Nothing yet (a cycle longer than the poll interval): wait for the next line.
    while (!newest) {
        auto line = reader_.read_line(deadline);
        if (auto* e = std::get_if<api::DeviceError>(&line)) {
            if (e->kind == api::ErrorKind::link_lost) {
                link = *e;
            }
            return std::nullopt;
        }
        take(std::move(std::get<std::string>(line)));
    }
    return newest;
}

api::PollResult ZesDevice::poll(Clock::time_point deadline) {
    api::PollResult result;
    result.notices = std::move(notices_);
    notices_.clear();
    if (!transport_->is_open()) {
        result.error = api::DeviceError{api::ErrorKind::link_lost, "not open"};
        return result;
    }
    deadline = std::min(deadline, Clock::now() + answer_timeout);
    std::string garbage;
    std::optional<api::DeviceError> link;
    const auto line = newest_line(deadline, garbage, link);
    if (link) {
        transport_->close();
        result.error = link;
        return result;
    }
    if (!line) {
        const auto cycle = std::chrono::duration_cast<Clock::duration>(
            std::chrono::duration<double>(settings_.cycle.value_or(0.5)));
        if (Clock::now() - last_line_at_ > stall_margin + 4 * cycle) {
            // The meter stopped streaming (a power cycle, a front-panel `cont off`): reopen.
            transport_->close();
            result.error = api::DeviceError{api::ErrorKind::link_lost,
                                            transport_->name() + ": the value stream stopped"};
        } else if (!garbage.empty()) {
            result.error = api::DeviceError{api::ErrorKind::protocol,
                                            transport_->name() + ": \"" + garbage + "\""};
        } else {
            result.error = api::DeviceError{api::ErrorKind::timeout,
                                            transport_->name() + ": no value line in time"};
        }
        return result;
    }
    last_line_at_ = Clock::now();
    const auto values = std::get<std::vector<Value>>(parse_line(*line, item_count(any_auto())));
    auto put = [&](Channel channel, Item item) {
        api::Reading r;
        r.channel = channel;
        r.value = values[item].value;
        r.status = values[item].status;
        result.readings.push_back(r);
    };
    put(voltage, item_voltage);
    put(current, item_current);
    put(power, item_power);
    put(apparent_power, item_apparent);
    put(reactive_power, item_reactive);
    put(power_factor, item_power_factor);
    put(frequency, item_frequency);
    if (any_auto()) {
        std::string changes;
        auto note = [&](std::optional<double>& before, const Value& now, const char* what,
                        const char* unit) {
            if (now.status != api::Status::ok) {
                return;
            }
            if (before && *before != now.value) {
                changes += std::string(changes.empty() ? "" : ", ") + what + " range " +
                           shown(*before, unit) + " → " + shown(now.value, unit);
            }
            before = now.value;
        };
        note(volts_in_use_, values[item_voltage_range], "voltage", "V");
        note(amps_in_use_, values[item_current_range], "current", "A");
        if (!changes.empty()) {
            auto n = settings_notice();
            n.message = "auto-ranging changed the " + changes;
            n.phase_flag = "range_change";
            result.notices.push_back(std::move(n));
        }
    }
    return result;
}

void ZesDevice::close() {
    if (transport_ && transport_->is_open()) {
        // Stop the stream and hand the front panel back; best effort.
        const auto deadline = Clock::now() + 200ms;
        send("cont off", deadline);
        send("gtl", deadline);
        transport_->close();
    }
}

}  // namespace wattbench::drivers::zes
