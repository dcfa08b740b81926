#include "app/core/record/json_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>

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

std::optional<IoError> write_and_rename(const std::string& tmp, const std::string& path,
                                        const std::string& text) {
    std::optional<OutputFile> file;
    try {
        file.emplace(tmp);
    } catch (const std::system_error& e) {
        return IoError{tmp, e.code(), "create"};
    }
    if (auto e = file->try_write_all(text)) {
        return e;
    }
    if (auto e = file->try_sync()) {
        return e;
    }
    if (auto e = file->try_close()) {
        return e;
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        return IoError{path, std::error_code(errno, std::generic_category()), "rename"};
    }
    return std::nullopt;
}

}  // namespace

std::optional<IoError> try_write_json_atomically(const std::string& path,
                                                 const nlohmann::json& value) {
    const std::string tmp = path + ".tmp";
    std::string text = value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
    text.push_back('\n');
    if (auto e = write_and_rename(tmp, path, text)) {
        ::unlink(tmp.c_str());
        // The user knows the file by its own name, not by the temporary one.
        e->path = path;
        return e;
    }
    sync_directory_of(path);
    return std::nullopt;
}

void write_json_atomically(const std::string& path, const nlohmann::json& value) {
    if (auto e = try_write_json_atomically(path, value)) {
        throw std::system_error(e->code, "cannot " + e->operation + " " + e->path);
    }
}

std::optional<std::string> replace_file_atomically(
    const std::string& path, const std::function<std::optional<std::string>(OutputFile&)>& fill) {
    const std::string tmp = path + ".rework";
    std::optional<std::string> error;
    try {
        OutputFile out(tmp);
        error = fill(out);
        if (!error) {
            out.sync();
        }
        out.close();
    } catch (const std::exception& e) {
        error = e.what();
    }
    if (!error) {
        std::error_code ec;
        std::filesystem::rename(tmp, path, ec);
        if (!ec) {
            sync_directory_of(path);
            return std::nullopt;
        }
        error = fmt::format("{}: cannot replace: {}", path, ec.message());
    }
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    return error;
}

}  // namespace wattbench::core::record
