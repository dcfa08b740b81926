#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <vector>

#include "app/core/sampling/queue_item.hpp"

namespace wattbench::core::sampling {

// Bounded multi-producer, single-consumer queue between samplers and the recorder. When full,
// producers wait (backpressure) rather than drop: the recorder writes a million rows a second,
// so a full queue means a stalled disk, and losing readings silently would be worse.
class SampleQueue {
public:
    explicit SampleQueue(std::size_t capacity = 1 << 16) : capacity_(capacity) {}

    // Both throw std::bad_alloc when the queue cannot grow, the only way they fail. push_all
    // moves out of `items` and leaves it empty; when it throws, what it queued stays queued
    // once and `items` holds the rest, so that a caller can tell which items were lost.
    void push(QueueItem item);
    void push_all(std::vector<QueueItem>& items);

    // Moves everything queued into `out` (appending); waits up to `timeout` for the first item.
    // Returns false once closed and drained.
    bool pop_all(std::vector<QueueItem>& out, std::chrono::milliseconds timeout);

    // Producers still blocked are released; items pushed after close are dropped.
    void close();

    std::size_t high_water() const;

private:
    mutable std::mutex mutex_;
    std::condition_variable not_empty_;
    std::condition_variable not_full_;
    std::deque<QueueItem> items_;
    std::size_t capacity_;
    std::size_t high_water_ = 0;
    bool closed_ = false;
};

}  // namespace wattbench::core::sampling
