#include "drivers/scpi_analyzer/analyzer_device.hpp"

#include <algorithm>
#include <cmath>
#include <thread>

#include "drivers/scpi_analyzer/analyzer_timing.hpp"

namespace wattbench::drivers::scpi_analyzer {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

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
      ranges_(settings_.calibrate, settings_.voltage_range, settings_.current_range),
      range_elements_(range_elements(plan_)),
      element_ranges_(2 * range_elements_.size()) {
    for (std::size_t i = 0; i < plan_.slots.size(); ++i) {
        answered_index_.push_back(i);
    }
}

bool AnalyzerDevice::can_set_ranges() const {
    return (dialect_.range_commands || dialect_.element_range_commands) &&
           (!model_.voltage_ranges.empty() || model_.voltage_limits || model_.current_limits);
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
    auto fail = [this](api::DeviceError e) {
        transport_->close();
        return api::failed_open(std::move(e));
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

bool AnalyzerDevice::stalled() const {
    const auto margin = dialect_.quirks.stall_after;
    if (margin.count() == 0) {
        return true;
    }
    const std::chrono::duration<double> cycle(settings_.update_interval.value_or(0.5));
    return Clock::now() - last_answer_at_ >
           margin + std::chrono::duration_cast<Clock::duration>(4 * cycle);
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
