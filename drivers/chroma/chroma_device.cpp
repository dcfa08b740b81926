#include "drivers/chroma/chroma_device.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "drivers/chroma/channels.hpp"
#include "drivers/chroma/codec.hpp"

namespace wattbench::drivers::chroma {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr auto answer_timeout = 2s;
// The range and integrator read-backs use UNCONFIRMED commands: a meter that ignores them
// must not hold up open or a poll for long.
constexpr auto read_back_timeout = 300ms;

std::string with_unit(double v, const char* unit) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%g %s", v, unit);
    return buf;
}

}  // namespace

ChromaDevice::ChromaDevice(Settings settings, std::unique_ptr<transport::Transport> transport)
    : settings_(std::move(settings)), transport_(std::move(transport)), reader_(*transport_) {}

const std::vector<api::ChannelSpec>& ChromaDevice::channels() const {
    return channel_table();
}

std::optional<api::DeviceError> ChromaDevice::send(const std::string& command,
                                                   transport::Deadline deadline) {
    const std::string line = command + "\n";
    return transport_->write(std::span<const std::uint8_t>(
                                 reinterpret_cast<const std::uint8_t*>(line.data()), line.size()),
                             deadline);
}

std::optional<std::string> ChromaDevice::query(const std::string& q, transport::Deadline deadline) {
    if (send(q, deadline)) {
        return std::nullopt;
    }
    auto line = reader_.read_line(deadline);
    if (auto* s = std::get_if<std::string>(&line)) {
        return *s;
    }
    return std::nullopt;
}

std::optional<api::DeviceError> ChromaDevice::identify(transport::Deadline deadline) {
    // *IDN? first; the manual documents CHANnel:ID? for the same answer, so a meter that keeps
    // quiet on one is asked the other.
    std::string last;
    for (const char* q : {"*IDN?", "CHAN:ID?"}) {
        reader_.reset();
        if (auto e = send(q, deadline)) {
            return e;
        }
        const auto until = std::min(deadline, Clock::now() + answer_timeout / 2);
        for (;;) {
            auto line = reader_.read_line(until);
            if (auto* e = std::get_if<api::DeviceError>(&line)) {
                if (e->kind == api::ErrorKind::link_lost) {
                    return *e;
                }
                break;
            }
            last = std::get<std::string>(line);
            auto id = parse_identity(*settings_.model, last);
            if (auto* ok = std::get_if<api::DeviceIdentity>(&id)) {
                identity_ = *ok;
                return std::nullopt;
            }
            const auto& why = std::get<std::string>(id);
            if (why.find("is not a") != std::string::npos) {
                return api::DeviceError{api::ErrorKind::config, transport_->name() + ": " + why};
            }
        }
    }
    if (!last.empty()) {
        return api::DeviceError{api::ErrorKind::protocol,
                                transport_->name() + ": " +
                                    std::get<std::string>(parse_identity(*settings_.model, last))};
    }
    return api::DeviceError{api::ErrorKind::timeout,
                            transport_->name() + ": no answer to *IDN? or CHAN:ID?"};
}

std::optional<api::DeviceError> ChromaDevice::open() {
    if (auto e = transport_->open()) {
        return e;
    }
    reader_.reset();
    auto fail = [this](api::DeviceError e) {
        if (e.kind == api::ErrorKind::timeout || e.kind == api::ErrorKind::link_lost) {
            e.kind = api::ErrorKind::unreachable;
        }
        transport_->close();
        return e;
    };
    // A leading LF ends a command a crashed session left half-sent.
    if (auto e = send("", Clock::now() + answer_timeout)) {
        return fail(*e);
    }
    if (auto e = identify(Clock::now() + answer_timeout)) {
        return fail(*e);
    }
    const auto deadline = Clock::now() + answer_timeout;
    std::vector<std::string> setup = channel_commands(settings_);
    for (auto& c : range_commands(settings_.voltage_range, settings_.current_range)) {
        setup.push_back(std::move(c));
    }
    if (settings_.integrate) {
        for (auto& c : integrator_commands()) {
            setup.push_back(std::move(c));
        }
    }
    for (const auto& c : setup) {
        if (auto e = send(c, deadline)) {
            return fail(*e);
        }
    }
    reader_.reset();
    integrator_state_.clear();
    if (settings_.integrate) {
        if (auto s = query(integrator_query(settings_.channel), Clock::now() + read_back_timeout)) {
            integrator_state_ = std::string(s->substr(0, 20));
            while (!integrator_state_.empty() && integrator_state_.back() == '\r') {
                integrator_state_.pop_back();
            }
        }
    }
    if (settings_.integrate && integrator_state_.empty()) {
        notices_.push_back({true,
                            "the meter did not answer " + integrator_query(settings_.channel) +
                                ": energy may not count from the start of the run",
                            "",
                            {}});
    }
    volts_in_use_.reset();
    amps_in_use_.reset();
    read_back_ranges(Clock::now() + 2 * read_back_timeout, nullptr);
    auto mismatch = [&](const Range& asked, const std::optional<double>& got, const char* what,
                        const char* unit) {
        if (asked && got && std::abs(*asked - *got) > 1e-6 * *asked) {
            notices_.push_back({true,
                                std::string("the meter reports its ") + what + " range as " +
                                    with_unit(*got, unit) + ", not the " + with_unit(*asked, unit) +
                                    " asked for",
                                "",
                                {}});
        }
    };
    mismatch(settings_.voltage_range, volts_in_use_, "voltage", "V");
    mismatch(settings_.current_range, amps_in_use_, "current", "A");
    notices_.push_back(settings_notice());
    return std::nullopt;
}

