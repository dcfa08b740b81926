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

// A failure while opening, after the link itself opened: a write that cannot complete or a
// meter that never answers (timeout, link_lost) means nothing usable is there, so the error
// becomes `unreachable` and the sampler keeps retrying with backoff. Other kinds are kept.
DeviceError failed_open(DeviceError e);

}  // namespace wattbench::drivers::api
