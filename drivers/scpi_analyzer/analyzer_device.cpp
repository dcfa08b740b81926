#include "drivers/scpi_analyzer/analyzer_device.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <thread>

namespace wattbench::drivers::scpi_analyzer {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

// Analyzers answer within a few hundred ms; set-up commands may take longer.
constexpr auto answer_timeout = 2s;
// Read-backs some firmware may not know must not hold up open for long.
constexpr auto optional_answer_timeout = 500ms;

std::string shown(double v, const char* unit) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%g %s", v, unit);
    return buf;
}

api::OptionValue range_value(const Range& r) {
    return r ? api::OptionValue(*r) : api::OptionValue(std::string("auto"));
}

bool is_query(const std::string& command) {
    return command.find('?') != std::string::npos;
}

}  // namespace

AnalyzerDevice::AnalyzerDevice(const Model& model, Settings settings,
                               std::unique_ptr<transport::Transport> transport)
    : model_(model),
      dialect_(*model.dialect),
      settings_(std::move(settings)),
      transport_(std::move(transport)),
      reader_(*transport_),
      plan_(make_plan(model_, settings_)),
      answered_(plan_),
      read_query_(read_query(dialect_, plan_, false, settings_.read_mode)),
      range_elements_(range_elements(plan_)),
      element_ranges_(2 * range_elements_.size()) {
    for (std::size_t i = 0; i < plan_.slots.size(); ++i) {
        answered_index_.push_back(i);
    }
    if (!settings_.calibrate) {
        volts_ = settings_.voltage_range;
        amps_ = settings_.current_range;
    }
}

bool AnalyzerDevice::can_set_ranges() const {
    return (dialect_.range_commands || dialect_.element_range_commands) &&
           (!model_.voltage_ranges.empty() || model_.voltage_limits || model_.current_limits);
}

void AnalyzerDevice::request_ranging(api::RangingStep step) {
    ranging_pending_.store(true);
    ranging_request_.store(static_cast<int>(step));
}

std::optional<api::DeviceError> AnalyzerDevice::send(const std::string& text, Deadline deadline) {
    std::string line = with_channel(dialect_, text, settings_.channel) + dialect_.write_terminator;
    return transport_->write(std::span<const std::uint8_t>(
                                 reinterpret_cast<const std::uint8_t*>(line.data()), line.size()),
                             deadline);
}

std::chrono::milliseconds AnalyzerDevice::command_gap() const {
    if (settings_.command_gap) {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::duration<double>(*settings_.command_gap));
    }
    return dialect_.quirks.command_gap;
}