void ChromaDevice::read_back_ranges(transport::Deadline deadline, api::PollResult* result) {
    const auto q = range_queries();
    std::optional<double> got[2];
    for (int i = 0; i < 2; ++i) {
        if (auto line = query(q[i], deadline)) {
            got[i] = parse_number(*line);
        }
    }
    std::string changes;
    auto note = [&](std::optional<double>& before, const std::optional<double>& now,
                    const char* what, const char* unit) {
        if (before && now && *before != *now) {
            changes += std::string(changes.empty() ? "" : ", ") + what + " range " +
                       with_unit(*before, unit) + " → " + with_unit(*now, unit);
        }
        before = now ? now : before;
    };
    note(volts_in_use_, got[0], "voltage", "V");
    note(amps_in_use_, got[1], "current", "A");
    if (result && !changes.empty()) {
        auto n = settings_notice();
        n.message = "auto-ranging changed the " + changes;
        n.phase_flag = "range_change";
        result->notices.push_back(std::move(n));
    }
}

api::Notice ChromaDevice::settings_notice() const {
    api::Notice n;
    auto range = [](const Range& r) {
        return r ? api::OptionValue(*r) : api::OptionValue(std::string("auto"));
    };
    n.settings["ranging"] = std::string(any_auto() ? "auto" : "fixed");
    n.settings["voltage_range"] = range(settings_.voltage_range);
    n.settings["current_range"] = range(settings_.current_range);
    if (volts_in_use_) {
        n.settings["voltage_range_in_use"] = *volts_in_use_;
    }
    if (amps_in_use_) {
        n.settings["current_range_in_use"] = *amps_in_use_;
    }
    n.settings["channel"] = static_cast<std::int64_t>(settings_.channel);
    n.settings["read"] = std::string(settings_.read == Read::fetch ? "fetch" : "measure");
    n.settings["integrate"] = settings_.integrate;
    if (!integrator_state_.empty()) {
        n.settings["integrator"] = integrator_state_;
    }
    return n;
}

api::PollResult ChromaDevice::poll(Clock::time_point deadline) {
    api::PollResult result;
    result.notices = std::move(notices_);
    notices_.clear();
    if (!transport_->is_open()) {
        result.error = api::DeviceError{api::ErrorKind::link_lost, "not open"};
        return result;
    }
    deadline = std::min(deadline, Clock::now() + answer_timeout);
    reader_.reset();
    if (auto e = send(read_query(settings_.read, settings_.integrate), deadline)) {
        result.error = e;
        return result;
    }
    std::optional<std::string> garbage;
    std::vector<Value> values;
    for (;;) {
        auto line = reader_.read_line(deadline);
        if (auto* e = std::get_if<api::DeviceError>(&line)) {
            result.error = garbage && e->kind == api::ErrorKind::timeout
                               ? api::DeviceError{api::ErrorKind::protocol,
                                                  transport_->name() + ": " + *garbage}
                               : *e;
            return result;
        }
        auto parsed = parse_answer(std::get<std::string>(line), settings_.integrate);
        if (auto* v = std::get_if<std::vector<Value>>(&parsed)) {
            values = std::move(*v);
            break;
        }
        garbage = std::get<std::string>(parsed);
    }
    static constexpr Channel order[] = {voltage,        current,      power,     apparent_power,
                                        reactive_power, power_factor, frequency, energy};
    bool range_change = false;
    for (std::size_t i = 0; i < values.size(); ++i) {
        result.readings.push_back({order[i], values[i].value, values[i].status, ""});
        range_change = range_change || values[i].range_change;
    }
    if (!settings_.integrate) {
        result.readings.push_back({energy, 0.0, api::Status::unavailable, ""});
    }
    if (range_change) {
        result.notices.push_back(
            {true, "the meter reports a range change during integration (-2)", "range_change", {}});
    }
    if (any_auto()) {
        read_back_ranges(std::min(deadline, Clock::now() + 2 * read_back_timeout), &result);
    }
    return result;
}

void ChromaDevice::close() {
    // No command hands the front panel back in the sources at hand (README): just close.
    if (transport_ && transport_->is_open()) {
        transport_->close();
    }
}

}  // namespace wattbench::drivers::chroma
