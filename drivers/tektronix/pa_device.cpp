#include "drivers/tektronix/pa_device.hpp"

#include <algorithm>
#include <cstdio>
#include <thread>

#include "drivers/tektronix/channels.hpp"

namespace wattbench::drivers::tektronix {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr auto answer_timeout = 2s;
// :FRF? is only a help in mapping values; an older firmware without it must not stall open.
constexpr auto optional_answer_timeout = 500ms;
// How long a set command's answer is waited for over Ethernet, where one always comes.
constexpr auto tcp_ack_timeout = 500ms;

std::string shown(double v, const char* unit) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%g %s", v, unit);
    return buf;
}

std::string printable(std::string s) {
    for (char& c : s) {
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
            c = '?';
        }
    }
    return s.substr(0, 80);
}

// Smallest range ≥ value (code), else the largest.
int code_at_least(std::span<const double> table, double value) {
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (table[i] >= value) {
            return static_cast<int>(i) + 1;
        }
    }
    return static_cast<int>(table.size());
}

}  // namespace

PaDevice::PaDevice(Settings settings, std::unique_ptr<transport::Transport> transport)
    : settings_(std::move(settings)),
      transport_(std::move(transport)),
      reader_(*transport_),
      channels_(channel_table()) {
    if (!settings_.calibrate) {
        volts_ = settings_.voltage_range;
        amps_ = settings_.current_range;
    }
}

bool PaDevice::is_tcp() const {
    return std::holds_alternative<transport::TcpEndpoint>(settings_.endpoint);
}

void PaDevice::request_ranging(api::RangingStep step) {
    ranging_pending_.store(true);
    ranging_request_.store(static_cast<int>(step));
}

std::optional<api::DeviceError> PaDevice::send(const std::string& line, Deadline deadline) {
    const std::string bytes = line + "\n";
    return transport_->write(std::span<const std::uint8_t>(
                                 reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()),
                             deadline);
}

std::variant<Reply, api::DeviceError> PaDevice::configure(const std::string& command) {
    const auto gap = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(settings_.command_gap));
    if (last_config_ != Clock::time_point{}) {
        std::this_thread::sleep_until(last_config_ + gap);
    }
    reader_.reset();
    last_config_ = Clock::now();
    if (auto e = send(command, last_config_ + answer_timeout)) {
        return *e;
    }
    // Over serial no answer is documented (UNCONFIRMED): the pause is all that is waited.
    const auto wait = is_tcp() ? std::max<Clock::duration>(gap, tcp_ack_timeout)
                               : std::max<Clock::duration>(gap, 20ms);
    const auto deadline = last_config_ + wait;
    for (;;) {
        auto frame = reader_.read_frame(scan_line, deadline);
        if (auto* e = std::get_if<api::DeviceError>(&frame)) {
            if (e->kind == api::ErrorKind::link_lost) {
                return *e;
            }
            return Reply::done;
        }
        const auto& bytes = std::get<std::vector<std::uint8_t>>(frame);
        const auto reply = classify_reply(std::string(bytes.begin(), bytes.end() - 1));
        if (reply != Reply::other) {
            return reply;
        }
    }
}

std::optional<std::string> PaDevice::query(const std::string& command, Deadline deadline,
                                           std::optional<api::DeviceError>* error) {
    reader_.reset();
    if (auto e = send(command, deadline)) {
        if (error) {
            *error = e;
        }
        return std::nullopt;
    }
    for (;;) {
        auto frame = reader_.read_frame(scan_line, deadline);
        if (auto* e = std::get_if<api::DeviceError>(&frame)) {
            if (error) {
                *error = *e;
            }
            return std::nullopt;
        }
        const auto& bytes = std::get<std::vector<std::uint8_t>>(frame);
        std::string line(bytes.begin(), bytes.end() - 1);
        const auto reply = classify_reply(line);
        if (reply == Reply::refused) {
            return std::nullopt;
        }
        if (reply == Reply::other) {
            return line;
        }
    }
}

