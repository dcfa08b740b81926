#include "drivers/ptdaemon/ptd_device.hpp"

#include <cstdio>

#include "drivers/transport/tcp_transport.hpp"

namespace wattbench::drivers::ptdaemon {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;
using api::Quantity;

// Mark and Reset answers are not in the sources: whatever comes within this is consumed.
constexpr auto mark_answer_wait = 300ms;

std::string shown(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// A phase name as a manifest key part and as a PTD mark (no commas, which split PTD's lines).
std::string key_part(const std::string& phase) {
    std::string k;
    for (char c : phase) {
        const auto u = static_cast<unsigned char>(c);
        k += std::isalnum(u) ? static_cast<char>(std::tolower(u)) : '_';
    }
    return k.empty() ? "_" : k;
}

std::string mark_text(const std::string& phase) {
    std::string m;
    for (char c : phase) {
        m += c == ',' || c == '\r' || c == '\n' ? '_' : c;
    }
    return m;
}

api::ChannelSpec spec(std::string name, Quantity q, const char* unit, bool key) {
    api::ChannelSpec s;
    s.name = std::move(name);
    s.quantity = q;
    s.unit = unit;
    s.key = key;
    return s;
}

void add_quantities(std::vector<api::ChannelSpec>& t, const std::string& suffix, bool key) {
    t.push_back(spec("power" + suffix, Quantity::power, "W", key));
    t.push_back(spec("voltage" + suffix, Quantity::voltage, "V", false));
    t.push_back(spec("current" + suffix, Quantity::current, "A", false));
    t.push_back(spec("power_factor" + suffix, Quantity::power_factor, "1", key));
}

void push_quantities(std::vector<api::Reading>& out, std::size_t first, const Quantities& q,
                     bool any) {
    const std::optional<double>* values[] = {&q.watts, &q.volts, &q.amps, &q.pf};
    for (std::size_t i = 0; i < 4; ++i) {
        api::Reading r;
        r.channel = first + i;
        if (any && *values[i]) {
            r.value = **values[i];
        } else {
            r.status = api::Status::unavailable;
        }
        out.push_back(r);
    }
}

const char* auto_text(int a) {
    return a == 1 ? "on" : a == 0 ? "off" : "unknown";
}

}  // namespace

PtdDevice::PtdDevice(Settings settings)
    : settings_(std::move(settings)),
      transport_(std::make_unique<transport::TcpTransport>(
          transport::TcpEndpoint{settings_.host, settings_.port},
          std::chrono::milliseconds(settings_.timeout_ms))),
      reader_(*transport_),
      ticks_(settings_.interval_ms) {
    add_quantities(channels_, "", true);
    if (settings_.channels) {
        add_channel_specs(*settings_.channels);
    }
    auto_ranging_ = (settings_.voltage_range.given && !settings_.voltage_range.value) ||
                    (settings_.current_range.given && !settings_.current_range.value);
    settings_map_["voltage_range"] = settings_.voltage_range.given
                                         ? api::OptionValue(range_argument(settings_.voltage_range))
                                         : api::OptionValue(std::string("as set in PTDaemon"));
    settings_map_["current_range"] = settings_.current_range.given
                                         ? api::OptionValue(range_argument(settings_.current_range))
                                         : api::OptionValue(std::string("as set in PTDaemon"));
    settings_map_["ptd_interval_ms"] = static_cast<std::int64_t>(settings_.interval_ms);
}

// Per-channel readings exist only on a multichannel analyzer (Ch1, Ch2, … after the sum).
void PtdDevice::add_channel_specs(int analyzer_channels) {
    if (analyzer_channels <= 1 || analyzer_channels <= analyzer_channels_) {
        return;
    }
    for (int c = analyzer_channels_ == 1 ? 1 : analyzer_channels_ + 1; c <= analyzer_channels;
         ++c) {
        add_quantities(channels_, "_" + std::to_string(c), false);
    }
    analyzer_channels_ = analyzer_channels;
}

void PtdDevice::mark_window(api::WindowEdge edge, const std::string& phase) {
    std::lock_guard lock(marks_mutex_);
    marks_.emplace_back(edge, phase);
    marks_pending_.store(true);
}

transport::Deadline PtdDevice::answer_deadline() const {
    return Clock::now() + std::chrono::milliseconds(settings_.timeout_ms);
}

std::optional<api::DeviceError> PtdDevice::send(const std::string& command,
                                                transport::Deadline deadline) {
    const std::string line = encode(command);
    return transport_->write(std::span<const std::uint8_t>(
                                 reinterpret_cast<const std::uint8_t*>(line.data()), line.size()),
                             deadline);
}

template <class... Want>
PtdDevice::Answer PtdDevice::ask(const std::string& command, transport::Deadline deadline) {
    // A late answer to an earlier command must never be taken for this one.
    reader_.reset();
    if (auto e = send(command, deadline)) {
        return *e;
    }
    std::optional<std::string> noise;
    for (;;) {
        auto line = reader_.read_line(deadline);
        if (auto* e = std::get_if<api::DeviceError>(&line)) {
            if (noise && e->kind == api::ErrorKind::timeout) {
                return api::DeviceError{api::ErrorKind::protocol,
                                        transport_->name() + ": unexpected answer to " + command +
                                            ": " + noise->substr(0, 120)};
            }
            return api::DeviceError{e->kind, e->message + " (waiting for " + command + ")"};
        }
        Reply r = parse_reply(std::get<std::string>(line));
        if ((std::holds_alternative<Want>(r) || ...) || std::holds_alternative<ErrorReply>(r)) {
            return r;
        }
        noise = std::get<std::string>(line);
    }
}

std::optional<api::DeviceError> PtdDevice::open() {
    if (auto e = transport_->open()) {
        return e;
    }
    reader_.reset();
    // Nothing that answers Hello like PTD is there: unreachable, so the sampler retries.
    auto fail = [this](api::DeviceError e) {
        transport_->close();
        return api::failed_open(std::move(e));
    };
    auto hello = ask<Hello>("Hello", answer_deadline());
    if (auto* e = std::get_if<api::DeviceError>(&hello)) {
        return fail(*e);
    }
    auto id = ask<Identity>("Identify", answer_deadline());
    if (auto* e = std::get_if<api::DeviceError>(&id)) {
        if (e->kind == api::ErrorKind::link_lost) {
            return fail(*e);
        }
        // Identify's layout is the least certain part of the protocol: measure without it.
        notices_.push_back({true, "PTDaemon's Identify was not understood: " + e->message, "", {}});
    } else if (const auto* i = std::get_if<Identity>(&std::get<Reply>(id))) {
        identity_.vendor = "SPEC PTDaemon";
        identity_.model = i->model;
        identity_.firmware = i->version.empty() ? "" : "PTDaemon " + i->version;
        settings_map_["ptd_model"] = i->model;
        settings_map_["ptd_version"] = i->version;
        if (!i->version_crc.empty()) {
            settings_map_["ptd_version_crc"] = i->version_crc;
        }
        if (!i->version_date.empty()) {
            settings_map_["ptd_version_date"] = i->version_date;
        }
        if (!i->os.empty()) {
            settings_map_["ptd_os"] = i->os;
        }
        if (!i->mode.empty()) {
            settings_map_["ptd_mode"] = i->mode;
        }
        if (i->accepted) {
            settings_map_["ptd_accepted"] = *i->accepted;
            if (!*i->accepted && !logged_errors_.count("not accepted")) {
                logged_errors_.insert("not accepted");
                notices_.push_back({true,
                                    "PTDaemon reports its analyzer (" + i->model +
                                        ") as not accepted by SPEC (Identify's is_accepted = 0)",
                                    "",
                                    {}});
            }
        }
        if (i->channels) {
            settings_map_["ptd_channels"] = static_cast<std::int64_t>(*i->channels);
            if (!settings_.channels) {
                add_channel_specs(*i->channels);
            }
        }
        if (settings_.interval_ms == 0 && i->interval_ms && *i->interval_ms > 0) {
            ticks_.set_interval(*i->interval_ms);
        }
    } else {
        const auto& e = std::get<ErrorReply>(std::get<Reply>(id));
        notices_.push_back({true, "PTDaemon did not identify itself: " + e.text, "", {}});
    }
    set_ranges(answer_deadline());
    if (auto e = read_ranges(answer_deadline(), false, nullptr)) {
        return fail(*e);
    }
    if (auto e = start_measuring(answer_deadline())) {
        return fail(*e);
    }
    if (!window_phase_.empty()) {
        restarted_in_window_ = true;
    }
    notices_.push_back(settings_notice());
    return std::nullopt;
}

void PtdDevice::set_ranges(transport::Deadline deadline) {
    const std::pair<char, const RangeSetting*> asked[] = {{'V', &settings_.voltage_range},
                                                          {'A', &settings_.current_range}};
    for (const auto& [q, r] : asked) {
        if (!r->given) {
            continue;
        }
        const std::string command = std::string("SR,") + q + "," + range_argument(*r);
        auto a = ask<RangeChanged>(command, deadline);
        if (auto* e = std::get_if<api::DeviceError>(&a)) {
            notices_.push_back({true, command + " got no answer: " + e->message, "", {}});
        } else if (auto* err = std::get_if<ErrorReply>(&std::get<Reply>(a))) {
            notices_.push_back({true, "PTDaemon refused " + command + ": " + err->text, "", {}});
        }
    }
}

std::optional<api::DeviceError> PtdDevice::read_ranges(transport::Deadline deadline, bool in_poll,
                                                       api::PollResult* result) {
    auto a = ask<Ranges>("RR", deadline);
    if (auto* e = std::get_if<api::DeviceError>(&a)) {
        return e->kind == api::ErrorKind::link_lost ? std::optional(*e) : std::nullopt;
    }
    const auto* r = std::get_if<Ranges>(&std::get<Reply>(a));
    if (!r || r->channels.empty()) {
        return std::nullopt;
    }
    const auto& sum = r->channels.front();
    const auto before = ranges_in_use_;
    ranges_in_use_ = {sum.volts, sum.amps};
    if (sum.volts) {
        settings_map_["voltage_range_in_use"] = *sum.volts;
    }
    if (sum.amps) {
        settings_map_["current_range_in_use"] = *sum.amps;
    }
    settings_map_["voltage_auto"] = std::string(auto_text(sum.volts_auto));
    settings_map_["current_auto"] = std::string(auto_text(sum.amps_auto));
    auto_ranging_ = auto_ranging_ || sum.volts_auto == 1 || sum.amps_auto == 1;
    if (in_poll && result && before != ranges_in_use_ && before.first && before.second) {
        auto n = settings_notice();
        n.message = "auto-ranging changed PTDaemon's ranges to " +
                    (sum.volts ? shown(*sum.volts) : std::string("?")) + " V, " +
                    (sum.amps ? shown(*sum.amps) : std::string("?")) + " A";
        n.phase_flag = "range_change";
        result->notices.push_back(std::move(n));
    }
    return std::nullopt;
}

// `Go` while PTD still measures for an earlier connection of ours answers `Meter busy`: stop
// that measurement and start again.
std::optional<api::DeviceError> PtdDevice::start_measuring(transport::Deadline deadline) {
    const std::string go = "Go," + std::to_string(settings_.interval_ms) + ",0," + mark_text(mark_);
    for (int attempt = 0; attempt < 2; ++attempt) {
        auto a = ask<Started>(go, deadline);
        if (auto* e = std::get_if<api::DeviceError>(&a)) {
            return *e;
        }
        const auto* err = std::get_if<ErrorReply>(&std::get<Reply>(a));
        if (!err) {
            return std::nullopt;
        }
        if (attempt == 0 && err->code == ErrorCode::busy) {
            ask<Stopped>("Stop", deadline);
            continue;
        }
        return api::DeviceError{api::ErrorKind::protocol,
                                transport_->name() + ": PTDaemon refused " + go + ": " + err->text};
    }
    return std::nullopt;
}

api::Notice PtdDevice::settings_notice() const {
    api::Notice n;
    n.settings = settings_map_;
    return n;
}

void PtdDevice::note_error(api::PollResult& result, const std::string& what, const ErrorReply& e) {
    const std::string message = what + ": " + e.text;
    if (logged_errors_.insert(message).second) {
        result.notices.push_back({true, "PTDaemon answered " + message, "", {}});
    }
}

std::optional<api::DeviceError> PtdDevice::carry_out_marks(api::PollResult& result,
                                                           transport::Deadline deadline) {
    for (;;) {
        std::pair<api::WindowEdge, std::string> m;
        {
            std::lock_guard lock(marks_mutex_);
            if (marks_.empty()) {
                marks_pending_.store(false);
                return std::nullopt;
            }
            m = marks_.front();
        }
        const auto& [edge, phase] = m;
        if (edge == api::WindowEdge::open) {
            mark_ = phase;
            window_phase_ = phase;
            restarted_in_window_ = false;
            reader_.reset();
            if (auto e = send("Mark," + mark_text(phase), deadline)) {
                return e;
            }
            // Mark's answer (if any) is not in the sources: consume what comes promptly.
            const auto line =
                reader_.read_line(std::min(deadline, Clock::now() + mark_answer_wait));
            if (const auto* s = std::get_if<std::string>(&line)) {
                const Reply r = parse_reply(*s);
                if (const auto* err = std::get_if<ErrorReply>(&r)) {
                    note_error(result, "Mark," + mark_text(phase), *err);
                }
            } else if (std::get<api::DeviceError>(line).kind == api::ErrorKind::link_lost) {
                return std::get<api::DeviceError>(line);
            }
        } else if (phase == window_phase_) {
            if (edge == api::WindowEdge::close) {
                if (auto e = summarise_window(phase, result, deadline)) {
                    return e;
                }
            }
            window_phase_.clear();
        }
        std::lock_guard lock(marks_mutex_);
        marks_.pop_front();
    }
}

std::optional<api::DeviceError> PtdDevice::summarise_window(const std::string& phase,
                                                            api::PollResult& result,
                                                            transport::Deadline deadline) {
    const std::string k = "ptd_" + key_part(phase) + "_";
    std::string message = "PTDaemon's figures for the window of phase '" + phase + "':";
    settings_map_[k + "mark"] = mark_text(phase);
    auto w = ask<WattsSummary>("Watts", deadline);
    if (auto* e = std::get_if<api::DeviceError>(&w)) {
        if (e->kind == api::ErrorKind::link_lost) {
            return *e;
        }
        message += " no Watts (" + e->message + ")";
    } else if (auto* err = std::get_if<ErrorReply>(&std::get<Reply>(w))) {
        message += " Watts answered " + err->text;
    } else {
        const auto& s = std::get<WattsSummary>(std::get<Reply>(w));
        auto put = [&](const std::string& key, const std::optional<double>& v) {
            if (v) {
                settings_map_[k + key] = *v;
            }
        };
        put("watts_avg", s.avg);
        put("watts_min", s.min);
        put("watts_max", s.max);
        if (s.samples) {
            settings_map_[k + "samples"] = *s.samples;
        }
        if (s.errors) {
            settings_map_[k + "errors"] = *s.errors;
        }
        settings_map_[k + "valid"] = s.valid;
        message += " " + (s.avg ? shown(*s.avg) : std::string("?")) + " W mean (" +
                   (s.min ? shown(*s.min) : "?") + "…" + (s.max ? shown(*s.max) : "?") + "), " +
                   (s.samples ? std::to_string(*s.samples) : "?") + " samples, " +
                   (s.errors ? std::to_string(*s.errors) : "?") + " errors, valid " + s.valid;
    }
    auto u = ask<Uncertainty>("Uncertainty", deadline);
    if (auto* e = std::get_if<api::DeviceError>(&u)) {
        if (e->kind == api::ErrorKind::link_lost) {
            return *e;
        }
        message += "; no Uncertainty (" + e->message + ")";
    } else if (auto* err = std::get_if<ErrorReply>(&std::get<Reply>(u))) {
        message += "; Uncertainty answered " + err->text;
    } else if (const auto& t = std::get<Uncertainty>(std::get<Reply>(u)).tuples; !t.empty()) {
        const auto& s = t.front();
        if (s.avg) {
            settings_map_[k + "uncertainty"] = *s.avg;
        }
        if (s.max) {
            settings_map_[k + "uncertainty_max"] = *s.max;
        }
        const std::pair<const char*, const std::optional<std::int64_t>*> counts[] = {
            {"uncertainty_total", &s.total},
            {"uncertainty_invalid", &s.invalid},
            {"uncertainty_valid", &s.valid},
            {"uncertainty_unknown", &s.unknown}};
        for (const auto& [name, v] : counts) {
            if (*v) {
                settings_map_[k + name] = **v;
            }
        }
        message += "; uncertainty " + (s.avg ? shown(*s.avg) : std::string("?")) + " mean, " +
                   (s.max ? shown(*s.max) : std::string("?")) + " max, " +
                   (s.invalid ? std::to_string(*s.invalid) : "?") + " invalid";
    }
    if (restarted_in_window_) {
        settings_map_[k + "restarted"] = true;
        message +=
            " (the measurement restarted inside the window after a reconnect: these "
            "cover only its part after the gap)";
    }
    auto n = settings_notice();
    n.message = message;
    result.notices.push_back(std::move(n));
    return std::nullopt;
}

std::optional<api::DeviceError> PtdDevice::read_samples(api::PollResult& result,
                                                        transport::Deadline deadline) {
    const std::size_t readings = channels_.size();
    auto unavailable = [&] {
        result.readings.clear();
        for (std::size_t c = 0; c < readings; ++c) {
            result.readings.push_back({c, 0.0, api::Status::unavailable, {}});
        }
    };
    auto header = ask<SamplesHeader>("RL", deadline);
    if (auto* e = std::get_if<api::DeviceError>(&header)) {
        return *e;
    }
    if (auto* err = std::get_if<ErrorReply>(&std::get<Reply>(header))) {
        note_error(result, "RL", *err);
        unavailable();
        return std::nullopt;
    }
    const int n = std::get<SamplesHeader>(std::get<Reply>(header)).count;
    std::vector<Sample> samples;
    for (int i = 0; i < n; ++i) {
        auto line = reader_.read_line(deadline);
        if (auto* e = std::get_if<api::DeviceError>(&line)) {
            if (e->kind == api::ErrorKind::link_lost) {
                return *e;
            }
            break;  // what arrived is used; the rest is taken by the next poll's RL
        }
        const Reply r = parse_reply(std::get<std::string>(line));
        if (const auto* s = std::get_if<Sample>(&r)) {
            samples.push_back(*s);
        }
    }
    const auto tick = ticks_.take(std::move(samples));
    if (tick.gap_s) {
        result.notices.push_back({true,
                                  "PTDaemon's samples have a gap of " + shown(*tick.gap_s) +
                                      " s (" + tick.gap_from + " → " + tick.gap_to + ")",
                                  "",
                                  {}});
    }
    const bool any = tick.used > 0;
    push_quantities(result.readings, 0, tick.sum, any);
    for (int c = 1; analyzer_channels_ > 1 && c <= analyzer_channels_; ++c) {
        const auto i = static_cast<std::size_t>(c - 1);
        push_quantities(result.readings, 4 * static_cast<std::size_t>(c),
                        i < tick.channels.size() ? tick.channels[i] : Quantities{}, any);
    }
    return std::nullopt;
}

api::PollResult PtdDevice::poll(Clock::time_point deadline) {
    auto result = api::start_poll(notices_, transport_->is_open());
    if (result.error) {
        return result;
    }
    deadline = std::min(deadline, answer_deadline());
    if (auto e = carry_out_marks(result, deadline)) {
        result.error = e;
        return result;
    }
    if (auto e = read_samples(result, deadline)) {
        result.error = e;
        return result;
    }
    if (auto_ranging_) {
        // A range switch inside a window flags it (SPEC forbids auto-ranging there).
        if (auto e = read_ranges(deadline, true, &result)) {
            result.error = e;
        }
    }
    return result;
}

void PtdDevice::close() {
    if (transport_ && transport_->is_open()) {
        // Best effort: the link may already be gone, and PTD may have nothing running.
        ask<Stopped>("Stop", Clock::now() + 300ms);
        transport_->close();
    }
}

}  // namespace wattbench::drivers::ptdaemon
