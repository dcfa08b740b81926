#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/record/catalog.hpp"
#include "app/core/record/sample.hpp"

namespace wattbench::core::record {

// Watches every reading against its channel's thresholds (LNR … UNR) and discrete states,
// and says when a channel crosses into warning or critical, comes back, or changes state.
// Generic: any driver that declares thresholds gets events, whatever the instrument.
class ThresholdWatcher {
public:
    enum class Severity { normal, warning, critical };

    struct Event {
        Severity severity = Severity::normal;  // where the channel is now
        std::string message;
    };

    // Keeps a reference: `catalog` must outlive the watcher.
    explicit ThresholdWatcher(const Catalog& catalog);

    // The catalog grew in place (a device discovered its channels): watch the new channels too,
    // keeping what is known of the others.
    void catalog_grew();

    // An event when this reading changes the channel's zone or state; readings without a
    // value (unavailable, error) change nothing, so a gap is not reported as a recovery.
    std::optional<Event> observe(const Sample& s);

    // Pure: the zone a value is in. UNR/LNR count as critical.
    static Severity classify(double value, const drivers::api::Thresholds& t);

private:
    struct ChannelState {
        bool seen = false;
        Severity severity = Severity::normal;
        std::string state;
    };

    const Catalog& catalog_;
    std::vector<std::vector<ChannelState>> states_;  // [device][channel]
};

}  // namespace wattbench::core::record
