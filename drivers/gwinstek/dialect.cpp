#include "drivers/gwinstek/dialect.hpp"

#include <cstdio>

#include "drivers/scpi_analyzer/item.hpp"
#include "drivers/scpi_analyzer/model.hpp"
#include "drivers/scpi_analyzer/text.hpp"

namespace wattbench::drivers::gwinstek {
namespace {

using scpi_analyzer::Item;

// Function names of `:NUMERIC:NORMAL:ITEMn` (real GPM-8213 capture: U I P S FU LAMBDA Q FI;
// WH from the command lists [S19][S20]).
std::string spelling(Item item, int element, const scpi_analyzer::Model&) {
    return element == 1 ? std::string(scpi_analyzer::numeric_function(item)) : "";
}

std::vector<std::string> select(const std::vector<std::string>& items) {
    std::vector<std::string> out{":NUMERIC:NORMAL:NUMBER " + std::to_string(items.size())};
    for (std::size_t i = 0; i < items.size(); ++i) {
        out.push_back(":NUMERIC:NORMAL:ITEM" + std::to_string(i + 1) + " " + items[i]);
    }
    return out;
}

// `:INPut:VOLTage:RANGe 600V`, `:INPut:CURRent:RANGe 500mA` [S19]; auto as `…:AUTO ON` (the
// ON|OFF argument form is UNCONFIRMED; a fixed range ends auto-ranging by itself).
std::vector<std::string> ranges(const scpi_analyzer::Range& volts, const scpi_analyzer::Range& amps,
                                const scpi_analyzer::Model&) {
    std::vector<std::string> out;
    out.push_back(volts ? ":INPut:VOLTage:RANGe " + scpi_analyzer::format_range(*volts, "V")
                        : std::string(":INPut:VOLTage:AUTO ON"));
    out.push_back(amps ? ":INPut:CURRent:RANGe " + scpi_analyzer::format_range(*amps, "A")
                       : std::string(":INPut:CURRent:AUTO ON"));
    return out;
}

scpi_analyzer::Dialect make() {
    scpi_analyzer::Dialect d;
    d.family = "GW";  // `GWInstek` in the real *IDN?; `GW INSTEK` elsewhere
    d.write_terminator = "\r\n";
    d.greeting = {":COMMunicate:HEADer OFF", ":COMMunicate:VERBose OFF"};
    d.item_spelling = spelling;
    d.select_items = select;
    d.read_query = [](const std::vector<std::string>&) {
        return std::string(":NUMERIC:NORMAL:VALUE?");
    };
    // A header echo (`:NUM:NORM:VAL 127.58E+00,…`) would sit before the first value only.
    d.field_headers = true;
    d.range_commands = ranges;
    d.range_queries = {":INPut:VOLTage:RANGe?", ":INPut:CURRent:RANGe?"};
    d.integrator_start = {":INTEGrate:MODE MANUal", ":INTEGrate:FUNCtion WATT", ":INTEGrate:RESet",
                          ":INTEGrate:STARt"};
    d.integrator_query = ":INTEGrate:STATe?";
    d.integrator_running = [](std::string_view line) {
        // The answer's spelling is UNCONFIRMED: START, STAR, RUN or RUNNING all mean running.
        const auto s = scpi_analyzer::strip_header(line);
        return scpi_analyzer::starts_with_name(s, "STAR") ||
               scpi_analyzer::starts_with_name(s, "RUN");
    };
    d.update_rate = rate_command;
    d.closing = {":COMMunicate:REMote 0"};
    d.quirks.integrator_settle = std::chrono::milliseconds(200);
    return d;
}

}  // namespace

std::string rate_command(double seconds) {
    char buf[40];
    if (seconds < 1.0) {
        std::snprintf(buf, sizeof buf, ":RATE %gMS", seconds * 1000.0);
    } else {
        std::snprintf(buf, sizeof buf, ":RATE %gS", seconds);
    }
    return buf;
}

const scpi_analyzer::Dialect& dialect() {
    static const scpi_analyzer::Dialect d = make();
    return d;
}

}  // namespace wattbench::drivers::gwinstek
