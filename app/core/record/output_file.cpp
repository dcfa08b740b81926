#include "app/core/record/output_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>
#include <utility>

namespace wattbench::core::record {

OutputFile::OutputFile(std::string path, Mode mode) : path_(std::move(path)) {
    const int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (mode == Mode::append ? O_APPEND : O_TRUNC);
    do {
        fd_ = ::open(path_.c_str(), flags, 0644);
    } while (fd_ < 0 && errno == EINTR);
    if (fd_ < 0) {
        fail("cannot create");
    }
}

OutputFile::~OutputFile() {
    if (fd_ >= 0) {
        ::close(fd_);
    }
}

OutputFile::OutputFile(OutputFile&& other) noexcept
    : path_(std::move(other.path_)), fd_(std::exchange(other.fd_, -1)) {}

OutputFile& OutputFile::operator=(OutputFile&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) {
            ::close(fd_);
        }
        path_ = std::move(other.path_);
        fd_ = std::exchange(other.fd_, -1);
    }
    return *this;
}

void OutputFile::write_all(std::string_view data, std::size_t* written) {
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd_, data.data() + done, data.size() - done);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            if (written != nullptr) {
                *written = done;
            }
            fail("cannot write");
        }
        done += static_cast<std::size_t>(n);
    }
    if (written != nullptr) {
        *written = done;
    }
}

void OutputFile::datasync() {
    if (::fdatasync(fd_) != 0) {
        fail("cannot sync");
    }
}

void OutputFile::sync() {
    if (::fsync(fd_) != 0) {
        fail("cannot sync");
    }
}

void OutputFile::close() {
    if (fd_ < 0) {
        return;
    }
    const int fd = std::exchange(fd_, -1);
    // Linux releases the descriptor even when close fails, so it must not be retried.
    if (::close(fd) != 0 && errno != EINTR) {
        fail("cannot close");
    }
}

void OutputFile::fail(const char* what) const {
    throw std::system_error(errno, std::generic_category(), std::string(what) + " " + path_);
}

}  // namespace wattbench::core::record
