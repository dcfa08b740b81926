#pragma once

#include <string>
#include <vector>

namespace wattbench::core::profile {

// Where recipes are looked for, first match winning: the folders in WATTBENCH_WORKLOADS
// (colon-separated), workloads/ next to the profile's folder (profiles/ and workloads/ are
// siblings in the source tree and under /usr/share/wattbench), then next to the program
// (../share/wattbench/workloads), the install prefix's and the source tree's. Only folders that
// exist are listed. `profile_path` may be empty (no profile: `wattbench workload list`).
std::vector<std::string> recipe_search_path(const std::string& profile_path);

}  // namespace wattbench::core::profile
