#include "drivers/tektronix/dialect.hpp"

#include <algorithm>

#include "drivers/scpi_analyzer/model.hpp"
#include "drivers/tektronix/codec.hpp"

namespace wattbench::drivers::tektronix {
namespace {

using namespace std::chrono_literals;

// Where each item's mnemonic sits among the spellings the device read; nullopt: not read.
std::optional<std::size_t> index_of(const std::vector<std::string>& spellings, Item item) {
    auto it = std::find(spellings.begin(), spellings.end(), mnemonic(item));
    if (it == spellings.end()) {
        return std::nullopt;
    }
    return static_cast<std::size_t>(it - spellings.begin());
}

scpi_analyzer::Dialect make() {
    scpi_analyzer::Dialect d;
    d.family = "Tektronix";
    d.parse_identity = [](std::string_view line) { return parse_identity(line); };
    // Element 1 only: the facts give no command that addresses a PA3000 channel.
    d.item_spelling = [](Item item, int element, const scpi_analyzer::Model&) {
        return element == 1 ? std::string(mnemonic(item)) : std::string();
    };
    // One command per line: `:SEL:VLT;:SEL:AMP` is invalid on these meters.
    d.select_items = [](const std::vector<std::string>&) {
        return std::vector<std::string>{":SEL:CLR"};
    };
    d.select_item = [](const std::string& spelling) { return ":SEL:" + spelling; };
    d.read_query = [](const std::vector<std::string>&) { return std::string(":FRD?"); };
    d.parse_value = [](std::string_view field) { return parse_value(field); };
    // `:FRD?` answers in the instrument's display order, not the order of selection: the
    // `:FRF?` labels say which, else the documented display order is assumed.
    d.order_query = ":FRF?";
    d.parse_order =
        [](std::string_view line,
           const std::vector<std::string>& spellings) -> std::optional<std::vector<std::size_t>> {
        auto labels = parse_labels(line);
        if (!labels) {
            return std::nullopt;
        }
        std::vector<std::size_t> out;
        for (Item item : *labels) {
            auto at = index_of(spellings, item);
            if (!at) {
                return std::nullopt;
            }
            out.push_back(*at);
        }
        return out;
    };
    d.answer_order = [](const std::vector<std::string>& spellings) {
        std::vector<std::size_t> out;
        for (Item item : display_order()) {
            if (auto at = index_of(spellings, item)) {
                out.push_back(*at);
            }
        }
        return out;
    };
    d.ready_setup = {":DSE 2"};
    d.ready_query = ":DSR?";
    d.ready = [](std::string_view line) { return parse_new_data(line).value_or(false); };
    d.range_commands = [](const scpi_analyzer::Range& volts, const scpi_analyzer::Range& amps,
                          const scpi_analyzer::Model& model) {
        return std::vector<std::string>{
            range_command(true, range_code(model.voltage_ranges, volts)),
            range_command(false, range_code(model.current_ranges, amps))};
    };
    d.range_queries = {range_query(true), range_query(false)};
    d.parse_range = [](std::string_view line, std::span<const double> table) {
        return parse_range(line, table);
    };
    d.integrator_start = integrator_commands();
    d.quirks.answers_every_message = true;
    d.quirks.answers_only_on_tcp = true;
    d.quirks.answer_wait = 500ms;
    d.quirks.refused = [](std::string_view line) { return is_refusal(line); };
    d.quirks.command_gap = 500ms;
    return d;
}

}  // namespace

const scpi_analyzer::Dialect& pa_dialect() {
    static const scpi_analyzer::Dialect d = make();
    return d;
}

}  // namespace wattbench::drivers::tektronix
