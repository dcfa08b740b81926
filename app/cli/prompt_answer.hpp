#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "app/core/engine/observer.hpp"

namespace wattbench::cli {

// What one line typed at a prompt means. `retry` with a hint when the line is no answer.
struct PromptAnswer {
    bool retry = false;
    std::optional<double> value;  // nullopt with retry false: declined
    std::string hint;
};

// Confirm prompts: empty, y, yes, ok → confirmed (1); n, no, skip → declined.
// Number prompts: a decimal number (a comma works as the decimal point), empty → the default
// if there is one, `-` or `skip` → declined.
PromptAnswer parse_prompt_answer(const core::engine::PromptRequest& request, std::string_view line);

}  // namespace wattbench::cli
