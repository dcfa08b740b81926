#pragma once

#include <string>

#include "app/core/profile/profile.hpp"

namespace wattbench::core::profile {

// Why a profile was refused, located so that an editor can jump to it.
struct ProfileError {
    SourceLocation location;
    std::string
        key;  // dotted path such as "run.window", "device[1].connection", "phase[3].workers"
    std::string message;

    // "FILE:LINE:COL: KEY: MESSAGE"; a zero line or column and an empty key are left out.
    std::string to_string() const;
};

}  // namespace wattbench::core::profile