std::optional<api::DeviceError> PaDevice::open() {
    if (auto e = transport_->open()) {
        return e;
    }
    reader_.reset();
    last_config_ = {};
    auto fail = [this](api::DeviceError e) {
        if (e.kind == api::ErrorKind::timeout || e.kind == api::ErrorKind::link_lost) {
            e.kind = api::ErrorKind::unreachable;
        }
        transport_->close();
        return e;
    };
    const auto deadline = Clock::now() + answer_timeout;
    std::optional<api::DeviceError> link;
    std::string last;
    if (auto e = send("*IDN?", deadline)) {
        return fail(*e);
    }
    for (;;) {
        auto frame = reader_.read_frame(scan_line, deadline);
        if (auto* e = std::get_if<api::DeviceError>(&frame)) {
            if (e->kind == api::ErrorKind::timeout &&
                std::count(last.begin(), last.end(), ',') >= 2) {
                return fail({api::ErrorKind::config, transport_->name() + ": '" + printable(last) +
                                                         "' is not a Tektronix PA"});
            }
            return fail({e->kind, e->message + " (waiting for *IDN?)"});
        }
        const auto& bytes = std::get<std::vector<std::uint8_t>>(frame);
        std::string line(bytes.begin(), bytes.end() - 1);
        if (line.empty()) {
            continue;
        }
        if (auto id = parse_identity(line)) {
            identity_ = *id;
            break;
        }
        last = line;
    }
    if (identity_.model != settings_.model->idn_model) {
        std::string other;
        for (const auto& m : models()) {
            if (m.idn_model == identity_.model) {
                other = "; use driver " + std::string(m.driver);
            }
        }
        transport_->close();
        return api::DeviceError{api::ErrorKind::config,
                                transport_->name() + ": the meter is a " + identity_.model + other};
    }

    auto warn = [this](std::string message) {
        notices_.push_back({true, std::move(message), "", {}});
    };
    selected_.clear();
    for (const auto& c : select_commands({})) {
        auto r = configure(c);
        if (auto* e = std::get_if<api::DeviceError>(&r)) {
            return fail(*e);
        }
        if (std::get<Reply>(r) == Reply::refused) {
            return fail({api::ErrorKind::config, transport_->name() + ": the meter refused " + c});
        }
    }
    for (Item item :
         {Item::vlt, Item::amp, Item::wat, Item::vas, Item::var, Item::pwf, Item::frq, Item::whr}) {
        const std::string c = ":SEL:" + std::string(mnemonic(item));
        auto r = configure(c);
        if (auto* e = std::get_if<api::DeviceError>(&r)) {
            return fail(*e);
        }
        if (std::get<Reply>(r) == Reply::refused) {
            warn("the meter refused " + c + "; its channel stays unavailable");
        } else {
            selected_.push_back(item);
        }
    }
    auto dse = configure(":DSE 2");
    if (auto* e = std::get_if<api::DeviceError>(&dse)) {
        return fail(*e);
    }
    handshake_ = std::get<Reply>(dse) != Reply::refused;
    if (auto e = set_ranges(true)) {
        transport_->close();
        return e;
    }
    integrating_ = false;
    if (settings_.integrate) {
        integrating_ = true;
        for (const auto& c : integrator_commands()) {
            auto r = configure(c);
            if (auto* e = std::get_if<api::DeviceError>(&r)) {
                return fail(*e);
            }
            if (std::get<Reply>(r) == Reply::refused) {
                warn("the meter refused " + c +
                     " (the PM1000+ integrator commands are UNCONFIRMED on this model); energy "
                     "stays unavailable");
                integrating_ = false;
                break;
            }
        }
    }
    learn_order(Clock::now() + optional_answer_timeout);
    volts_in_use_.reset();
    amps_in_use_.reset();
    read_back_ranges(Clock::now() + answer_timeout, nullptr);
    const auto& m = *settings_.model;
    auto mismatch = [&](const RangeCode& asked, const std::optional<double>& got,
                        std::span<const double> table, const char* what, const char* unit) {
        if (asked && got && table[static_cast<std::size_t>(*asked - 1)] != *got) {
            warn(std::string("the meter reports its ") + what + " range as " + shown(*got, unit) +
                 ", not the " + shown(table[static_cast<std::size_t>(*asked - 1)], unit) +
                 " asked for");
        }
    };
    mismatch(volts_, volts_in_use_, m.voltage_ranges, "voltage", "V");
    mismatch(amps_, amps_in_use_, m.current_ranges, "current", "A");
    notices_.push_back(settings_notice());
    return std::nullopt;
}

