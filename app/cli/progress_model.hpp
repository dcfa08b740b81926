#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "app/core/engine/observer.hpp"
#include "app/core/profile/profile.hpp"

namespace wattbench::cli {

// What the terminal shows, kept up to date from engine callbacks under one short lock.
class ProgressModel {
public:
    explicit ProgressModel(const core::profile::Profile& profile) : profile_(profile) {}

    void set_catalog(const core::record::Catalog& catalog);
    void on_readings(std::span<const core::record::Sample> samples);
    void on_stage(const core::engine::StageChange& change);

    struct View {
        std::string phase;
        std::string stage;
        std::size_t phase_number = 0;  // 1-based; 0 before the first
        std::size_t phase_count = 0;
        double stage_fraction = 0.0;
        std::chrono::nanoseconds stage_left{0};
        bool until_stable = false;  // a warm-up waiting for a steady state: stage_left is its most
        std::chrono::nanoseconds run_left{0};
        std::vector<std::string> values;  // "power 128.9 W"
    };
    View view(std::chrono::steady_clock::time_point now) const;

private:
    const core::profile::Profile& profile_;
    mutable std::mutex mutex_;
    core::engine::StageChange stage_;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> key_channels_;
    std::vector<std::string> labels_;
    std::vector<std::string> units_;
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::string> latest_;
};

}  // namespace wattbench::cli
