#include "app/core/sampling/sample_queue.hpp"

#include <algorithm>
#include <iterator>

namespace wattbench::core::sampling {

void SampleQueue::push(QueueItem item) {
    std::unique_lock lock(mutex_);
    not_full_.wait(lock, [&] { return closed_ || items_.size() < capacity_; });
    if (closed_) {
        return;
    }
    items_.push_back(std::move(item));
    high_water_ = std::max(high_water_, items_.size());
    lock.unlock();
    not_empty_.notify_one();
}

void SampleQueue::push_all(std::vector<QueueItem>& items) {
    std::size_t next = 0;
    try {
        while (next < items.size()) {
            std::unique_lock lock(mutex_);
            not_full_.wait(lock, [&] { return closed_ || items_.size() < capacity_; });
            if (closed_) {
                break;
            }
            const std::size_t end = next + std::min(capacity_ - items_.size(), items.size() - next);
            // One at a time, so that `next` counts exactly what is queued even when the deque
            // cannot grow.
            for (; next < end; ++next) {
                items_.push_back(std::move(items[next]));
            }
            high_water_ = std::max(high_water_, items_.size());
            lock.unlock();
            not_empty_.notify_one();
        }
    } catch (...) {
        items.erase(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(next));
        not_empty_.notify_one();
        throw;
    }
    items.clear();
}

bool SampleQueue::pop_all(std::vector<QueueItem>& out, std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    not_empty_.wait_for(lock, timeout, [&] { return closed_ || !items_.empty(); });
    if (items_.empty()) {
        return !closed_;
    }
    std::move(items_.begin(), items_.end(), std::back_inserter(out));
    items_.clear();
    lock.unlock();
    not_full_.notify_all();
    return true;
}

void SampleQueue::close() {
    {
        std::lock_guard lock(mutex_);
        closed_ = true;
    }
    not_empty_.notify_all();
    not_full_.notify_all();
}

std::size_t SampleQueue::high_water() const {
    std::lock_guard lock(mutex_);
    return high_water_;
}

}  // namespace wattbench::core::sampling