std::optional<api::DeviceError> PaDevice::set_ranges(bool at_open) {
    for (const bool v : {true, false}) {
        const auto& code = v ? volts_ : amps_;
        const std::string c = range_command(v, code);
        auto r = configure(c);
        if (auto* e = std::get_if<api::DeviceError>(&r)) {
            return *e;
        }
        if (std::get<Reply>(r) == Reply::refused) {
            if (code) {
                return api::DeviceError{api::ErrorKind::config,
                                        transport_->name() + ": the meter refused " + c};
            }
            if (at_open) {
                notices_.push_back({true, "the meter refused " + c, "", {}});
            }
        }
    }
    return std::nullopt;
}

void PaDevice::learn_order(Deadline deadline) {
    order_.clear();
    labelled_ = false;
    auto line = query(":FRF?", deadline);
    if (line) {
        auto labels = parse_labels(*line);
        if (labels && labels->size() == selected_.size() &&
            std::all_of(labels->begin(), labels->end(), [&](Item i) {
                return std::find(selected_.begin(), selected_.end(), i) != selected_.end();
            })) {
            order_ = *labels;
            labelled_ = true;
            return;
        }
    }
    for (Item i : display_order()) {
        if (std::find(selected_.begin(), selected_.end(), i) != selected_.end()) {
            order_.push_back(i);
        }
    }
}

void PaDevice::read_back_ranges(Deadline deadline, api::PollResult* result) {
    const auto& m = *settings_.model;
    std::string changes;
    for (const bool v : {true, false}) {
        std::optional<double> now;
        if (auto line = query(range_query(v), deadline)) {
            now = parse_range(*line, v ? m.voltage_ranges : m.current_ranges);
        }
        auto& before = v ? volts_in_use_ : amps_in_use_;
        const char* unit = v ? "V" : "A";
        if (before && now && *before != *now) {
            changes += std::string(changes.empty() ? "" : ", ") + (v ? "voltage" : "current") +
                       " range " + shown(*before, unit) + " → " + shown(*now, unit);
        }
        before = now ? now : before;
    }
    if (result && !changes.empty()) {
        auto n = settings_notice();
        n.message = "auto-ranging changed the " + changes;
        n.phase_flag = "range_change";
        result->notices.push_back(std::move(n));
    }
}

api::Notice PaDevice::settings_notice() const {
    const auto& m = *settings_.model;
    auto range = [](const RangeCode& c, std::span<const double> table) {
        return c ? api::OptionValue(table[static_cast<std::size_t>(*c - 1)])
                 : api::OptionValue(std::string("auto"));
    };
    api::Notice n;
    n.settings["ranging"] =
        std::string(settings_.calibrate ? "calibrate" : (any_auto() ? "auto" : "fixed"));
    n.settings["voltage_range"] = range(volts_, m.voltage_ranges);
    n.settings["current_range"] = range(amps_, m.current_ranges);
    if (volts_in_use_) {
        n.settings["voltage_range_in_use"] = *volts_in_use_;
    }
    if (amps_in_use_) {
        n.settings["current_range_in_use"] = *amps_in_use_;
    }
    n.settings["integrate"] = integrating_;
    n.settings["sync"] = std::string(handshake_ ? "new data (:DSE 2/:DSR?)" : "poll");
    n.settings["value_order"] = std::string(labelled_ ? ":FRF? labels" : "display order");
    n.settings["command_gap_s"] = settings_.command_gap;
    return n;
}

bool PaDevice::wait_for_new_data(Deadline deadline) {
    if (!handshake_) {
        return true;
    }
    // Leave a third of the budget for :FRD? itself; the meter updates every 0.5 s, so at 1 Hz
    // the first :DSR? normally finds new data.
    const auto soft = Clock::now() + (deadline - Clock::now()) * 2 / 3;
    for (;;) {
        std::optional<api::DeviceError> e;
        std::optional<bool> fresh;
        reader_.reset();
        if (send(":DSR?", deadline)) {
            return false;
        }
        for (;;) {
            auto frame = reader_.read_frame(scan_line, deadline);
            if (std::holds_alternative<api::DeviceError>(frame)) {
                return false;
            }
            const auto& bytes = std::get<std::vector<std::uint8_t>>(frame);
            fresh = parse_new_data(std::string(bytes.begin(), bytes.end() - 1));
            if (fresh) {
                break;
            }
        }
        if (*fresh || Clock::now() + 25ms >= soft) {
            return true;
        }
        std::this_thread::sleep_for(20ms);
    }
}

