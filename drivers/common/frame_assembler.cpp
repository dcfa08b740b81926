#include "drivers/common/frame_assembler.hpp"

#include <algorithm>

namespace wattbench::drivers::common {

void FrameAssembler::push(std::span<const std::uint8_t> bytes) {
    compact();
    buf_.insert(buf_.end(), bytes.begin(), bytes.end());
    if (buffered() > max_) {
        const std::size_t drop = buffered() - max_ / 2;
        start_ += drop;
        discarded_ += drop;
        compact();
    }
}

std::optional<std::vector<std::uint8_t>> FrameAssembler::next(const Scanner& scanner) {
    Scan s;
    // Skipping noise can expose a frame the same call should return: rescan until a frame is
    // found or the scanner stops making progress.
    do {
        std::span<const std::uint8_t> view(buf_.data() + start_, buffered());
        s = scanner(view);
        s.skip = std::min(s.skip, view.size());
        start_ += s.skip;
        discarded_ += s.skip;
    } while (s.length == 0 && s.skip > 0 && buffered() > 0);
    if (s.length == 0 || s.length > buffered()) {
        return std::nullopt;
    }
    std::vector<std::uint8_t> frame(buf_.begin() + static_cast<std::ptrdiff_t>(start_),
                                    buf_.begin() + static_cast<std::ptrdiff_t>(start_ + s.length));
    start_ += s.length;
    return frame;
}

std::optional<std::string> FrameAssembler::next_line(char terminator) {
    auto begin = buf_.begin() + static_cast<std::ptrdiff_t>(start_);
    auto it = std::find(begin, buf_.end(), static_cast<std::uint8_t>(terminator));
    if (it == buf_.end()) {
        return std::nullopt;
    }
    std::string line(begin, it);
    start_ += static_cast<std::size_t>(it - begin) + 1;
    if (!line.empty() && line.back() == '\r') {
        line.pop_back();
    }
    return line;
}

void FrameAssembler::clear() {
    buf_.clear();
    start_ = 0;
}

void FrameAssembler::compact() {
    if (start_ == 0) {
        return;
    }
    buf_.erase(buf_.begin(), buf_.begin() + static_cast<std::ptrdiff_t>(start_));
    start_ = 0;
}

}  // namespace wattbench::drivers::common
