#include "drivers/yokogawa/wt_device.hpp"

#include <cmath>
#include <cstdio>
#include <thread>

#include "drivers/yokogawa/framed_link.hpp"
#include "drivers/yokogawa/wt_codec.hpp"

namespace wattbench::drivers::yokogawa {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr auto answer_timeout = 2s;

std::string shown(double v, const char* unit) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%g %s", v, unit);
    return buf;
}

std::unique_ptr<transport::Transport> linked(const WtSettings& s,
                                             std::unique_ptr<transport::Transport> t) {
    if (s.model->link == Link::framed) {
        return std::make_unique<FramedLink>(std::move(t));
    }
    return t;
}

api::OptionValue range_value(const Range& r) {
    return r ? api::OptionValue(*r) : api::OptionValue(std::string("auto"));
}

}  // namespace

WtDevice::WtDevice(WtSettings settings, std::unique_ptr<transport::Transport> transport)
    : settings_(std::move(settings)),
      transport_(linked(settings_, std::move(transport))),
      reader_(*transport_),
      channels_(wt_channels(settings_)),
      item_count_(wt_items(settings_).size()) {
    for (int e : settings_.elements) {
        if (e != sigma_element) {
            range_elements_.push_back(e);
        }
    }
    ranges_in_use_.resize(2 * range_elements_.size());
    // Accuracy stays undeclared: the facts give none for these models (README).
}

