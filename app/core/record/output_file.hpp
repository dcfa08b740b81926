#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "app/core/record/io_error.hpp"

namespace wattbench::core::record {

// A file written with plain write(2): no stdio buffer between the recorders and the kernel, so
// "flushed" means the bytes survive the process being killed.
//
// Two styles of error: the try_ calls return an IoError (what the run's recorders use, on their
// own threads), the others throw std::system_error naming the path (one-shot tools such as
// annotate, which catch it on the thread that called them).
class OutputFile {
public:
    enum class Mode { truncate, append };

    explicit OutputFile(std::string path, Mode mode = Mode::truncate);
    ~OutputFile();
    OutputFile(OutputFile&& other) noexcept;
    OutputFile& operator=(OutputFile&& other) noexcept;
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    // Writes everything, retrying short writes and EINTR. On failure `written` (if given) holds
    // how much did reach the file, so a caller can keep only the rest for a retry or cut the
    // file back to a whole record with truncate().
    std::optional<IoError> try_write_all(std::string_view data, std::size_t* written = nullptr);
    std::optional<IoError> try_datasync();
    std::optional<IoError> try_sync();
    std::optional<IoError> try_close();
    // Cuts the file back to `size` bytes (and moves the write position there).
    std::optional<IoError> try_truncate(std::uint64_t size);
    // An exclusive advisory lock (flock) held until the file is closed: it tells readers that
    // a process is still writing this file (run_liveness in the report reads it).
    std::optional<IoError> try_lock_exclusive();

    void write_all(std::string_view data, std::size_t* written = nullptr);
    void datasync();
    void sync();
    // Reports what close(2) reports (NFS may only fail here); the destructor cannot.
    void close();

    const std::string& path() const { return path_; }
    bool is_open() const { return fd_ >= 0; }
    // Bytes in the file as this object wrote them (its size when opened plus every write).
    std::uint64_t size() const { return size_; }

    // Test hook: the file whose path ends with `suffix` fails its writes with `error` once
    // `after_bytes` more bytes have reached it (a full disk on one file of the run directory).
    // An empty suffix clears the hook. Process-wide; only tests set it.
    static void inject_write_failure_for_testing(std::string suffix, int error,
                                                 std::uint64_t after_bytes);

private:
    IoError error(const char* operation, int code) const;
    [[noreturn]] static void raise(const IoError& e);

    std::string path_;
    int fd_ = -1;
    std::uint64_t size_ = 0;
};

}  // namespace wattbench::core::record
