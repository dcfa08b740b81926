#include "drivers/rohde_schwarz/dialect.hpp"

#include "drivers/rohde_schwarz/codec.hpp"
#include "drivers/scpi_analyzer/model.hpp"
#include "drivers/scpi_analyzer/text.hpp"

namespace wattbench::drivers::rohde_schwarz {
namespace {

using scpi_analyzer::Item;

Function function_of(Item item) {
    switch (item) {
        case Item::power:
            return Function::p;
        case Item::apparent_power:
            return Function::s;
        case Item::reactive_power:
            return Function::q;
        case Item::power_factor:
            return Function::lamb;
        case Item::voltage:
            return Function::urms;
        case Item::current:
            return Function::irms;
        case Item::frequency:
            return Function::fu;
        case Item::energy:
            return Function::wh;
    }
    return Function::p;
}

scpi_analyzer::Dialect make() {
    scpi_analyzer::Dialect d;
    d.family = "Rohde&Schwarz";
    d.parse_identity = [](std::string_view line) { return parse_identity(line); };
    d.item_spelling = [](Item item, int element, const scpi_analyzer::Model&) {
        return element == 1 ? std::string(token(function_of(item))) : std::string();
    };
    // The values come back in the order of this list (power-overwhelming reads tokens 0…n).
    d.select_items = [](const std::vector<std::string>& spellings) {
        std::string c = "CHAN1:MEAS:FUNC ";
        for (std::size_t i = 0; i < spellings.size(); ++i) {
            c += (i ? "," : "") + spellings[i];
        }
        return std::vector<std::string>{c};
    };
    d.read_query = [](const std::vector<std::string>&) { return std::string(data_query); };
    d.parse_value = [](std::string_view field) {
        auto v = parse_values(field, 1);
        if (auto* ok = std::get_if<std::vector<Value>>(&v)) {
            return scpi_analyzer::Value{ok->front().status, ok->front().value};
        }
        return scpi_analyzer::Value{api::Status::error, 0.0};
    };
    // The R&S driver's `CHAN1:VOLT:RANG` form first, then power-overwhelming's `CHAN1:ACQ:`
    // form (UNCONFIRMED): a meter that knows only one queues -113 for the other, which the
    // closing *CLS clears. The range read-back uses the R&S form.
    d.range_commands = [](const scpi_analyzer::Range& volts, const scpi_analyzer::Range& amps,
                          const scpi_analyzer::Model&) {
        std::vector<std::string> out;
        for (auto form : {RangeForm::plain, RangeForm::acq}) {
            for (const auto& c : range_commands(form, true, volts)) {
                out.push_back(c);
            }
            for (const auto& c : range_commands(form, false, amps)) {
                out.push_back(c);
            }
        }
        out.push_back("*CLS");
        return out;
    };
    d.range_queries = {range_query(RangeForm::plain, true), range_query(RangeForm::plain, false)};
    d.integrator_start = integrator_commands();
    // `INT ON|OFF` is the state's command [S26][S29]; its query form is UNCONFIRMED, so a meter
    // that does not answer it costs a warning at open, not the run.
    d.integrator_query = "INT?";
    d.integrator_running = [](std::string_view line) {
        const auto v = scpi_analyzer::trim(line);
        return v == "1" || v == "ON" || v == "on";
    };
    d.closing = {"SYST:LOC"};
    return d;
}

}  // namespace

const scpi_analyzer::Dialect& hmc8015_dialect() {
    static const scpi_analyzer::Dialect d = make();
    return d;
}

}  // namespace wattbench::drivers::rohde_schwarz
