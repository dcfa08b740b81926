#include "app/core/report/summary_table.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <tuple>

#include "app/core/report/channel_presentation.hpp"
#include "app/core/report/manifest_fields.hpp"
#include "app/core/report/value_format.hpp"

namespace wattbench::core::report {

namespace {

struct ChannelKey {
    std::string device;
    std::string channel;
    ChannelPresentation presentation;
    std::tuple<SummaryGroup, std::size_t, std::size_t> order;
};

// Position of `wanted` among the array's items by their `key`, or past the end (plus the
// order of first appearance) so channels missing from the manifest keep their phases.csv order
// after the listed ones.
std::size_t rank(const nlohmann::json* array, std::string_view key, std::string_view wanted,
                 std::size_t appearance) {
    if (array != nullptr && array->is_array()) {
        for (std::size_t i = 0; i < array->size(); ++i) {
            if (text_of(member(&(*array)[i], key)) == wanted) {
                return i;
            }
        }
    }
    return std::numeric_limits<std::size_t>::max() / 2 + appearance;
}

std::vector<ChannelKey> summary_channels(const RunData& run) {
    std::vector<ChannelKey> keys;
    std::vector<std::string> devices_seen;
    for (std::size_t i = 0; i < run.rows.size(); ++i) {
        const PhaseRow& row = run.rows[i];
        const bool known = std::any_of(keys.begin(), keys.end(), [&](const ChannelKey& k) {
            return k.device == row.device && k.channel == row.channel;
        });
        if (known) {
            continue;
        }
        auto presentation = present_channel(run.manifest, row.device, row.channel, row.unit);
        if (presentation.group == SummaryGroup::none) {
            continue;
        }
        auto seen = std::find(devices_seen.begin(), devices_seen.end(), row.device);
        if (seen == devices_seen.end()) {
            seen = devices_seen.insert(devices_seen.end(), row.device);
        }
        const auto appearance = static_cast<std::size_t>(seen - devices_seen.begin());
        const auto* device = find_device(run.manifest, row.device);
        const std::size_t device_rank =
            rank(member(run.manifest, "devices"), "id", row.device, appearance);
        const std::size_t channel_rank = rank(member(device, "channels"), "name", row.channel, i);
        keys.push_back({row.device,
                        row.channel,
                        presentation,
                        {presentation.group, device_rank, channel_rank}});
    }
    std::stable_sort(keys.begin(), keys.end(),
                     [](const ChannelKey& a, const ChannelKey& b) { return a.order < b.order; });
    return keys;
}

SummaryCell cell_for(const PhaseView& phase, const ChannelKey& key) {
    const auto it = std::find_if(phase.rows.begin(), phase.rows.end(), [&](const PhaseRow* r) {
        return r->device == key.device && r->channel == key.channel;
    });
    if (it == phase.rows.end()) {
        return {};
    }
    const PhaseRow& row = **it;
    const bool low = row.coverage < kCoverageWarning;
    if (row.mean) {
        return {CellKind::number, format_fixed(*row.mean, key.presentation.decimals), low};
    }
    if (key.presentation.group == SummaryGroup::state && row.samples > 0) {
        return {CellKind::not_numeric, format_states(row.states), low};
    }
    return {};
}

}  // namespace

SummaryTable build_summary(const RunData& run, const std::vector<PhaseView>& phases) {
    SummaryTable table;
    for (const auto& phase : phases) {
        if (!phase.rows.empty()) {
            table.columns.push_back(&phase);
        }
    }
    for (const auto& key : summary_channels(run)) {
        SummaryRow row;
        row.label = key.presentation.label;
        for (const PhaseView* phase : table.columns) {
            row.cells.push_back(cell_for(*phase, key));
        }
        table.rows.push_back(std::move(row));
    }
    return table;
}

}  // namespace wattbench::core::report
