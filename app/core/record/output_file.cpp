#include "app/core/record/output_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <mutex>
#include <system_error>
#include <utility>

namespace wattbench::core::record {

namespace {

struct InjectedFailure {
    std::mutex mutex;
    std::string suffix;
    int error = 0;
    std::uint64_t budget = 0;  // bytes that may still be written before the failure
    std::atomic<bool> armed{false};
};

InjectedFailure& injected() {
    static InjectedFailure f;
    return f;
}

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// How many of `want` bytes may be written to `path` before the injected failure; `want` when
// no failure is armed for it. Sets `fail` to the errno to report after those bytes.
std::size_t injected_allowance(const std::string& path, std::size_t want, int& fail) {
    auto& f = injected();
    fail = 0;
    if (!f.armed.load(std::memory_order_acquire)) {
        return want;
    }
    std::lock_guard lock(f.mutex);
    if (f.suffix.empty() || !ends_with(path, f.suffix)) {
        return want;
    }
    if (want <= f.budget) {
        f.budget -= want;
        return want;
    }
    const auto allowed = static_cast<std::size_t>(f.budget);
    f.budget = 0;
    fail = f.error;
    return allowed;
}

}  // namespace

void OutputFile::inject_write_failure_for_testing(std::string suffix, int error,
                                                  std::uint64_t after_bytes) {
    auto& f = injected();
    std::lock_guard lock(f.mutex);
    f.suffix = std::move(suffix);
    f.error = error;
    f.budget = after_bytes;
    f.armed.store(!f.suffix.empty(), std::memory_order_release);
}

OutputFile::OutputFile(std::string path, Mode mode) : path_(std::move(path)) {
    const int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (mode == Mode::append ? O_APPEND : O_TRUNC);
    do {
        fd_ = ::open(path_.c_str(), flags, 0644);
    } while (fd_ < 0 && errno == EINTR);
    if (fd_ < 0) {
        raise(error("cannot create", errno));
    }
    struct stat st {};
    if (mode == Mode::append && ::fstat(fd_, &st) == 0) {
        size_ = static_cast<std::uint64_t>(st.st_size);
    }
}

OutputFile::~OutputFile() {
    if (fd_ >= 0) {
        ::close(fd_);
    }
}

OutputFile::OutputFile(OutputFile&& other) noexcept
    : path_(std::move(other.path_)),
      fd_(std::exchange(other.fd_, -1)),
      size_(std::exchange(other.size_, 0)) {}

OutputFile& OutputFile::operator=(OutputFile&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) {
            ::close(fd_);
        }
        path_ = std::move(other.path_);
        fd_ = std::exchange(other.fd_, -1);
        size_ = std::exchange(other.size_, 0);
    }
    return *this;
}

std::optional<IoError> OutputFile::try_write_all(std::string_view data, std::size_t* written) {
    int injected_error = 0;
    const std::size_t allowed = injected_allowance(path_, data.size(), injected_error);
    std::size_t done = 0;
    std::optional<IoError> failure;
    while (done < allowed) {
        const ssize_t n = ::write(fd_, data.data() + done, allowed - done);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            failure = error("cannot write", errno);
            break;
        }
        done += static_cast<std::size_t>(n);
        size_ += static_cast<std::uint64_t>(n);
    }
    if (!failure && injected_error != 0) {
        failure = error("cannot write", injected_error);
    }
    if (written != nullptr) {
        *written = done;
    }
    return failure;
}

std::optional<IoError> OutputFile::try_datasync() {
    if (::fdatasync(fd_) != 0) {
        return error("cannot sync", errno);
    }
    return std::nullopt;
}

std::optional<IoError> OutputFile::try_sync() {
    if (::fsync(fd_) != 0) {
        return error("cannot sync", errno);
    }
    return std::nullopt;
}

std::optional<IoError> OutputFile::try_close() {
    if (fd_ < 0) {
        return std::nullopt;
    }
    const int fd = std::exchange(fd_, -1);
    // Linux releases the descriptor even when close fails, so it must not be retried.
    if (::close(fd) != 0 && errno != EINTR) {
        return error("cannot close", errno);
    }
    return std::nullopt;
}

std::optional<IoError> OutputFile::try_truncate(std::uint64_t size) {
    if (::ftruncate(fd_, static_cast<off_t>(size)) != 0) {
        return error("cannot truncate", errno);
    }
    if (::lseek(fd_, static_cast<off_t>(size), SEEK_SET) < 0) {
        return error("cannot seek", errno);
    }
    size_ = size;
    return std::nullopt;
}

std::optional<IoError> OutputFile::try_lock_exclusive() {
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        return error("cannot lock", errno);
    }
    return std::nullopt;
}

void OutputFile::write_all(std::string_view data, std::size_t* written) {
    if (auto e = try_write_all(data, written)) {
        raise(*e);
    }
}

void OutputFile::datasync() {
    if (auto e = try_datasync()) {
        raise(*e);
    }
}

void OutputFile::sync() {
    if (auto e = try_sync()) {
        raise(*e);
    }
}

void OutputFile::close() {
    if (auto e = try_close()) {
        raise(*e);
    }
}

IoError OutputFile::error(const char* operation, int code) const {
    return IoError{path_, std::error_code(code, std::generic_category()), operation};
}

void OutputFile::raise(const IoError& e) {
    throw std::system_error(e.code, e.operation + " " + e.path);
}

}  // namespace wattbench::core::record
