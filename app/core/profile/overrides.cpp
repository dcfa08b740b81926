#include "app/core/profile/overrides.hpp"

#include <string_view>

#include <fmt/format.h>

#include "app/core/profile/printable.hpp"

namespace wattbench::core::profile {

namespace {

// '*' matches any run of characters, including none; everything else matches itself.
bool glob_match(std::string_view pattern, std::string_view text) {
    std::size_t p = 0;
    std::size_t t = 0;
    std::size_t star = std::string_view::npos;
    std::size_t resume = 0;
    while (t < text.size()) {
        if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            resume = t;
        } else if (p < pattern.size() && pattern[p] == text[t]) {
            ++p;
            ++t;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            t = ++resume;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*') {
        ++p;
    }
    return p == pattern.size();
}

bool selects(const std::string& wanted, const PhaseSettings& phase) {
    if (wanted == phase.name || wanted == phase.template_name) {
        return true;
    }
    return wanted.find('*') != std::string::npos && glob_match(wanted, phase.name);
}

std::string phase_names(const Profile& profile) {
    std::string out;
    for (const auto& phase : profile.phases) {
        out += (out.empty() ? "" : ", ") + phase.name;
    }
    return out;
}

}  // namespace

std::optional<std::string> apply_overrides(Profile& profile, const Overrides& overrides) {
    if (overrides.window && overrides.window->count() <= 0) {
        return "--window must be longer than 0s";
    }
    if (overrides.warmup && overrides.warmup->count() < 0) {
        return "--warmup must not be negative";
    }

    std::vector<bool> keep(profile.phases.size(), overrides.only.empty());
    for (const std::string& wanted : overrides.only) {
        if (wanted.empty()) {
            return "--only: empty phase name";
        }
        bool matched = false;
        for (std::size_t i = 0; i < profile.phases.size(); ++i) {
            if (selects(wanted, profile.phases[i])) {
                keep[i] = true;
                matched = true;
            }
        }
        if (!matched) {
            return fmt::format("--only: no phase '{}'; the profile has: {}", printable(wanted),
                               phase_names(profile));
        }
    }

    std::vector<PhaseSettings> kept;
    for (std::size_t i = 0; i < profile.phases.size(); ++i) {
        if (keep[i]) {
            kept.push_back(std::move(profile.phases[i]));
        }
    }
    profile.phases = std::move(kept);
    for (auto& phase : profile.phases) {
        if (overrides.warmup) {
            // A fixed warm-up, for demos and tests: no waiting for a steady state.
            phase.warmup = *overrides.warmup;
            phase.warmup_until_stable.reset();
        }
        if (overrides.window) {
            phase.window = *overrides.window;
        }
    }
    return std::nullopt;
}

}  // namespace wattbench::core::profile