std::optional<api::DeviceError> PaDevice::carry_out_ranging(api::PollResult& result) {
    const int step = ranging_request_.exchange(-1);
    if (step < 0) {
        return std::nullopt;
    }
    const auto& m = *settings_.model;
    if (step == static_cast<int>(api::RangingStep::observe)) {
        volts_.reset();
        amps_.reset();
        observing_ = true;
        max_volts_ = max_amps_ = 0.0;
    } else {
        if (observing_ && max_volts_ > 0.0) {
            volts_ = code_at_least(m.voltage_ranges, max_volts_);
            amps_ = code_at_least(m.current_ranges, 1.1 * max_amps_);
            result.notices.push_back(
                {false,
                 "ranges fixed by the MLPerf rule from the warm-up's maxima (" +
                     shown(max_volts_, "V") + ", " + shown(max_amps_, "A") + "): voltage range " +
                     shown(m.voltage_ranges[static_cast<std::size_t>(*volts_ - 1)], "V") +
                     ", current range " +
                     shown(m.current_ranges[static_cast<std::size_t>(*amps_ - 1)], "A"),
                 "",
                 {}});
        } else {
            result.notices.push_back({true,
                                      "no voltage and current readings in the warm-up to "
                                      "range from; the ranges stay on auto",
                                      "",
                                      {}});
        }
        observing_ = false;
    }
    if (auto e = set_ranges(false)) {
        int none = -1;
        ranging_request_.compare_exchange_strong(none, step);
        return e;
    }
    read_back_ranges(Clock::now() + answer_timeout, nullptr);
    result.notices.push_back(settings_notice());
    ranging_pending_.store(ranging_request_.load() >= 0);
    return std::nullopt;
}

api::PollResult PaDevice::poll(Clock::time_point deadline) {
    api::PollResult result;
    result.notices = std::move(notices_);
    notices_.clear();
    if (!transport_->is_open()) {
        result.error = api::DeviceError{api::ErrorKind::link_lost, "not open"};
        return result;
    }
    if (auto e = carry_out_ranging(result)) {
        result.error = e;
        return result;
    }
    deadline = std::min(deadline, Clock::now() + answer_timeout);
    wait_for_new_data(deadline);
    reader_.reset();
    if (auto e = send(":FRD?", deadline)) {
        result.error = e;
        return result;
    }
    std::optional<std::string> garbage;
    std::vector<Value> values;
    for (;;) {
        auto frame = reader_.read_frame(scan_line, deadline);
        if (auto* e = std::get_if<api::DeviceError>(&frame)) {
            result.error = garbage && e->kind == api::ErrorKind::timeout
                               ? api::DeviceError{api::ErrorKind::protocol,
                                                  transport_->name() + ": " + printable(*garbage)}
                               : *e;
            return result;
        }
        const auto& bytes = std::get<std::vector<std::uint8_t>>(frame);
        const std::string line(bytes.begin(), bytes.end() - 1);
        if (line.empty()) {
            continue;
        }
        auto parsed = parse_values(line, order_.size());
        if (auto* v = std::get_if<std::vector<Value>>(&parsed)) {
            values = std::move(*v);
            break;
        }
        garbage = std::get<std::string>(parsed);
    }
    result.readings.resize(channel_count);
    for (std::size_t c = 0; c < channel_count; ++c) {
        result.readings[c] = {c, 0.0, api::Status::unavailable, ""};
    }
    for (std::size_t i = 0; i < order_.size(); ++i) {
        const auto c = channel_of(order_[i]);
        if (c == energy && !integrating_) {
            continue;
        }
        result.readings[c].status = values[i].status;
        result.readings[c].value = values[i].status == api::Status::ok ? values[i].value : 0.0;
    }
    if (observing_) {
        const auto& v = result.readings[voltage];
        const auto& a = result.readings[current];
        if (v.status == api::Status::ok && a.status == api::Status::ok) {
            max_volts_ = std::max(max_volts_, v.value);
            max_amps_ = std::max(max_amps_, a.value);
        }
    }
    if (any_auto()) {
        read_back_ranges(deadline, &result);
    }
    return result;
}

void PaDevice::close() {
    if (transport_ && transport_->is_open()) {
        transport_->close();
    }
}

}  // namespace wattbench::drivers::tektronix
