#include "drivers/transport/line_reader.hpp"

#include <array>

namespace wattbench::drivers::transport {

std::optional<api::DeviceError> LineReader::fill(Deadline deadline) {
    std::array<std::uint8_t, 512> chunk{};
    auto r = transport_.read(chunk, deadline);
    if (r.error) {
        return r.error;
    }
    if (r.count == 0) {
        return api::DeviceError{api::ErrorKind::timeout, transport_.name() + ": no answer in time"};
    }
    assembler_.push(std::span<const std::uint8_t>(chunk.data(), r.count));
    return std::nullopt;
}

std::variant<std::string, api::DeviceError> LineReader::read_line(Deadline deadline,
                                                                  char terminator) {
    for (;;) {
        if (auto line = assembler_.next_line(terminator)) {
            return std::move(*line);
        }
        if (auto e = fill(deadline)) {
            return *e;
        }
    }
}

std::variant<std::vector<std::uint8_t>, api::DeviceError> LineReader::read_frame(
    const common::Scanner& scanner, Deadline deadline) {
    for (;;) {
        if (auto frame = assembler_.next(scanner)) {
            return std::move(*frame);
        }
        if (auto e = fill(deadline)) {
            return *e;
        }
    }
}

void LineReader::reset() {
    assembler_.clear();
    transport_.discard_input();
}

}  // namespace wattbench::drivers::transport
