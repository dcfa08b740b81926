#include "drivers/pdu_snmp/secret.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace wattbench::drivers::pdu_snmp {

std::variant<std::string, api::DeviceError> load_secret(const std::string& file, const char* env,
                                                        const char* what) {
    if (file.empty()) {
        const char* v = std::getenv(env);
        if (v && *v) {
            return std::string(v);
        }
        return api::DeviceError{api::ErrorKind::auth, std::string("no ") + what + ": set " + env +
                                                          " or the matching *_file option"};
    }
    auto fail = [&](const std::string& why) {
        return api::DeviceError{api::ErrorKind::config,
                                std::string(what) + " file " + file + ": " + why};
    };
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        return fail(std::strerror(errno));
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return fail("not a regular file");
    }
    if ((st.st_mode & 077) != 0) {
        ::close(fd);
        return fail("group or others may read it; run chmod 600 " + file);
    }
    // SNMP limits a community and a USM passphrase far below this.
    std::array<char, 1024> buf{};
    const ssize_t n = ::read(fd, buf.data(), buf.size());
    ::close(fd);
    if (n < 0 || static_cast<std::size_t>(n) == buf.size()) {
        ::explicit_bzero(buf.data(), buf.size());
        return fail(n < 0 ? std::strerror(errno) : "longer than 1023 bytes");
    }
    std::string text(buf.data(), static_cast<std::size_t>(n));
    ::explicit_bzero(buf.data(), buf.size());
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) {
        text.pop_back();
    }
    if (text.empty()) {
        return fail("empty");
    }
    return text;
}

}  // namespace wattbench::drivers::pdu_snmp
