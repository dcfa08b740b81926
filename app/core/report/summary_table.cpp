#include "app/core/report/summary_table.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <iterator>
#include <limits>
#include <tuple>

#include <fmt/format.h>

#include "app/core/i18n/translate.hpp"
#include "app/core/report/background_noise.hpp"
#include "app/core/report/channel_presentation.hpp"
#include "app/core/report/performance.hpp"
#include "app/core/report/threshold_kinds.hpp"
#include "app/core/report/utc_time.hpp"
#include "app/core/report/value_format.hpp"
#include "app/core/rundir/manifest_lookup.hpp"

namespace wattbench::core::report {

namespace {

struct ChannelKey {
    std::string device;
    std::string channel;
    ChannelPresentation presentation;
    std::tuple<SummaryGroup, std::size_t, std::size_t> order;
};

// Position of the item named `wanted` (by `name_of`), or past the end (plus the order of first
// appearance) so channels missing from the manifest keep their phases.csv order after the
// listed ones.
template <typename Item, typename NameOf>
std::size_t rank(const std::vector<Item>* items, NameOf name_of, std::string_view wanted,
                 std::size_t appearance) {
    if (items != nullptr) {
        for (std::size_t i = 0; i < items->size(); ++i) {
            if (name_of((*items)[i]) == wanted) {
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
        auto presentation = present_channel(run.info, row.device, row.channel, row.unit);
        if (presentation.group == SummaryGroup::none) {
            continue;
        }
        auto seen = std::find(devices_seen.begin(), devices_seen.end(), row.device);
        if (seen == devices_seen.end()) {
            seen = devices_seen.insert(devices_seen.end(), row.device);
        }
        const auto appearance = static_cast<std::size_t>(seen - devices_seen.begin());
        const auto* device = rundir::find_device(run.info, row.device);
        const std::size_t device_rank = rank(
            &run.info.devices, [](const rundir::Device& d) { return d.id; }, row.device,
            appearance);
        const std::size_t channel_rank = rank(
            device ? &device->channels : nullptr, [](const rundir::Channel& c) { return c.name; },
            row.channel, i);
        keys.push_back({row.device,
                        row.channel,
                        presentation,
                        {presentation.group, device_rank, channel_rank}});
    }
    std::stable_sort(keys.begin(), keys.end(),
                     [](const ChannelKey& a, const ChannelKey& b) { return a.order < b.order; });
    return keys;
}

std::string_view group_key(SummaryGroup g) {
    switch (g) {
        case SummaryGroup::power:
            return "power";
        case SummaryGroup::apparent_power:
            return "apparent_power";
        case SummaryGroup::power_factor:
            return "power_factor";
        case SummaryGroup::temperature:
            return "temperature";
        case SummaryGroup::fan:
            return "fan";
        case SummaryGroup::voltage:
            return "voltage";
        case SummaryGroup::sound:
            return "noise";
        case SummaryGroup::utilisation:
            return "utilisation";
        case SummaryGroup::state:
            return "state";
        case SummaryGroup::none:
            break;
    }
    return "value";
}

SummaryCell make_cell(CellKind kind, std::string text, bool low_coverage,
                      std::optional<double> value = std::nullopt) {
    SummaryCell cell;
    cell.kind = kind;
    cell.text = std::move(text);
    cell.low_coverage = low_coverage;
    cell.value = value;
    return cell;
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
        SummaryCell cell = make_cell(
            CellKind::number, format_fixed(*row.mean, key.presentation.decimals), low, row.mean);
        if (std::isfinite(row.uncertainty)) {
            const double absolute = std::abs(*row.mean) * row.uncertainty;
            // At least one significant digit: "± 0.04" rather than "± 0.0" for a small spread.
            int decimals = key.presentation.decimals;
            while (decimals < 6 && absolute > 0.0 && absolute < 0.95 * std::pow(10.0, -decimals)) {
                ++decimals;
            }
            cell.uncertainty = format_fixed(absolute, decimals);
            cell.uncertainty_value = absolute;
        }
        return cell;
    }
    if (key.presentation.group == SummaryGroup::state && row.samples > 0) {
        return make_cell(CellKind::not_numeric, format_states(row.states), low);
    }
    return {};
}

// "UNC 85 · UC 95": the limits a reading is compared with in the review's table. A temperature
// (or power, noise) only has a ceiling that matters, a fan a floor, a voltage both.
std::string limits_of(const RunData& run, const ChannelKey& key) {
    const auto* channel = rundir::find_channel(run.info, key.device, key.channel);
    std::string out;
    const bool lower = key.presentation.group != SummaryGroup::temperature &&
                       key.presentation.group != SummaryGroup::power &&
                       key.presentation.group != SummaryGroup::apparent_power &&
                       key.presentation.group != SummaryGroup::sound;
    const bool upper = key.presentation.group != SummaryGroup::fan;
    for (const auto& kind : kThresholdKinds) {
        if (kind.lower ? !lower : !upper) {
            continue;
        }
        if (const auto limit = channel ? kind.of(channel->thresholds) : std::nullopt) {
            if (!out.empty()) {
                out += " · ";
            }
            out += fmt::format("{} {}", kind.abbreviation,
                               format_fixed(*limit, key.presentation.decimals));
        }
    }
    return out;
}

// Where a row of `group` goes: after the last row of its group or of any group before it.
std::size_t insert_position(const SummaryTable& table, SummaryGroup group) {
    std::size_t at = 0;
    for (std::size_t i = 0; i < table.rows.size(); ++i) {
        if (table.rows[i].group <= group) {
            at = i + 1;
        }
    }
    return at;
}

std::optional<double> window_seconds(const PhaseView& phase) {
    const auto from = parse_utc_ms(phase.window_start);
    const auto to = parse_utc_ms(phase.window_end);
    if (!from || !to || *to < *from) {
        return std::nullopt;
    }
    return static_cast<double>(*to - *from) / 1000.0;
}

}  // namespace

void add_review_rows(SummaryTable& table, const RunData& run,
                     const std::vector<PhaseView>& phases) {
    if (table.columns.empty()) {
        return;
    }
    if (const auto wall = wall_power_channel(run)) {
        SummaryRow energy;
        energy.label_message = {
            i18n::noop_tr("Energy in window [Wh] (mean power × window length, {}/{})"),
            {i18n::text_arg(wall->device), i18n::text_arg(wall->channel)}};
        energy.label = energy.label_message.in(i18n::Language::en);
        energy.group = SummaryGroup::power;
        energy.key = fmt::format("energy:{}/{}", wall->device, wall->channel);
        energy.unit = "Wh";
        for (const PhaseView* phase : table.columns) {
            SummaryCell cell;
            const auto seconds = window_seconds(*phase);
            for (const PhaseRow* row : phase->rows) {
                if (row->device == wall->device && row->channel == wall->channel && row->mean &&
                    seconds) {
                    const double wh = *row->mean * *seconds / 3600.0;
                    cell = make_cell(CellKind::number, format_ratio(wh),
                                     row->coverage < kCoverageWarning, wh);
                }
            }
            energy.cells.push_back(std::move(cell));
        }
        const bool any =
            std::any_of(energy.cells.begin(), energy.cells.end(),
                        [](const SummaryCell& c) { return c.kind != CellKind::no_data; });
        if (any) {
            table.rows.insert(table.rows.begin() + static_cast<std::ptrdiff_t>(
                                                       insert_position(table, SummaryGroup::power)),
                              std::move(energy));
        }
    }

    const auto noise = noise_rows(run, phases);
    std::vector<std::pair<std::string, std::string>> noise_channels;
    for (const auto& n : noise) {
        const std::pair<std::string, std::string> id{n.row->device, n.row->channel};
        if (std::find(noise_channels.begin(), noise_channels.end(), id) == noise_channels.end()) {
            noise_channels.push_back(id);
        }
    }
    std::vector<SummaryRow> corrected_rows;
    for (const auto& [device, channel] : noise_channels) {
        SummaryRow row;
        row.group = SummaryGroup::sound;
        row.key = fmt::format("noise_corrected:{}/{}", device, channel);
        for (const PhaseView* phase : table.columns) {
            SummaryCell cell;
            for (const auto& n : noise) {
                if (n.phase != phase || n.row->device != device || n.row->channel != channel) {
                    continue;
                }
                row.unit = display_unit(n.row->unit);
                if (n.corrected.kind == CorrectedLevel::Kind::invalid) {
                    cell =
                        make_cell(CellKind::not_numeric, std::string(kBelowBackgroundCell), false);
                } else {
                    cell = make_cell(CellKind::number, format_fixed(n.corrected.level_db, 1),
                                     n.row->coverage < kCoverageWarning, n.corrected.level_db);
                }
            }
            row.cells.push_back(std::move(cell));
        }
        row.label_message = {
            i18n::noop_tr("Noise Leq, background-corrected [{}] ({}/{})"),
            {i18n::text_arg(row.unit), i18n::text_arg(device), i18n::text_arg(channel)}};
        row.label = row.label_message.in(i18n::Language::en);
        corrected_rows.push_back(std::move(row));
    }
    table.rows.insert(table.rows.begin() +
                          static_cast<std::ptrdiff_t>(insert_position(table, SummaryGroup::sound)),
                      std::make_move_iterator(corrected_rows.begin()),
                      std::make_move_iterator(corrected_rows.end()));

    const auto perf = phase_performance(run, phases);
    const auto wall = wall_power_channel(run);
    std::vector<std::string> units;
    for (const auto& p : perf) {
        if (std::find(units.begin(), units.end(), p.unit) == units.end()) {
            units.push_back(p.unit);
        }
    }
    for (const auto& unit : units) {
        SummaryRow score;
        score.label_message = {i18n::noop_tr("Score [{}]"), {i18n::text_arg(unit)}};
        score.label = score.label_message.in(i18n::Language::en);
        score.key = "score:" + unit;
        score.unit = unit;
        SummaryRow ratio;
        ratio.label_message =
            wall ? i18n::Message{i18n::noop_tr("Score per watt [{}/W] ({}/{})"),
                                 {i18n::text_arg(unit), i18n::text_arg(wall->device),
                                  i18n::text_arg(wall->channel)}}
                 : i18n::Message{i18n::noop_tr("Score per watt [{}/W]"), {i18n::text_arg(unit)}};
        ratio.label = ratio.label_message.in(i18n::Language::en);
        ratio.key = "score_per_watt:" + unit;
        ratio.unit = unit + "/W";
        for (const PhaseView* column : table.columns) {
            SummaryCell s;
            SummaryCell r;
            for (const auto& p : perf) {
                if (p.phase == column && p.unit == unit) {
                    s = make_cell(CellKind::number, fmt::format("{}", p.score), false, p.score);
                    if (p.score_per_watt) {
                        r = make_cell(CellKind::number, format_ratio(*p.score_per_watt), false,
                                      p.score_per_watt);
                    }
                }
            }
            score.cells.push_back(std::move(s));
            ratio.cells.push_back(std::move(r));
        }
        table.rows.push_back(std::move(score));
        table.rows.push_back(std::move(ratio));
    }
}

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
        row.label_message = key.presentation.label_message;
        row.group = key.presentation.group;
        row.key =
            fmt::format("{}:{}/{}", group_key(key.presentation.group), key.device, key.channel);
        row.unit = key.presentation.unit;
        row.limits = limits_of(run, key);
        for (const PhaseView* phase : table.columns) {
            row.cells.push_back(cell_for(*phase, key));
        }
        table.rows.push_back(std::move(row));
    }
    return table;
}

}  // namespace wattbench::core::report
