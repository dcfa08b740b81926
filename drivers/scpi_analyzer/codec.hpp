#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "drivers/api/channel_spec.hpp"
#include "drivers/api/device.hpp"
#include "drivers/api/reading.hpp"
#include "drivers/scpi_analyzer/dialect.hpp"
#include "drivers/scpi_analyzer/model.hpp"
#include "drivers/scpi_analyzer/settings.hpp"
#include "drivers/scpi_analyzer/text.hpp"

namespace wattbench::drivers::scpi_analyzer {

// The pure half of every table-driven analyzer: commands built from Dialect + Model +
// Settings, answers parsed back. Text in, values out; no I/O.

// Where one channel's value comes from.
struct Slot {
    Item item = Item::power;
    int element = 1;  // 1…n, or `sigma`
};

// The channels a model has under its dialect, the slot behind each (same order) and each
// slot's spelling in the dialect's item list.
struct Plan {
    std::vector<api::ChannelSpec> channels;
    std::vector<Slot> slots;
    std::vector<std::string> spellings;
};

// `power`, `power_2`, `power_sigma`.
std::string channel_name(Item item, int element);

// Every item the dialect spells on every element read (Settings::elements, or all;
// ascending, Σ last), with the
// model's power accuracy on the power channels (range = fixed V × A range, 0 when either is
// on auto or calibrated later).
Plan make_plan(const Model& model, const Settings& settings);

// Item selection at open (empty when the read query lists the items) and the poll's query.
std::vector<std::string> select_commands(const Dialect& dialect, const Plan& plan);
// `with_ranges`: the dialect's range queries appended to the items (Quirks::stream_ranges).
// `read_mode`: the Dialect::read_modes entry used instead of read_query, where it has any.
std::string read_query(const Dialect& dialect, const Plan& plan, bool with_ranges = false,
                       std::size_t read_mode = 0);
// `text` with the dialect's channel_mark replaced by `channel`.
std::string with_channel(const Dialect& dialect, std::string_view text, int channel);

// One answer to the read query: a reading per plan channel, in order (energy in Wh). A wrong
// field count or a field that is neither number nor sentinel is an error text.
std::variant<std::vector<api::Reading>, std::string> parse_answer(const Dialect& dialect,
                                                                  const Plan& plan,
                                                                  std::string_view line);

// The same, with the answer's field order (field j is plan channel order[j]; empty: plan
// order) and the phase flags sentinels raised (Value::phase_flag), one per flagged field.
// `with_ranges`: two more fields end the answer, the V and A range in use (a sentinel or an
// unreadable one leaves that range unset).
struct Answer {
    std::vector<api::Reading> readings;  // in plan order
    std::vector<std::string> phase_flags;
    std::optional<double> volts_in_use;
    std::optional<double> amps_in_use;
};
std::variant<Answer, std::string> parse_answer(const Dialect& dialect, const Plan& plan,
                                               std::string_view line,
                                               std::span<const std::size_t> order,
                                               bool with_ranges = false);
// Whether `order` maps every field to a distinct plan channel.
bool valid_order(std::span<const std::size_t> order, std::size_t channels);

// The identity answer through the dialect's hook (or the default); nullopt: not this family.
std::optional<api::DeviceIdentity> parse_identity(const Dialect& dialect, std::string_view line);
// Whether an identity is this model (Model::identity_models).
bool model_matches(const Model& model, const api::DeviceIdentity& identity);

// Commands that fix (or free) both ranges; empty when the family cannot set ranges. A family
// with element_range_commands gets them for each of `elements` (range_elements of the plan).
std::vector<std::string> range_commands(const Model& model, const Range& volts, const Range& amps,
                                        std::span<const int> elements = {});
// The real elements a plan reads (ascending, Σ left out): the ones with ranges of their own.
std::vector<int> range_elements(const Plan& plan);
// A range read-back line → V (volts = true) or A, through the dialect's hook or the default.
std::optional<double> parse_range_answer(const Model& model, bool volts, std::string_view line);

// Smallest range ≥ value in an ascending table; nullopt above the largest.
std::optional<double> smallest_range_at_least(std::span<const double> ranges, double value);
// MLPerf Power's ranging rule: V range = smallest ≥ the highest voltage seen, A range =
// smallest ≥ 1.1 × the highest current seen; a value above every range takes the largest.
struct FixedRanges {
    double volts = 0.0;
    double amps = 0.0;
};
FixedRanges mlperf_ranges(const Model& model, double max_volts, double max_amps);

}  // namespace wattbench::drivers::scpi_analyzer
