#include "app/core/profile/recipe_search.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace wattbench::core::profile {

namespace fs = std::filesystem;

std::vector<std::string> recipe_search_path(const std::string& profile_path) {
    std::vector<std::string> candidates;
    if (const char* env = std::getenv("WATTBENCH_WORKLOADS")) {
        std::istringstream parts(env);
        std::string part;
        while (std::getline(parts, part, ':')) {
            if (!part.empty()) {
                candidates.push_back(part);
            }
        }
    }
    std::error_code ec;
    if (!profile_path.empty()) {
        const fs::path folder = fs::absolute(profile_path, ec).parent_path();
        candidates.push_back((folder.parent_path() / "workloads").string());
    }
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        candidates.push_back(
            (exe.parent_path().parent_path() / "share/wattbench/workloads").string());
    }
    candidates.push_back(WATTBENCH_INSTALL_WORKLOADS);
    candidates.push_back(WATTBENCH_SOURCE_WORKLOADS);

    std::vector<std::string> out;
    for (const auto& c : candidates) {
        const fs::path canonical = fs::weakly_canonical(c, ec);
        if (ec || !fs::is_directory(canonical, ec)) {
            continue;
        }
        if (std::find(out.begin(), out.end(), canonical.string()) == out.end()) {
            out.push_back(canonical.string());
        }
    }
    return out;
}

}  // namespace wattbench::core::profile