std::optional<api::DeviceError> WtDevice::send_all(const std::vector<std::string>& commands,
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

std::optional<double> WtDevice::query_number(const std::string& query,
                                             transport::Deadline deadline) {
    if (send_all({query}, deadline)) {
        return std::nullopt;
    }
    for (;;) {
        auto line = reader_.read_line(deadline);
        if (std::holds_alternative<api::DeviceError>(line)) {
            return std::nullopt;
        }
        if (auto v = parse_wt_number(std::get<std::string>(line))) {
            return v;
        }
    }
}

std::optional<api::DeviceError> WtDevice::identify(transport::Deadline deadline) {
    if (auto e = send_all({"*IDN?"}, deadline)) {
        return e;
    }
    std::string last;
    for (;;) {
        auto line = reader_.read_line(deadline);
        if (auto* e = std::get_if<api::DeviceError>(&line)) {
            if (!last.empty() && e->kind == api::ErrorKind::timeout) {
                return api::DeviceError{
                    api::ErrorKind::protocol,
                    transport_->name() + ": " +
                        std::get<std::string>(parse_wt_identity(*settings_.model, last))};
            }
            return api::DeviceError{e->kind, e->message + " (waiting for *IDN?)"};
        }
        last = std::get<std::string>(line);
        auto id = parse_wt_identity(*settings_.model, last);
        if (auto* ok = std::get_if<WtIdentity>(&id)) {
            identity_ = ok->identity;
            for (int e : settings_.elements) {
                if (ok->elements != 0 && e > ok->elements) {
                    return api::DeviceError{api::ErrorKind::config,
                                            transport_->name() + ": " + identity_.model + " has " +
                                                std::to_string(ok->elements) +
                                                " element(s); key 'elements' asks for " +
                                                std::to_string(e)};
                }
            }
            return std::nullopt;
        }
        const auto& why = std::get<std::string>(id);
        if (why.find("is not a") != std::string::npos) {
            return api::DeviceError{api::ErrorKind::config, transport_->name() + ": " + why};
        }
    }
}

std::optional<api::DeviceError> WtDevice::open() {
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
    const auto deadline = Clock::now() + answer_timeout;
    if (auto e = send_all(wt_greeting_commands(), deadline)) {
        return fail(*e);
    }
    // The greeting's leading LF may draw an error line from a half-read command.
    std::this_thread::sleep_for(50ms);
    reader_.reset();
    if (auto e = identify(deadline)) {
        return fail(*e);
    }
    const auto setup_deadline = Clock::now() + answer_timeout;
    for (const auto& c : wt_setup_commands(settings_)) {
        if (auto e = send_all({c}, setup_deadline)) {
            return fail(*e);
        }
        if (c == ":INTEG:STAR") {
            // As on the WT310: give the integrator time to start before the next command.
            std::this_thread::sleep_for(200ms);
        }
    }
    reader_.reset();
    std::fill(ranges_in_use_.begin(), ranges_in_use_.end(), std::nullopt);
    read_back_ranges(Clock::now() + answer_timeout, nullptr);
    for (std::size_t k = 0; k < range_elements_.size(); ++k) {
        for (auto [asked, got, what, unit] :
             {std::tuple{settings_.voltage_range, ranges_in_use_[2 * k], "voltage", "V"},
              std::tuple{settings_.current_range, ranges_in_use_[2 * k + 1], "current", "A"}}) {
            if (asked && got && std::fabs(*asked - *got) > 1e-9 * *asked) {
                notices_.push_back({true,
                                    "element " + std::to_string(range_elements_[k]) +
                                        " reports its " + what + " range as " + shown(*got, unit) +
                                        ", not the " + shown(*asked, unit) + " asked for",
                                    "",
                                    {}});
            }
        }
    }
    notices_.push_back(settings_notice());
    return std::nullopt;
}

void WtDevice::read_back_ranges(transport::Deadline deadline, api::PollResult* result) {
    const auto queries = wt_range_queries(settings_);
    std::string changes;
    for (std::size_t i = 0; i < queries.size(); ++i) {
        const auto now = query_number(queries[i], deadline);
        auto& before = ranges_in_use_[i];
        if (before && now && *before != *now) {
            const bool volts = i % 2 == 0;
            changes += std::string(changes.empty() ? "" : ", ") + "element " +
                       std::to_string(range_elements_[i / 2]) + (volts ? " voltage" : " current") +
                       " range " + shown(*before, volts ? "V" : "A") + " → " +
                       shown(*now, volts ? "V" : "A");
        }
        before = now ? now : before;
    }
    if (result && !changes.empty()) {
        auto n = settings_notice();
        n.warning = true;
        n.message = "auto-ranging changed the " + changes;
        n.phase_flag = "range_change";
        result->notices.push_back(std::move(n));
    }
}

api::Notice WtDevice::settings_notice() const {
    api::Notice n;
    n.settings["ranging"] = std::string(any_auto() ? "auto" : "fixed");
    n.settings["voltage_range"] = range_value(settings_.voltage_range);
    n.settings["current_range"] = range_value(settings_.current_range);
    for (std::size_t k = 0; k < range_elements_.size(); ++k) {
        const std::string el =
            range_elements_[k] == 1 ? "" : "_" + std::to_string(range_elements_[k]);
        if (ranges_in_use_[2 * k]) {
            n.settings["voltage_range_in_use" + el] = *ranges_in_use_[2 * k];
        }
        if (ranges_in_use_[2 * k + 1]) {
            n.settings["current_range_in_use" + el] = *ranges_in_use_[2 * k + 1];
        }
    }
    std::string elements;
    for (int e : settings_.elements) {
        elements += (elements.empty() ? "" : ",") +
                    (e == sigma_element ? std::string("sigma") : std::to_string(e));
    }
    n.settings["elements"] = elements;
    if (settings_.update_interval) {
        n.settings["update_interval_s"] = *settings_.update_interval;
    }
    n.settings["integrate"] = settings_.integrate;
    return n;
}

api::PollResult WtDevice::poll(Clock::time_point deadline) {
    api::PollResult result;
    result.notices = std::move(notices_);
    notices_.clear();
    if (!transport_->is_open()) {
        result.error = api::DeviceError{api::ErrorKind::link_lost, "not open"};
        return result;
    }
    deadline = std::min(deadline, Clock::now() + answer_timeout);
    // A late answer to an earlier query must never be taken for this one.
    reader_.reset();
    if (auto e = send_all({wt_read_command()}, deadline)) {
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
        auto values = parse_wt_values(std::get<std::string>(line), item_count_);
        if (auto* r = std::get_if<std::vector<api::Reading>>(&values)) {
            result.readings = std::move(*r);
            break;
        }
        garbage = std::get<std::string>(values);
    }
    if (any_auto()) {
        // SPEC forbids auto-ranging inside a window: a switch there flags the phase.
        read_back_ranges(deadline, &result);
    }
    return result;
}

void WtDevice::close() {
    if (transport_ && transport_->is_open()) {
        send_all({":COMM:REM OFF"}, Clock::now() + 200ms);
        transport_->close();
    }
}

}  // namespace wattbench::drivers::yokogawa
