#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "drivers/api/quantity.hpp"

namespace wattbench::metrics {

enum class FamilyType { gauge, counter, stateset, info };

// One metric family as OpenMetrics names it: a counter's samples add `_total` and an info's
// `_info` to `name`.
struct Family {
    std::string name;
    FamilyType type = FamilyType::gauge;
    std::string unit;  // OpenMetrics UNIT, a suffix of `name`; empty: none
    std::string help;
    std::vector<std::string> labels;  // in the order they are written
};

// Where a channel's readings go: the family and the factor to its base unit.
struct ChannelFamily {
    std::size_t family = 0;
    double scale = 1.0;
    std::string weighting;    // sound: the `weighting` label ("A", "C", "none"); else empty
    bool unit_label = false;  // the fallback family carries the channel's own unit
};

// Every family wattbench exposes, names and label names checked when added, and the rule that
// maps a channel's quantity and unit onto them (issue 16): base units, plural unit suffixes,
// and `wattbench_reading{unit=…}` for anything else rather than dropping it.
class FamilyRegistry {
public:
    // The families of the issue, in the order the exposition writes them.
    static const FamilyRegistry& standard();

    // Throws std::invalid_argument for a bad metric or label name or a duplicate family.
    std::size_t add(Family family);

    const std::vector<Family>& families() const { return families_; }
    const Family& family(std::size_t i) const { return families_.at(i); }
    std::size_t index(std::string_view name) const;  // throws std::out_of_range if absent

    // Numeric channels only (discrete ones go to the StateSet).
    ChannelFamily for_channel(drivers::api::Quantity quantity, std::string_view unit) const;

private:
    struct Rule {
        drivers::api::Quantity quantity;
        std::string_view unit;
        std::size_t family;
        double scale;
        std::string_view weighting;
    };
    std::vector<Family> families_;
    std::vector<Rule> rules_;
    std::size_t fallback_ = 0;
};

}  // namespace wattbench::metrics
