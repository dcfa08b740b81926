#include "app/core/engine/prompt_broker.hpp"

#include <chrono>

#include <fmt/format.h>

namespace wattbench::core::engine {

using sampling::EventLevel;

PromptBroker::PromptBroker(sampling::StopSignal& wake, Hooks hooks)
    : wake_(wake), hooks_(std::move(hooks)) {}

void PromptBroker::answer(std::uint64_t id, std::optional<double> value) {
    {
        std::lock_guard lock(mutex_);
        if (!open_ || id != last_id_ || answer_) {
            return;
        }
        answer_ = value;
    }
    wake_.poke();
}

phases::WaitResult PromptBroker::ask(PromptRequest request, std::optional<double>& answer) {
    {
        std::lock_guard lock(mutex_);
        request.id = ++last_id_;
        open_ = true;
        answer_.reset();
    }
    const auto asked = std::chrono::steady_clock::now();
    hooks_.log(
        EventLevel::info,
        fmt::format("prompt {} ({}{}{}): {}{}", request.id,
                    request.phase_name.empty() ? "run" : "phase '" + request.phase_name + "'",
                    request.device_id.empty() ? "" : ", device '" + request.device_id + "'",
                    request.kind == PromptRequest::Kind::number ? ", " + request.unit : "",
                    request.question,
                    request.kind == PromptRequest::Kind::confirm ? " [confirm]" : ""));
    hooks_.asked(request);
    for (;;) {
        std::optional<std::optional<double>> got;
        {
            std::lock_guard lock(mutex_);
            got = answer_;
            if (got) {
                open_ = false;
            }
        }
        const double waited =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count();
        if (got) {
            answer = *got;
            std::string said = "declined";
            if (answer) {
                said = request.kind == PromptRequest::Kind::confirm
                           ? "confirmed"
                           : fmt::format("answered {} {}", *answer, request.unit);
            }
            hooks_.log(answer ? EventLevel::info : EventLevel::warn,
                       fmt::format("prompt {} {} after {:.1f} s", request.id, said, waited));
            return phases::WaitResult::elapsed;
        }
        const bool aborted = hooks_.aborted();
        const bool skipped = !aborted && hooks_.take_skip();
        if (aborted || skipped) {
            {
                std::lock_guard lock(mutex_);
                open_ = false;
            }
            hooks_.log(EventLevel::warn,
                       fmt::format("prompt {} withdrawn after {:.1f} s: {}", request.id, waited,
                                   aborted ? "run aborted" : "phase skipped"));
            hooks_.withdrawn(request.id);
            return aborted ? phases::WaitResult::abort : phases::WaitResult::skip_phase;
        }
        wake_.wait_until(std::chrono::steady_clock::now() + std::chrono::seconds(1));
    }
}

}  // namespace wattbench::core::engine
