#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "app/core/load/load.hpp"

namespace wattbench::core::load {

enum class DiskSync { fsync, direct, none };

struct DiskLoadSettings {
    std::string path;                      // folder the files go into
    std::uint64_t file_size = 1ull << 30;  // bytes per file
    DiskSync sync = DiskSync::fsync;
    std::uint64_t max_space = 0;  // bytes on disk at most; 0: min(8 GiB, free / 2)
};

// Continuous sequential writes of `file_size` files under `path`, rotating within `max_space`.
// The files are unnamed (O_TMPFILE) where the file system allows it, so nothing is left behind
// whatever ends wattbench; otherwise named files, of which only those this load created are
// ever deleted (it tracks them by name and never reuses an existing one). They and the folder,
// when it created it, go at stop(), which the engine calls at phase end, on error and on Ctrl-C.
class DiskLoad final : public Load {
public:
    explicit DiskLoad(DiskLoadSettings settings,
                      std::shared_ptr<std::atomic<std::uint64_t>> bytes_written = nullptr);
    ~DiskLoad() override { stop(); }

    std::optional<std::string> start() override;
    void stop() override;
    std::string describe() const override;

    std::uint64_t bytes_written() const { return bytes_->load(std::memory_order_relaxed); }
    std::uint64_t space_used() const { return max_space_; }
    std::string failure() const override;

    // Rotations of at most this many files are written as unnamed files held open.
    static constexpr std::size_t max_open_files = 64;

private:
    struct WrittenFile {
        std::string name;  // empty: an unnamed (O_TMPFILE) file, gone when `fd` is closed
        int fd = -1;
    };
    void write_loop();
    void remove_created();
    static void forget(WrittenFile& file);

    DiskLoadSettings settings_;
    std::shared_ptr<std::atomic<std::uint64_t>> bytes_;
    std::uint64_t max_space_ = 0;
    std::atomic<bool> stop_{false};
    std::thread writer_;
    bool created_dir_ = false;
    std::vector<WrittenFile> created_;  // files of ours still on disk, oldest first
    mutable std::mutex error_mutex_;
    std::string error_;
    std::uint64_t sequence_ = 0;
};

}  // namespace wattbench::core::load