std::optional<api::DeviceError> AnalyzerDevice::command(const std::string& text, Deadline deadline,
                                                        bool sync, bool* refused) {
    const auto& q = dialect_.quirks;
    const bool synced = sync && !q.sync_suffix.empty() && !is_query(text);
    const bool answered = !synced && q.answers_every_message && !is_query(text);
    if (answered) {
        // A late answer to the previous command must not be taken for this one's.
        reader_.reset();
    }
    const auto sent = Clock::now();
    if (auto e = send(synced ? text + q.sync_suffix : text, deadline)) {
        return e;
    }
    if (synced) {
        // `1` once carried out; a stale line (a streamed answer) before it is skipped.
        const auto wait = std::min(deadline, sent + q.answer_wait);
        for (;;) {
            auto line = read_line(wait);
            if (auto* e = std::get_if<api::DeviceError>(&line)) {
                if (e->kind == api::ErrorKind::link_lost) {
                    return *e;
                }
                break;
            }
            if (trim(std::get<std::string>(line)) == "1") {
                break;
            }
        }
    } else if (answered) {
        auto limit = q.answer_wait;
        if (q.answers_only_on_tcp &&
            !std::holds_alternative<transport::TcpEndpoint>(settings_.endpoint)) {
            limit = std::max<std::chrono::milliseconds>(command_gap(), 20ms);
        }
        auto line = reader_.read_frame(scan_reply_line, std::min(deadline, sent + limit));
        if (auto* e = std::get_if<api::DeviceError>(&line);
            e && e->kind == api::ErrorKind::link_lost) {
            return *e;
        }
        // Without a refusal rule only the answer's arrival matters, empty or not.
        if (auto* bytes = std::get_if<std::vector<std::uint8_t>>(&line);
            bytes && refused && q.refused) {
            *refused = q.refused(
                std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
        }
    }
    if (const auto gap = command_gap(); gap.count() > 0) {
        std::this_thread::sleep_until(sent + gap);
    }
    return std::nullopt;
}

std::optional<api::DeviceError> AnalyzerDevice::command_or_warn(const std::string& text,
                                                                Deadline deadline,
                                                                const std::string& consequence,
                                                                bool& refused, bool sync) {
    refused = false;
    if (auto e = command(text, deadline, sync, &refused)) {
        return e;
    }
    if (refused) {
        notices_.push_back({true, "the meter refused " + text + consequence, "", {}});
    }
    return std::nullopt;
}

std::optional<api::DeviceError> AnalyzerDevice::commands(const std::vector<std::string>& list,
                                                         Deadline deadline) {
    for (const auto& c : list) {
        bool refused = false;
        if (auto e = command_or_warn(c, deadline, "", refused)) {
            return e;
        }
    }
    return std::nullopt;
}

std::optional<api::DeviceError> AnalyzerDevice::select(Deadline deadline) {
    if (auto e = commands(select_commands(dialect_, plan_), deadline)) {
        return e;
    }
    answered_ = Plan{};
    answered_index_.clear();
    const bool skip_energy = !settings_.integrate && dialect_.quirks.energy_needs_integrator;
    for (std::size_t i = 0; i < plan_.slots.size(); ++i) {
        if (skip_energy && plan_.slots[i].item == Item::energy) {
            continue;
        }
        bool refused = false;
        if (dialect_.select_item) {
            if (auto e = command_or_warn(
                    dialect_.select_item(plan_.spellings[i]), deadline,
                    "; its channel " + plan_.channels[i].name + " stays unavailable", refused)) {
                return e;
            }
        }
        if (!refused) {
            answered_.channels.push_back(plan_.channels[i]);
            answered_.slots.push_back(plan_.slots[i]);
            answered_.spellings.push_back(plan_.spellings[i]);
            answered_index_.push_back(i);
        }
    }
    if (skip_energy) {
        read_query_ = read_query(dialect_, answered_, false, settings_.read_mode);
    }
    ready_refused_ = false;
    for (const auto& c : dialect_.ready_setup) {
        bool refused = false;
        if (auto e = command_or_warn(c, deadline, "; polls go without the new-data handshake",
                                     refused)) {
            return e;
        }
        ready_refused_ = ready_refused_ || refused;
    }
    return std::nullopt;
}

std::optional<api::DeviceError> AnalyzerDevice::set_ranges(Deadline deadline) {
    for (const auto& c : range_commands(model_, volts_, amps_, range_elements_)) {
        bool refused = false;
        if (auto e = command(c, deadline, true, &refused)) {
            return e;
        }
        if (!refused) {
            continue;
        }
        // A review must not run on another range than the one the profile fixed.
        if (volts_ || amps_) {
            return api::DeviceError{api::ErrorKind::config,
                                    transport_->name() + ": the meter refused " + c};
        }
        notices_.push_back({true, "the meter refused " + c, "", {}});
    }
    return std::nullopt;
}

std::variant<std::string, api::DeviceError> AnalyzerDevice::read_line(Deadline deadline) {
    for (;;) {
        auto frame = reader_.read_frame(scan_reply_line, deadline);
        if (auto* e = std::get_if<api::DeviceError>(&frame)) {
            return *e;
        }
        const auto& bytes = std::get<std::vector<std::uint8_t>>(frame);
        std::string line(bytes.begin(), bytes.end());
        while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) {
            line.pop_back();
        }
        if (trim(line).empty()) {
            continue;
        }
        if (dialect_.quirks.confirmation_codes) {
            // Codes are zero-padded item numbers; a range answer (`300`) never starts with 0.
            if (auto code = confirmation_code(line); code && trim(line).front() == '0') {
                if (*code != 0) {
                    notices_.push_back({true,
                                        "the meter refused item " + std::to_string(*code) +
                                            " of a command (confirmation code " +
                                            std::string(trim(line)) + ")",
                                        "",
                                        {}});
                }
                continue;
            }
        }
        return line;
    }
}

