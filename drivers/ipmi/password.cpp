#include "drivers/ipmi/password.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace wattbench::drivers::ipmi {

namespace {

constexpr std::size_t kMaxPassword = 20;  // IPMI 2.0 passwords are at most 20 bytes

}  // namespace

std::variant<std::string, api::DeviceError> load_password(const std::string& file) {
    if (file.empty()) {
        const char* env = std::getenv("WATTBENCH_IPMI_PASSWORD");
        if (!env) {
            return api::DeviceError{api::ErrorKind::auth,
                                    "no BMC password: set WATTBENCH_IPMI_PASSWORD or the "
                                    "password_file option"};
        }
        if (std::strlen(env) > kMaxPassword) {
            return api::DeviceError{api::ErrorKind::auth,
                                    "WATTBENCH_IPMI_PASSWORD is longer than IPMI's 20 bytes"};
        }
        return std::string(env);
    }
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        return api::DeviceError{api::ErrorKind::config,
                                "password_file " + file + ": " + std::strerror(errno)};
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return api::DeviceError{api::ErrorKind::config,
                                "password_file " + file + ": not a regular file"};
    }
    if ((st.st_mode & (S_IRWXG | S_IRWXO)) != 0) {
        ::close(fd);
        char mode[8];
        std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
        return api::DeviceError{api::ErrorKind::config,
                                "password_file " + file + " is refused: its mode " + mode +
                                    " lets group or others access it; run chmod 600 " + file};
    }
    std::string text(64, '\0');
    const ssize_t n = ::read(fd, text.data(), text.size());
    ::close(fd);
    if (n < 0) {
        return api::DeviceError{api::ErrorKind::config,
                                "password_file " + file + ": " + std::strerror(errno)};
    }
    text.resize(static_cast<std::size_t>(n));
    // Editors add a final newline; it is never part of the password.
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) {
        text.pop_back();
    }
    if (text.size() > kMaxPassword) {
        return api::DeviceError{api::ErrorKind::config,
                                "password_file " + file + ": longer than IPMI's 20 bytes"};
    }
    return text;
}

}  // namespace wattbench::drivers::ipmi
