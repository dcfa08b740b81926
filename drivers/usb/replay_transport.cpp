#include "drivers/usb/replay_transport.hpp"

#include <fstream>
#include <functional>
#include <sstream>

#include <fmt/format.h>

namespace wattbench::drivers::usb {
namespace {

bool data_matches(const std::vector<std::optional<std::uint8_t>>& expect,
                  std::span<const std::uint8_t> data) {
    if (expect.size() != data.size()) {
        return false;
    }
    for (std::size_t i = 0; i < data.size(); ++i) {
        if (expect[i] && *expect[i] != data[i]) {
            return false;
        }
    }
    return true;
}

std::string hex_bytes(std::span<const std::uint8_t> data) {
    std::string out;
    for (const auto b : data) {
        out += fmt::format(" {:02X}", b);
    }
    return out;
}

}  // namespace

ReplayTransport::ReplayTransport(std::vector<ReplayStep> steps, std::string name)
    : steps_(std::move(steps)), name_(std::move(name)) {
    record_->total = steps_.size();
}

ReplayTransport::ReplayTransport(std::string path)
    : path_(std::move(path)), name_("replay://" + path_) {}

std::variant<std::unique_ptr<ReplayTransport>, std::string> ReplayTransport::from_file(
    const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return fmt::format("{}: cannot be read", path);
    }
    std::ostringstream text;
    text << in.rdbuf();
    auto steps = parse_replay_script(text.str(), path);
    if (auto* e = std::get_if<std::string>(&steps)) {
        return *e;
    }
    return std::make_unique<ReplayTransport>(std::move(std::get<0>(steps)), "replay://" + path);
}

void ReplayTransport::skip_strings() {
    while (next_ < steps_.size() && steps_[next_].kind == ReplayStep::Kind::strings) {
        strings_ = steps_[next_].strings;
        ++next_;
        ++record_->consumed;
    }
}

std::optional<api::DeviceError> ReplayTransport::open() {
    open_ = false;
    if (!path_.empty()) {
        auto loaded = from_file(path_);
        if (auto* e = std::get_if<std::string>(&loaded)) {
            return api::DeviceError{api::ErrorKind::config, *e};
        }
        steps_ = std::move(std::get<0>(loaded)->steps_);
        record_->total = steps_.size();
        path_.clear();
    }
    skip_strings();
    if (next_ >= steps_.size()) {
        return api::DeviceError{api::ErrorKind::unreachable,
                                name_ + ": no USB device found (end of fixture)"};
    }
    const ReplayStep& step = steps_[next_];
    if (step.kind != ReplayStep::Kind::open) {
        const std::string m =
            fmt::format("{}:{}: expected {}, got open", name_, step.line, describe(step));
        record_->mismatches.push_back(m);
        return api::DeviceError{api::ErrorKind::unreachable, m};
    }
    ++next_;
    ++record_->consumed;
    skip_strings();
    if (step.outcome == ReplayStep::Outcome::unreachable) {
        return api::DeviceError{
            api::ErrorKind::unreachable,
            fmt::format("{}: no USB device found (fixture line {})", name_, step.line)};
    }
    open_ = true;
    ++record_->opens;
    return std::nullopt;
}

const ReplayStep* ReplayTransport::take(ReplayStep::Kind kind, const std::string& got,
                                        const std::function<bool(const ReplayStep&)>& matches,
                                        std::optional<api::DeviceError>& error) {
    if (!open_) {
        error = api::DeviceError{api::ErrorKind::link_lost, name_ + ": not open"};
        return nullptr;
    }
    skip_strings();
    if (next_ >= steps_.size()) {
        open_ = false;
        error =
            api::DeviceError{api::ErrorKind::link_lost, name_ + ": device gone (end of fixture)"};
        return nullptr;
    }
    const ReplayStep& step = steps_[next_];
    if (step.kind != kind || !matches(step)) {
        const std::string m =
            fmt::format("{}:{}: expected {}, got {}", name_, step.line, describe(step), got);
        record_->mismatches.push_back(m);
        error = api::DeviceError{api::ErrorKind::protocol, m};
        return nullptr;
    }
    ++next_;
    ++record_->consumed;
    record_->played.push_back(got);
    return &step;
}

std::optional<api::DeviceError> ReplayTransport::outcome_error(const ReplayStep& step,
                                                               const std::string& what) {
    using O = ReplayStep::Outcome;
    switch (step.outcome) {
        case O::timeout:
            return api::DeviceError{api::ErrorKind::timeout,
                                    fmt::format("{}: {}: timed out", name_, what)};
        case O::stall:
            return api::DeviceError{api::ErrorKind::protocol,
                                    fmt::format("{}: {}: pipe stalled", name_, what)};
        case O::disconnect:
            open_ = false;
            return api::DeviceError{api::ErrorKind::link_lost,
                                    fmt::format("{}: {}: no such device (unplugged)", name_, what)};
        default:
            return std::nullopt;
    }
}

TransferResult ReplayTransport::play_in(ReplayStep::Kind kind, const std::string& got,
                                        const std::function<bool(const ReplayStep&)>& matches,
                                        std::size_t length) {
    std::optional<api::DeviceError> error;
    const auto* step = take(kind, got, matches, error);
    if (!step) {
        return *error;
    }
    if (auto e = outcome_error(*step, got)) {
        return *e;
    }
    Bytes reply = step->reply;
    if (reply.size() > length) {
        reply.resize(length);
    }
    return reply;
}

std::optional<api::DeviceError> ReplayTransport::play_out(
    ReplayStep::Kind kind, const std::string& got,
    const std::function<bool(const ReplayStep&)>& matches) {
    std::optional<api::DeviceError> error;
    const auto* step = take(kind, got, matches, error);
    if (!step) {
        return error;
    }
    return outcome_error(*step, got);
}

TransferResult ReplayTransport::control_in(const SetupPacket& setup, std::chrono::milliseconds) {
    return play_in(
        ReplayStep::Kind::control_in, "ctrl_in " + describe(setup),
        [&](const ReplayStep& s) { return s.setup == setup; }, setup.length);
}

std::optional<api::DeviceError> ReplayTransport::control_out(const SetupPacket& setup,
                                                             std::span<const std::uint8_t> data,
                                                             std::chrono::milliseconds) {
    return play_out(
        ReplayStep::Kind::control_out,
        "ctrl_out " + describe(setup) + (data.empty() ? "" : " :" + hex_bytes(data)),
        [&](const ReplayStep& s) { return s.setup == setup && data_matches(s.expect, data); });
}

TransferResult ReplayTransport::interrupt_in(std::uint8_t endpoint, std::size_t length,
                                             std::chrono::milliseconds) {
    return play_in(
        ReplayStep::Kind::interrupt_in, fmt::format("int_in {:02X} {}", endpoint, length),
        [&](const ReplayStep& s) { return s.endpoint == endpoint && s.length == length; }, length);
}

std::optional<api::DeviceError> ReplayTransport::interrupt_out(std::uint8_t endpoint,
                                                               std::span<const std::uint8_t> data,
                                                               std::chrono::milliseconds) {
    return play_out(ReplayStep::Kind::interrupt_out,
                    fmt::format("int_out {:02X}{}", endpoint, hex_bytes(data)),
                    [&](const ReplayStep& s) {
                        return s.endpoint == endpoint && data_matches(s.expect, data);
                    });
}

}  // namespace wattbench::drivers::usb