std::optional<std::string> AnalyzerDevice::query(const std::string& text, Deadline deadline,
                                                 std::optional<api::DeviceError>* link_error) {
    if (auto e = send(text, deadline)) {
        if (link_error) {
            *link_error = e;
        }
        return std::nullopt;
    }
    auto line = read_line(deadline);
    if (auto* e = std::get_if<api::DeviceError>(&line)) {
        if (link_error && e->kind == api::ErrorKind::link_lost) {
            *link_error = *e;
        }
        return std::nullopt;
    }
    return std::get<std::string>(line);
}

std::optional<api::DeviceError> AnalyzerDevice::open() {
    if (auto e = transport_->open()) {
        return e;
    }
    reader_.reset();
    // A write that cannot complete or a meter that never answers means nothing usable is
    // there: unreachable, so the sampler keeps retrying with backoff.
    auto fail = [this](api::DeviceError e) {
        if (e.kind == api::ErrorKind::timeout || e.kind == api::ErrorKind::link_lost) {
            e.kind = api::ErrorKind::unreachable;
        }
        transport_->close();
        return e;
    };
    auto deadline = Clock::now() + answer_timeout;
    for (const auto& c : dialect_.greeting) {
        if (auto e = command(c, deadline, false)) {
            return fail(*e);
        }
    }
    // The greeting may draw error lines from a meter that had a half-read command.
    std::this_thread::sleep_for(50ms);
    reader_.reset();
    if (auto e = send(dialect_.identity_query, deadline)) {
        return fail(*e);
    }
    std::string asked = dialect_.identity_query;
    auto until = dialect_.identity_fallback.empty()
                     ? deadline
                     : std::min(deadline, Clock::now() + answer_timeout / 2);
    std::string last;
    for (;;) {
        auto line = read_line(until);
        if (auto* e = std::get_if<api::DeviceError>(&line)) {
            if (e->kind == api::ErrorKind::timeout && until < deadline) {
                // Silence or noise only: the other identity query may draw the answer.
                until = deadline;
                asked += " or " + dialect_.identity_fallback;
                reader_.reset();
                if (auto sent = send(dialect_.identity_fallback, deadline)) {
                    return fail(*sent);
                }
                continue;
            }
            if (!last.empty() && e->kind == api::ErrorKind::timeout) {
                return fail({api::ErrorKind::protocol, transport_->name() + ": '" +
                                                           last.substr(0, 80) + "' is not a " +
                                                           dialect_.family + " identity"});
            }
            return fail({e->kind, e->message + " (waiting for " + asked + ")"});
        }
        last = std::get<std::string>(line);
        if (auto id = parse_identity(dialect_, last)) {
            identity_ = *id;
            break;
        }
    }
    if (!model_matches(model_, identity_)) {
        // Another model of the family will never become this one: no retrying.
        transport_->close();
        return api::DeviceError{
            api::ErrorKind::config,
            transport_->name() + ": the instrument is a " + identity_.vendor + " " +
                identity_.model + ", not a " + model_.description + " (driver " + model_.driver +
                ")" +
                (dialect_.wrong_model_hint ? dialect_.wrong_model_hint(identity_) : std::string())};
    }
    if (dialect_.elements_of) {
        int highest = 0;
        for (const auto& slot : plan_.slots) {
            highest = std::max(highest, slot.element);
        }
        if (auto n = dialect_.elements_of(identity_); n && *n < highest) {
            transport_->close();
            return api::DeviceError{api::ErrorKind::config,
                                    transport_->name() + ": the " + identity_.model + " has " +
                                        std::to_string(*n) + " element(s); element " +
                                        std::to_string(highest) + " cannot be read"};
        }
    }
    if (auto e = set_up(Clock::now() + answer_timeout)) {
        return fail(*e);
    }
    return std::nullopt;
}

