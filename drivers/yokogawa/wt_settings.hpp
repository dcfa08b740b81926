#pragma once

#include <optional>
#include <vector>

#include "drivers/transport/connection.hpp"
#include "drivers/yokogawa/settings.hpp"
#include "drivers/yokogawa/wt_models.hpp"

namespace wattbench::drivers::yokogawa {

// The element argument of an item: 1…n, or Σ (sigma_element).
constexpr int sigma_element = 0;

// Settings of a WT500/WT1800/WT5000/WT3000/WT1600 device, checked against its model.
struct WtSettings {
    const WtModel* model = nullptr;
    transport::Endpoint endpoint;
    std::vector<int> elements{1};  // read in this order; sigma_element for Σ
    Range voltage_range;           // V, on every element read; nullopt: auto
    Range current_range;           // A
    bool integrate = true;
    std::optional<double> update_interval;  // s; :RATE when set
};

}  // namespace wattbench::drivers::yokogawa
