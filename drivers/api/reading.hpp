#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace wattbench::drivers::api {

enum class Status { ok, overrange, unavailable, error };

std::string_view to_string(Status s);

// One value of one channel from one poll. `channel` indexes the device's channels().
// Discrete channels carry their state in `text`; `value` is then the state's index.
struct Reading {
    std::size_t channel = 0;
    double value = 0.0;
    Status status = Status::ok;
    std::string text;
};

}  // namespace wattbench::drivers::api
