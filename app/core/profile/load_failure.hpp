#pragma once

#include <exception>
#include <utility>

#include "app/core/profile/profile_error.hpp"

namespace wattbench::core::profile {

// Carries the first error out of the nested readers; the loader turns it back into a value
// before anything leaves the library.
struct LoadFailure : std::exception {
    explicit LoadFailure(ProfileError e) : error(std::move(e)) {}
    const char* what() const noexcept override { return "profile error"; }

    ProfileError error;
};

}  // namespace wattbench::core::profile
