#pragma once

#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "app/core/profile/loader.hpp"

namespace wattbench::core::profile::testing {

inline constexpr const char* test_file = "test.toml";

// The error as users see it, or "(loaded)" so that a wrong acceptance shows in the diff.
inline std::string load_error(const std::string& text, const LoadContext& ctx = {}) {
    auto result = load_profile_text(text, test_file, ctx);
    if (const auto* error = std::get_if<ProfileError>(&result)) {
        return error->to_string();
    }
    return "(loaded)";
}

inline Profile load_ok(const std::string& text, const LoadContext& ctx = {}) {
    auto result = load_profile_text(text, test_file, ctx);
    if (const auto* error = std::get_if<ProfileError>(&result)) {
        ADD_FAILURE() << error->to_string();
        return {};
    }
    return std::get<Profile>(std::move(result));
}

}  // namespace wattbench::core::profile::testing
