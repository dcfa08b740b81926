#include "drivers/http/password.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace wattbench::drivers::http {

namespace {

// Longer than any device accepts; a bigger file is not a password file.
constexpr std::size_t kMaxPassword = 256;

api::DeviceError file_error(const std::string& file, const std::string& why) {
    return api::DeviceError{api::ErrorKind::config, "password_file " + file + ": " + why};
}

}  // namespace

std::variant<std::string, api::DeviceError> load_password(const std::string& file,
                                                          const char* env_name,
                                                          std::string_view what) {
    if (file.empty()) {
        if (const char* env = std::getenv(env_name)) {
            return std::string(env);
        }
        return api::DeviceError{
            api::ErrorKind::auth,
            "no " + std::string(what) + ": set " + env_name + " or the password_file option"};
    }
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        return file_error(file, std::strerror(errno));
    }
    struct stat st {};
    const bool regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    const unsigned mode = static_cast<unsigned>(st.st_mode & 07777);
    std::string text;
    if (regular && (mode & 077) == 0) {
        text.resize(kMaxPassword + 2);
        const ssize_t n = ::read(fd, text.data(), text.size());
        text.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
    }
    ::close(fd);
    if (!regular) {
        return file_error(file, "not a regular file");
    }
    if ((mode & 077) != 0) {
        return file_error(file, "refused: group or others may access it (mode 0" +
                                    std::to_string((mode >> 6) & 7) +
                                    std::to_string((mode >> 3) & 7) + std::to_string(mode & 7) +
                                    "); run chmod 600 " + file);
    }
    // An editor's final newline is never part of the password.
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) {
        text.pop_back();
    }
    if (text.size() > kMaxPassword) {
        ::explicit_bzero(text.data(), text.size());
        return file_error(file, "longer than 256 bytes: not a password");
    }
    return text;
}

}  // namespace wattbench::drivers::http
