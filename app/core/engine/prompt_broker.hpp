#pragma once

#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>

#include "app/core/engine/observer.hpp"
#include "app/core/phases/wait_result.hpp"
#include "app/core/sampling/stop_signal.hpp"

namespace wattbench::core::engine {

// Questions for the operator, one at a time: the runner asks and waits, any thread answers.
// Waits on real time, not the run's clock: a person answers in seconds whatever a test clock
// does. The run goes on sampling meanwhile; an abort or a skip of the phase withdraws the
// question.
class PromptBroker {
public:
    struct Hooks {
        std::function<void(sampling::EventLevel, const std::string&)> log;
        std::function<void(const PromptRequest&)> asked;  // observers' on_prompt
        std::function<void(std::uint64_t)> withdrawn;     // observers' on_prompt_withdrawn
        std::function<bool()> aborted;                    // the run is stopping
        std::function<bool()> take_skip;                  // consumes a skip of the phase
    };

    PromptBroker(sampling::StopSignal& wake, Hooks hooks);

    // `answer`: the number asked for, any value for a confirmation, nullopt when declined.
    // Returns elapsed when answered, abort or skip_phase when withdrawn.
    phases::WaitResult ask(PromptRequest request, std::optional<double>& answer);

    // From any thread; an id that is not waiting (already answered, withdrawn) is ignored.
    void answer(std::uint64_t id, std::optional<double> value);

private:
    sampling::StopSignal& wake_;
    Hooks hooks_;
    std::mutex mutex_;  // guards the fields below
    std::uint64_t last_id_ = 0;
    bool open_ = false;
    std::optional<std::optional<double>> answer_;
};

}  // namespace wattbench::core::engine
