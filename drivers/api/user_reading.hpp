#pragma once

#include <cstddef>
#include <string>

namespace wattbench::drivers::api {

// A device whose readings come from a person reading its display: meters with no data
// interface; offered through Device::user_read(). A Device that offers it is never polled; the
// engine asks the operator for `channel` at the start and the end of every averaging window
// (Observer::on_prompt) and records each answer as one reading stamped when it was given.
class UserReadDevice {
public:
    struct Question {
        std::size_t channel = 0;  // index into the device's channels()
        std::string text;         // what to read off the display
        std::string unit;         // the unit the answer is in
    };

    virtual ~UserReadDevice() = default;
    virtual Question question() const = 0;
};

}  // namespace wattbench::drivers::api
