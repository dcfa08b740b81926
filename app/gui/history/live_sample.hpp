#pragma once

#include <cstdint>
#include <string>

#include "app/core/phases/stage.hpp"
#include "drivers/api/reading.hpp"

namespace wattbench::gui::history {

// A reading as the GUI keeps it until the next refresh; `t` in UTC seconds.
struct LiveSample {
    double t = 0.0;
    std::uint32_t device = 0;
    std::uint32_t channel = 0;
    std::int32_t phase = -1;
    core::phases::Stage stage = core::phases::Stage::between;
    drivers::api::Status status = drivers::api::Status::ok;
    double value = 0.0;
    std::string text;  // discrete channels: the state
};

}  // namespace wattbench::gui::history
