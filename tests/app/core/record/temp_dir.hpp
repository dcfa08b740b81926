#pragma once

#include <filesystem>
#include <string>

namespace wattbench::core::record::testing {

// A fresh directory per test, removed afterwards, so tests can run in parallel under ctest.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    std::string file(const std::string& name) const { return (path_ / name).string(); }
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

std::string read_file(const std::string& path);

}  // namespace wattbench::core::record::testing
