#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "app/core/engine/observer.hpp"

namespace wattbench::cli {

// Answers the engine's prompts from a file descriptor (stdin), on its own thread so the runner
// can still be aborted while nobody types. Piped input works the same as a terminal: each line
// answers the next question, so scripts and tests can feed readings. End of input declines the
// question (with a warning) and every later one.
class TerminalPrompter final : public core::engine::Observer {
public:
    struct Hooks {
        std::function<void(const std::string&)> ask;   // show a question (no line break)
        std::function<void(const std::string&)> note;  // a line after the answer
        std::function<void(std::uint64_t, std::optional<double>)> answer;  // to the engine
    };

    TerminalPrompter(int fd, Hooks hooks);
    ~TerminalPrompter() override;
    TerminalPrompter(const TerminalPrompter&) = delete;
    TerminalPrompter& operator=(const TerminalPrompter&) = delete;

    void on_prompt(const core::engine::PromptRequest& request) override;
    void on_prompt_withdrawn(std::uint64_t id) override;
    void on_finished(const core::engine::RunFinished& result) override;

private:
    void loop();
    // The next line of input; nullopt at end of input, or when `id` was withdrawn or stop set.
    std::optional<std::string> read_line(std::uint64_t id, bool& eof);

    int fd_;
    Hooks hooks_;
    std::mutex mutex_;
    std::condition_variable cv_;
    std::deque<core::engine::PromptRequest> pending_;
    std::uint64_t withdrawn_ = 0;
    bool stop_ = false;
    bool eof_ = false;
    std::string buffer_;
    std::thread thread_;
};

}  // namespace wattbench::cli
