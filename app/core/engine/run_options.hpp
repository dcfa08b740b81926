#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace wattbench::core::engine {

struct RunOptions {
    std::string out_dir;  // empty: runs/<name>-<UTC timestamp> under the current directory
    bool force = false;   // allow a non-empty out_dir
    nlohmann::json overrides = nlohmann::json::object();  // recorded in the manifest as given
};

}  // namespace wattbench::core::engine
