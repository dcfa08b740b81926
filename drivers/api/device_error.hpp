#pragma once

#include <string>

namespace wattbench::drivers::api {

// Errors cross the driver boundary as values, never as exceptions: a sampler thread must
// survive anything a device does.
enum class ErrorKind {
    config,       // bad option or connection string: never retried
    unreachable,  // could not connect/open: retried with backoff during a run
    link_lost,    // an open link broke: the device is closed and reopened
    timeout,      // no answer in time: the poll is unavailable, the link kept
    protocol,     // garbage or an unexpected answer: the poll is an error, the link kept
    auth,         // credentials refused: never retried silently
};

struct DeviceError {
    ErrorKind kind = ErrorKind::protocol;
    std::string message;
};

const char* to_string(ErrorKind k);

}  // namespace wattbench::drivers::api