void AnalyzerDevice::learn_order(Deadline deadline) {
    order_.clear();
    if (!dialect_.order_query.empty() && dialect_.parse_order) {
        reader_.reset();
        if (auto line = query(dialect_.order_query, deadline)) {
            if (auto o = dialect_.parse_order(*line, answered_.spellings);
                o && valid_order(*o, answered_.slots.size())) {
                order_ = std::move(*o);
                return;
            }
            notices_.push_back({true,
                                "the answer order '" + line->substr(0, 80) +
                                    "' does not name every item; assuming the default order",
                                "",
                                {}});
        }
    }
    if (dialect_.answer_order) {
        auto o = dialect_.answer_order(answered_.spellings);
        if (valid_order(o, answered_.slots.size())) {
            order_ = std::move(o);
        }
    }
}

std::optional<api::DeviceError> AnalyzerDevice::wait_ready(Deadline deadline) {
    if (dialect_.ready_query.empty() || !dialect_.ready || ready_refused_) {
        return std::nullopt;
    }
    for (;;) {
        std::optional<api::DeviceError> link;
        auto line = query(dialect_.ready_query, deadline, &link);
        if (link) {
            return link;
        }
        if (line && dialect_.ready(*line)) {
            return std::nullopt;
        }
        if (Clock::now() >= deadline) {
            return api::DeviceError{api::ErrorKind::timeout,
                                    transport_->name() + ": no new data before the deadline"};
        }
        std::this_thread::sleep_for(20ms);
    }
}

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
    volts_in_use_.reset();
    amps_in_use_.reset();
    std::fill(element_ranges_.begin(), element_ranges_.end(), std::nullopt);
    read_back_ranges(Clock::now() + answer_timeout, nullptr);
    auto mismatch = [&](const Range& asked, const std::optional<double>& got, std::string what,
                        const char* unit) {
        if (asked && got && std::abs(*asked - *got) > 1e-9 * *asked) {
            notices_.push_back({true,
                                "the meter reports its " + what + " range as " + shown(*got, unit) +
                                    ", not the " + shown(*asked, unit) + " asked for",
                                "",
                                {}});
        }
    };
    if (dialect_.element_range_queries) {
        for (std::size_t k = 0; k < range_elements_.size(); ++k) {
            const std::string el = "element " + std::to_string(range_elements_[k]) + " ";
            mismatch(volts_, element_ranges_[2 * k], el + "voltage", "V");
            mismatch(amps_, element_ranges_[2 * k + 1], el + "current", "A");
        }
    } else {
        mismatch(volts_, volts_in_use_, "voltage", "V");
        mismatch(amps_, amps_in_use_, "current", "A");
    }
    if (dialect_.quirks.streaming) {
        stream_ranges_ =
            dialect_.quirks.stream_ranges && any_auto() && dialect_.range_queries.size() == 2;
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

void AnalyzerDevice::read_back_element_ranges(Deadline deadline, api::PollResult* result) {
    std::string changes;
    for (std::size_t k = 0; k < range_elements_.size(); ++k) {
        const auto queries = dialect_.element_range_queries(range_elements_[k]);
        for (std::size_t i = 0; i < 2 && i < queries.size(); ++i) {
            const bool volts = i == 0;
            std::optional<double> now;
            for (auto line = query(queries[i], deadline); line && !now;) {
                now = parse_range_answer(model_, volts, *line);
                if (!now) {
                    auto next = read_line(deadline);
                    line = std::holds_alternative<std::string>(next)
                               ? std::optional<std::string>(std::get<std::string>(next))
                               : std::nullopt;
                }
            }
            auto& before = element_ranges_[2 * k + i];
            const char* unit = volts ? "V" : "A";
            if (before && now && *before != *now) {
                changes += std::string(changes.empty() ? "" : ", ") + "element " +
                           std::to_string(range_elements_[k]) + (volts ? " voltage" : " current") +
                           " range " + shown(*before, unit) + " → " + shown(*now, unit);
            }
            before = now ? now : before;
        }
    }
    if (!range_elements_.empty() && range_elements_.front() == 1) {
        volts_in_use_ = element_ranges_[0];
        amps_in_use_ = element_ranges_[1];
    }
    if (result && !changes.empty()) {
        auto n = settings_notice();
        n.warning = true;
        n.message = "auto-ranging changed the " + changes;
        n.phase_flag = "range_change";
        result->notices.push_back(std::move(n));
    }
}

void AnalyzerDevice::read_back_ranges(Deadline deadline, api::PollResult* result) {
    if (dialect_.element_range_queries) {
        read_back_element_ranges(deadline, result);
        return;
    }
    if (dialect_.range_queries.size() < 2) {
        return;
    }
    auto read = [&](bool volts) -> std::optional<double> {
        auto line = query(dialect_.range_queries[volts ? 0 : 1], deadline);
        while (line) {
            if (auto v = parse_range_answer(model_, volts, *line)) {
                return v;
            }
            auto next = read_line(deadline);
            line = std::holds_alternative<std::string>(next)
                       ? std::optional<std::string>(std::get<std::string>(next))
                       : std::nullopt;
        }
        return std::nullopt;
    };
    const auto v = read(true);
    const auto a = read(false);
    note_ranges(v, a, result);
}

void AnalyzerDevice::note_ranges(const std::optional<double>& v, const std::optional<double>& a,
                                 api::PollResult* result) {
    std::string changes;
    auto note = [&](const std::optional<double>& before, const std::optional<double>& now,
                    const char* what, const char* unit) {
        if (before && now && *before != *now) {
            changes += std::string(changes.empty() ? "" : ", ") + what + " range " +
                       shown(*before, unit) + " → " + shown(*now, unit);
        }
    };
    note(volts_in_use_, v, "voltage", "V");
    note(amps_in_use_, a, "current", "A");
    volts_in_use_ = v ? v : volts_in_use_;
    amps_in_use_ = a ? a : amps_in_use_;
    if (result && !changes.empty()) {
        auto n = settings_notice();
        n.message = "auto-ranging changed the " + changes;
        n.phase_flag = "range_change";
        result->notices.push_back(std::move(n));
    }
}

api::Notice AnalyzerDevice::settings_notice() const {
    api::Notice n;
    n.settings["ranging"] =
        std::string(settings_.calibrate ? "calibrate" : (any_auto() ? "auto" : "fixed"));
    n.settings["voltage_range"] = range_value(volts_);
    n.settings["current_range"] = range_value(amps_);
    if (volts_in_use_) {
        n.settings["voltage_range_in_use"] = *volts_in_use_;
    }
    if (amps_in_use_) {
        n.settings["current_range_in_use"] = *amps_in_use_;
    }
    for (std::size_t k = 0; k < range_elements_.size(); ++k) {
        if (range_elements_[k] == 1) {
            continue;  // element 1's are the unsuffixed keys above
        }
        const std::string el = "_" + std::to_string(range_elements_[k]);
        if (element_ranges_[2 * k]) {
            n.settings["voltage_range_in_use" + el] = *element_ranges_[2 * k];
        }
        if (element_ranges_[2 * k + 1]) {
            n.settings["current_range_in_use" + el] = *element_ranges_[2 * k + 1];
        }
    }
    if (!settings_.elements.empty()) {
        std::string list;
        for (int e : settings_.elements) {
            list += (list.empty() ? "" : ",") + (e == sigma ? "sigma" : std::to_string(e));
        }
        n.settings["elements"] = list;
    }
    if (settings_.update_interval) {
        n.settings["update_interval_s"] = *settings_.update_interval;
    }
    if (model_.channels > 0) {
        n.settings["channel"] = static_cast<std::int64_t>(settings_.channel);
    }
    if (!dialect_.read_modes.empty()) {
        n.settings["read"] =
            dialect_.read_modes[std::min(settings_.read_mode, dialect_.read_modes.size() - 1)].name;
    }
    n.settings["integrate"] = settings_.integrate && !energy_refused_;
    if (const auto gap = command_gap(); gap.count() > 0) {
        n.settings["command_gap_s"] = std::chrono::duration<double>(gap).count();
    }
    if (!integrator_state_.empty()) {
        n.settings["integrator_state"] = integrator_state_;
    }
    if (model_.ptdaemon_device != 0) {
        n.settings["ptdaemon_device"] = static_cast<std::int64_t>(model_.ptdaemon_device);
    }
    return n;
}

std::optional<api::DeviceError> AnalyzerDevice::carry_out_ranging(api::PollResult& result,
                                                                  Deadline deadline) {
    const int step = ranging_request_.exchange(-1);
    if (step < 0) {
        return std::nullopt;
    }
    if (step == static_cast<int>(api::RangingStep::observe)) {
        volts_.reset();
        amps_.reset();
        observing_ = true;
        seen_ = false;
        max_volts_ = max_amps_ = 0.0;
    } else {
        if (observing_ && seen_) {
            const auto r = mlperf_ranges(model_, max_volts_, max_amps_);
            volts_ = r.volts;
            amps_ = r.amps;
            result.notices.push_back(
                {false,
                 "ranges fixed by the MLPerf rule from the warm-up's maxima (" +
                     shown(max_volts_, "V") + ", " + shown(max_amps_, "A") + "): voltage range " +
                     shown(r.volts, "V") + ", current range " + shown(r.amps, "A"),
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
    if (auto e = set_ranges(deadline)) {
        // Not carried out: ask again at the next poll, unless a newer request came meanwhile.
        int none = -1;
        ranging_request_.compare_exchange_strong(none, step);
        return e;
    }
    reader_.reset();
    read_back_ranges(deadline, nullptr);
    result.notices.push_back(settings_notice());
    ranging_pending_.store(ranging_request_.load() >= 0);
    return std::nullopt;
}

api::PollResult AnalyzerDevice::read_values(Deadline deadline, api::PollResult result) {
    std::optional<std::string> garbage;
    std::optional<Answer> newest;
    for (;;) {
        // Streaming: take every answer already here, keep the newest, then stop at once.
        auto line = read_line(newest ? Clock::now() : deadline);
        if (auto* e = std::get_if<api::DeviceError>(&line)) {
            if (newest && e->kind == api::ErrorKind::timeout) {
                break;
            }
            if (!garbage && e->kind == api::ErrorKind::timeout && dialect_.quirks.streaming &&
                dialect_.quirks.stall_is_link_lost && stalled()) {
                // Closed, so that core's reopen arms the stream again.
                transport_->close();
                result.error = api::DeviceError{api::ErrorKind::link_lost,
                                                transport_->name() + ": the value stream stopped"};
                return result;
            }
            if (garbage && e->kind == api::ErrorKind::timeout) {
                result.error = api::DeviceError{api::ErrorKind::protocol,
                                                transport_->name() + ": " + *garbage};
            } else {
                result.error = *e;
            }
            return result;
        }
        auto values =
            parse_answer(dialect_, answered_, std::get<std::string>(line), order_, stream_ranges_);
        if (auto* r = std::get_if<Answer>(&values)) {
            newest = std::move(*r);
            if (!dialect_.quirks.streaming) {
                break;
            }
            continue;
        }
        // Noise on the line: keep listening until the deadline for the real answer.
        garbage = std::get<std::string>(values);
    }
    last_answer_at_ = Clock::now();
    if (stream_ranges_) {
        note_ranges(newest->volts_in_use, newest->amps_in_use, &result);
    }
    result.readings.resize(plan_.slots.size());
    for (std::size_t i = 0; i < result.readings.size(); ++i) {
        result.readings[i] = {i, 0.0, api::Status::unavailable, ""};
    }
    for (std::size_t k = 0; k < newest->readings.size(); ++k) {
        const std::size_t i = answered_index_[k];
        if (energy_refused_ && plan_.slots[i].item == Item::energy) {
            continue;
        }
        result.readings[i] = std::move(newest->readings[k]);
        result.readings[i].channel = i;
    }
    // One notice per flag, however many fields carried it (Chroma: -2 in every field).
    std::vector<std::string> flags;
    for (const auto& flag : newest->phase_flags) {
        if (std::find(flags.begin(), flags.end(), flag) == flags.end()) {
            flags.push_back(flag);
            result.notices.push_back({true, "the meter marked a reading with " + flag, flag, {}});
        }
    }
    return result;
}

bool AnalyzerDevice::stalled() const {
    const auto margin = dialect_.quirks.stall_after;
    if (margin.count() == 0) {
        return true;
    }
    const std::chrono::duration<double> cycle(settings_.update_interval.value_or(0.5));
    return Clock::now() - last_answer_at_ >
           margin + std::chrono::duration_cast<Clock::duration>(4 * cycle);
}

api::PollResult AnalyzerDevice::poll(Clock::time_point deadline) {
    api::PollResult result;
    result.notices = std::move(notices_);
    notices_.clear();
    if (!transport_->is_open()) {
        result.error = api::DeviceError{api::ErrorKind::link_lost, "not open"};
        return result;
    }
    deadline = std::min(deadline, Clock::now() + answer_timeout);
    if (auto e = carry_out_ranging(result, deadline)) {
        result.error = e;
        return result;
    }
    if (!dialect_.quirks.streaming) {
        // A late answer to an earlier query must never be taken for this one.
        reader_.reset();
        if (auto e = commands(dialect_.before_read, deadline)) {
            result.error = e;
            return result;
        }
        if (auto e = wait_ready(deadline)) {
            result.error = e;
            return result;
        }
        if (auto e = send(read_query_, deadline)) {
            result.error = e;
            return result;
        }
    }
    result = read_values(deadline, std::move(result));
    if (result.error) {
        return result;
    }
    if (observing_) {
        for (std::size_t i = 0; i < plan_.slots.size() && i < result.readings.size(); ++i) {
            const auto& r = result.readings[i];
            if (r.status != api::Status::ok || plan_.slots[i].element == sigma) {
                continue;
            }
            if (plan_.slots[i].item == Item::voltage) {
                max_volts_ = std::max(max_volts_, std::fabs(r.value));
                seen_ = true;
            } else if (plan_.slots[i].item == Item::current) {
                max_amps_ = std::max(max_amps_, std::fabs(r.value));
            }
        }
    }
    for (auto& n : notices_) {
        result.notices.push_back(std::move(n));
    }
    notices_.clear();
    if (any_auto() && !dialect_.quirks.streaming) {
        // Auto-ranging may switch at any update: read the ranges back so that a switch inside
        // an averaging window flags it (SPEC forbids auto-ranging there).
        read_back_ranges(deadline, &result);
    }
    return result;
}

void AnalyzerDevice::close() {
    if (transport_ && transport_->is_open()) {
        // Hand the front panel back; best effort, the link may already be gone.
        for (const auto& c : dialect_.closing) {
            send(c, Clock::now() + 200ms);
        }
        transport_->close();
    }
}

}  // namespace wattbench::drivers::scpi_analyzer
