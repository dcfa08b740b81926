#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace wattbench::drivers::common {

// Where a protocol's scanner found the next frame in the buffered bytes: drop `skip` bytes of
// noise first, then a frame of `length` bytes follows (0 = not complete yet, wait for more).
struct Scan {
    std::size_t skip = 0;
    std::size_t length = 0;
};

using Scanner = std::function<Scan(std::span<const std::uint8_t>)>;

// Accumulates bytes as they arrive and cuts frames out of them. Noise between frames is
// dropped (and counted); if a frame never completes the oldest bytes are dropped once the
// buffer exceeds its cap, so a stream of garbage can neither grow memory nor wedge the parser.
// Pure: no I/O.
class FrameAssembler {
public:
    explicit FrameAssembler(std::size_t max_buffered = 4096) : max_(max_buffered) {}

    void push(std::span<const std::uint8_t> bytes);
    std::optional<std::vector<std::uint8_t>> next(const Scanner& scanner);
    // A line ending in `terminator`, without it and without a trailing CR.
    std::optional<std::string> next_line(char terminator = '\n');

    std::size_t buffered() const { return buf_.size() - start_; }
    std::size_t discarded() const { return discarded_; }
    void clear();

private:
    void compact();
    std::vector<std::uint8_t> buf_;
    std::size_t start_ = 0;
    std::size_t max_;
    std::size_t discarded_ = 0;
};

}  // namespace wattbench::drivers::common
