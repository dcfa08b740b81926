#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace wattbench::core::record {

// A file written with plain write(2): no stdio buffer between the recorders and the kernel, so
// "flushed" means the bytes survive the process being killed. Failures throw std::system_error
// naming the path.
class OutputFile {
public:
    enum class Mode { truncate, append };

    explicit OutputFile(std::string path, Mode mode = Mode::truncate);
    ~OutputFile();
    OutputFile(OutputFile&& other) noexcept;
    OutputFile& operator=(OutputFile&& other) noexcept;
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    // Writes everything, retrying short writes and EINTR. When it throws, `written` (if given)
    // holds how much did reach the file, so a caller can keep only the rest for a retry.
    void write_all(std::string_view data, std::size_t* written = nullptr);
    void datasync();
    void sync();
    // Reports what close(2) reports (NFS may only fail here); the destructor cannot.
    void close();

    const std::string& path() const { return path_; }
    bool is_open() const { return fd_ >= 0; }

private:
    [[noreturn]] void fail(const char* what) const;

    std::string path_;
    int fd_ = -1;
};

}  // namespace wattbench::core::record
