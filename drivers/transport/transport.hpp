#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "drivers/api/device_error.hpp"

namespace wattbench::drivers::transport {

using Deadline = std::chrono::steady_clock::time_point;

// What one read returned: some bytes (count > 0), nothing before the deadline (count 0, no
// error), or a broken link (error of kind link_lost).
struct ReadResult {
    std::size_t count = 0;
    std::optional<api::DeviceError> error;
};

// A byte stream to an instrument. Drivers talk to this and never learn whether the bytes go
// through a serial port or a socket. Errors are values; nothing throws.
class Transport {
public:
    virtual ~Transport() = default;

    // Errors are `unreachable` (nothing there) or `config` (there but unusable as asked).
    virtual std::optional<api::DeviceError> open() = 0;
    // Waits until at least one byte arrives or `deadline` passes.
    virtual ReadResult read(std::span<std::uint8_t> buffer, Deadline deadline) = 0;
    // Writes all bytes or fails: `timeout` if the peer does not take them before the deadline,
    // `link_lost` when the link broke.
    virtual std::optional<api::DeviceError> write(std::span<const std::uint8_t> bytes,
                                                  Deadline deadline) = 0;
    // Drops whatever was received but not read yet (stale answers after a timeout).
    virtual void discard_input() = 0;
    virtual void close() = 0;
    virtual bool is_open() const = 0;
    virtual std::string name() const = 0;
};

}  // namespace wattbench::drivers::transport
