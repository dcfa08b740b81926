#include "drivers/yokogawa/framed_link.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>

namespace wattbench::drivers::yokogawa {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

// The prompts' wording is not in the facts; the meter sends each right after the connection
// or the previous answer.
constexpr auto prompt_timeout = 1500ms;
constexpr auto verdict_timeout = 1000ms;
constexpr const char* user = "anonymous";

std::string lower(std::string s) {
    for (char& c : s) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return s;
}

bool refused(const std::string& text) {
    const std::string t = lower(text);
    for (const char* word : {"incorrect", "denied", "fail", "invalid", "refused", "error"}) {
        if (t.find(word) != std::string::npos) {
            return true;
        }
    }
    return false;
}

std::string printable(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '\r' || c == '\n') {
            if (!out.empty() && out.back() != ' ') {
                out.push_back(' ');
            }
        } else {
            out.push_back(std::isprint(static_cast<unsigned char>(c)) ? c : '?');
        }
    }
    while (!out.empty() && out.back() == ' ') {
        out.pop_back();
    }
    return out.substr(0, 120);
}

}  // namespace

std::optional<api::DeviceError> FramedLink::send_message(const std::string& message,
                                                         transport::Deadline deadline) {
    const auto block = encode_block(message);
    return inner_->write(block, deadline);
}

std::optional<api::DeviceError> FramedLink::collect(std::string& text,
                                                    transport::Deadline deadline) {
    std::array<std::uint8_t, 512> buf{};
    // A prompt ends without LF when sent unframed; a short quiet spell after the first bytes
    // then marks its end.
    auto until = deadline;
    while (Clock::now() < until) {
        auto r = inner_->read(buf, until);
        if (r.error) {
            return r.error;
        }
        if (r.count == 0) {
            break;
        }
        text += decoder_.feed(std::span<const std::uint8_t>(buf.data(), r.count));
        if (!text.empty() && text.back() == '\n') {
            break;
        }
        until = std::min(deadline, Clock::now() + 100ms);
    }
    return std::nullopt;
}

std::optional<api::DeviceError> FramedLink::open() {
    if (auto e = inner_->open()) {
        return e;
    }
    decoder_.reset();
    pending_.clear();
    transcript_.clear();
    auto fail = [this](api::DeviceError e) {
        inner_->close();
        return e;
    };
    std::string said;
    if (auto e = collect(said, Clock::now() + prompt_timeout)) {
        return fail({api::ErrorKind::unreachable, e->message + " (waiting for the login prompt)"});
    }
    transcript_ = said;
    // No prompt at all: a meter (or gateway) that does not ask; go on and let *IDN? tell.
    if (said.empty()) {
        return std::nullopt;
    }
    if (auto e = send_message(user, Clock::now() + prompt_timeout)) {
        return fail(*e);
    }
    said.clear();
    if (auto e = collect(said, Clock::now() + prompt_timeout)) {
        return fail(
            {api::ErrorKind::unreachable, e->message + " (waiting for the password prompt)"});
    }
    transcript_ += said;
    if (refused(said)) {
        return fail({api::ErrorKind::config, name() + ": the meter refused user '" +
                                                 std::string(user) + "': '" + printable(said) +
                                                 "' (set its Ethernet user to anonymous)"});
    }
    if (auto e = send_message("", Clock::now() + prompt_timeout)) {
        return fail(*e);
    }
    said.clear();
    if (auto e = collect(said, Clock::now() + verdict_timeout)) {
        return fail({api::ErrorKind::unreachable, e->message + " (after the password)"});
    }
    transcript_ += said;
    if (refused(said)) {
        return fail({api::ErrorKind::config, name() + ": the meter refused the login as '" +
                                                 std::string(user) + "' with an empty password: '" +
                                                 printable(said) + "'"});
    }
    return std::nullopt;
}

transport::ReadResult FramedLink::read(std::span<std::uint8_t> buffer,
                                       transport::Deadline deadline) {
    std::array<std::uint8_t, 512> raw{};
    while (pending_.empty()) {
        auto r = inner_->read(raw, deadline);
        if (r.error || r.count == 0) {
            return r;
        }
        pending_ += decoder_.feed(std::span<const std::uint8_t>(raw.data(), r.count));
    }
    const std::size_t n = std::min(buffer.size(), pending_.size());
    std::copy_n(pending_.begin(), n, buffer.begin());
    pending_.erase(0, n);
    return {n, std::nullopt};
}

std::optional<api::DeviceError> FramedLink::write(std::span<const std::uint8_t> bytes,
                                                  transport::Deadline deadline) {
    // One block per command and no LF inside, as the only public client of the framing
    // ([S46]) sends them; an empty line (the driver's flush) has nothing to frame.
    std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    while (!text.empty()) {
        const auto lf = text.find('\n');
        std::string_view command = text.substr(0, lf);
        text.remove_prefix(lf == std::string_view::npos ? text.size() : lf + 1);
        if (!command.empty() && command.back() == '\r') {
            command.remove_suffix(1);
        }
        if (command.empty()) {
            continue;
        }
        if (auto e = send_message(std::string(command), deadline)) {
            return e;
        }
    }
    return std::nullopt;
}

void FramedLink::discard_input() {
    inner_->discard_input();
    decoder_.reset();
    pending_.clear();
}

}  // namespace wattbench::drivers::yokogawa
