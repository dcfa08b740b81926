#include "app/core/record/json_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include "app/core/record/output_file.hpp"

namespace wattbench::core::record {

namespace {

// Makes the rename itself durable. Best effort: some file systems refuse fsync on directories,
// and the data is already safe either way.
void sync_directory_of(const std::string& path) {
    std::string dir = std::filesystem::path(path).parent_path().string();
    if (dir.empty()) {
        dir = ".";
    }
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

}  // namespace

void write_json_atomically(const std::string& path, const nlohmann::json& value) {
    const std::string tmp = path + ".tmp";
    std::string text = value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
    text.push_back('\n');
    try {
        OutputFile file(tmp);
        file.write_all(text);
        file.sync();
        file.close();
        if (std::rename(tmp.c_str(), path.c_str()) != 0) {
            throw std::system_error(errno, std::generic_category(),
                                    "cannot rename " + tmp + " to " + path);
        }
    } catch (...) {
        ::unlink(tmp.c_str());
        throw;
    }
    sync_directory_of(path);
}

}  // namespace wattbench::core::record
