#include "app/cli/terminal_prompter.hpp"

#include <poll.h>
#include <unistd.h>

#include <cerrno>

#include <fmt/format.h>

#include "app/cli/prompt_answer.hpp"

namespace wattbench::cli {

TerminalPrompter::TerminalPrompter(int fd, Hooks hooks)
    : fd_(fd), hooks_(std::move(hooks)), thread_([this] { loop(); }) {}

TerminalPrompter::~TerminalPrompter() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
}

void TerminalPrompter::on_prompt(const core::engine::PromptRequest& request) {
    {
        std::lock_guard lock(mutex_);
        pending_.push_back(request);
    }
    cv_.notify_all();
}

void TerminalPrompter::on_prompt_withdrawn(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    withdrawn_ = std::max(withdrawn_, id);
    std::erase_if(pending_, [id](const auto& r) { return r.id == id; });
}

void TerminalPrompter::on_finished(const core::engine::RunFinished&) {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    cv_.notify_all();
}

void TerminalPrompter::loop() {
    for (;;) {
        core::engine::PromptRequest r;
        {
            std::unique_lock lock(mutex_);
            cv_.wait(lock, [this] { return stop_ || !pending_.empty(); });
            if (stop_) {
                return;
            }
            r = pending_.front();
            pending_.pop_front();
        }
        std::string question = r.question;
        if (r.kind == core::engine::PromptRequest::Kind::number) {
            question += fmt::format(" [{}]", r.unit);
            if (r.default_value) {
                question += fmt::format(" ({})", *r.default_value);
            }
        } else {
            question += " [Y/n]";
        }
        std::optional<double> value;
        bool answered = false;
        while (!answered) {
            if (eof_) {
                hooks_.note(fmt::format("warning: end of input; prompt {} declined", r.id));
                break;
            }
            hooks_.ask(question + ": ");
            bool eof = false;
            auto line = read_line(r.id, eof);
            if (!line) {
                if (!eof) {
                    hooks_.note("(question withdrawn)");
                    answered = true;  // the engine no longer waits
                    continue;
                }
                eof_ = true;
                continue;
            }
            const auto a = parse_prompt_answer(r, *line);
            if (a.retry) {
                hooks_.note(a.hint);
                continue;
            }
            value = a.value;
            answered = true;
            hooks_.note(value ? (r.kind == core::engine::PromptRequest::Kind::confirm
                                     ? std::string("→ confirmed")
                                     : fmt::format("→ {} {}", *value, r.unit))
                              : std::string("→ declined"));
        }
        {
            std::lock_guard lock(mutex_);
            if (withdrawn_ >= r.id) {
                continue;
            }
        }
        hooks_.answer(r.id, value);
    }
}

std::optional<std::string> TerminalPrompter::read_line(std::uint64_t id, bool& eof) {
    for (;;) {
        if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
            std::string line = buffer_.substr(0, nl);
            buffer_.erase(0, nl + 1);
            if (!line.empty() && line.back() == '\r') {
                line.pop_back();
            }
            return line;
        }
        {
            std::lock_guard lock(mutex_);
            if (stop_ || withdrawn_ >= id) {
                return std::nullopt;
            }
        }
        pollfd p{fd_, POLLIN, 0};
        const int ready = ::poll(&p, 1, 200);
        if (ready < 0 && errno != EINTR) {
            eof = true;
            return std::nullopt;
        }
        if (ready <= 0) {
            continue;
        }
        char chunk[512];
        const auto n = ::read(fd_, chunk, sizeof chunk);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) {
            continue;
        }
        if (n <= 0) {
            if (!buffer_.empty()) {
                // A last line without its line break still answers.
                std::string line;
                line.swap(buffer_);
                return line;
            }
            eof = true;
            return std::nullopt;
        }
        buffer_.append(chunk, static_cast<std::size_t>(n));
    }
}

}  // namespace wattbench::cli
