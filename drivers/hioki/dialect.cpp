#include "drivers/hioki/dialect.hpp"

#include <cmath>
#include <cstdio>

#include "drivers/scpi_analyzer/model.hpp"
#include "drivers/scpi_analyzer/text.hpp"

namespace wattbench::drivers::hioki {
namespace {

using scpi_analyzer::Item;

// Item codes of `:MEASure?` (PW3335 manual A985-01 p.68); multi-channel models append the
// channel digit (`U1`, `P2`, 3rd-party PW3336 code). The energy item is asked as WH and
// answered with header WP (real capture); its channel form WH1 is by analogy (UNCONFIRMED).
const char* code(Item item) {
    switch (item) {
        case Item::power:
            return "P";
        case Item::apparent_power:
            return "S";
        case Item::reactive_power:
            return "Q";
        case Item::power_factor:
            return "PF";
        case Item::voltage:
            return "U";
        case Item::current:
            return "I";
        case Item::frequency:
            return "FREQU";
        case Item::energy:
            return "WH";
    }
    return "";
}

std::string spelling(Item item, int element, const scpi_analyzer::Model& model) {
    if (element == scpi_analyzer::sigma) {
        return "";  // the PW3336/37 sum items are UNCONFIRMED: no Σ channels
    }
    std::string s = code(item);
    return model.elements > 1 ? s + std::to_string(element) : s;
}

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// `:VOLTage:AUTO OFF` + `:VOLTage:RANGe 300` (333x family [S9][S11]); multi-channel models
// take the per-channel form `:VOLTage1:RANGe` as the PW3390 does (UNCONFIRMED for PW3336/37).
std::vector<std::string> ranges(const scpi_analyzer::Range& volts, const scpi_analyzer::Range& amps,
                                const scpi_analyzer::Model& model) {
    std::vector<std::string> out;
    auto add = [&](const char* what, const scpi_analyzer::Range& r, const std::string& ch) {
        if (r) {
            out.push_back(std::string(":") + what + ch + ":AUTO OFF");
            out.push_back(std::string(":") + what + ch + ":RANGe " + number(*r));
        } else {
            out.push_back(std::string(":") + what + ch + ":AUTO ON");
        }
    };
    if (model.elements == 1) {
        add("VOLTage", volts, "");
        add("CURRent", amps, "");
        return out;
    }
    for (int e = 1; e <= model.elements; ++e) {
        add("VOLTage", volts, std::to_string(e));
        add("CURRent", amps, std::to_string(e));
    }
    return out;
}

bool near(double a, double b) {
    return std::fabs(a - b) <= 1e-6 * b;
}

scpi_analyzer::Dialect make(bool multi) {
    scpi_analyzer::Dialect d;
    d.family = "HIOKI";
    d.write_terminator = multi ? "\r\n" : "\n";
    d.item_spelling = spelling;
    d.read_query = [](const std::vector<std::string>& items) {
        std::string q = ":MEASure? ";
        for (std::size_t i = 0; i < items.size(); ++i) {
            q += (i ? "," : "") + items[i];
        }
        return q;
    };
    // `:TRANsmit:SEParator` switches between them; the meter's setting is left as it is.
    d.value_separators = ";,";
    d.field_headers = true;  // `:HEADer ON` is the factory setting; OFF is read as well
    d.parse_value = parse_value;
    d.range_commands = ranges;
    // Element 1's ranges stand for all: the device fixes every channel alike.
    d.range_queries = multi ? std::vector<std::string>{":VOLTage1:RANGe?", ":CURRent1:RANGe?"}
                            : std::vector<std::string>{":VOLTage:RANGe?", ":CURRent:RANGe?"};
    d.integrator_start = {":INTEGrate:STATe RESET", ":INTEGrate:STATe START"};
    d.integrator_query = ":INTEGrate:STATe?";
    d.integrator_running = [](std::string_view line) {
        return scpi_analyzer::same_name(scpi_analyzer::strip_header(line), "START");
    };
    d.quirks.confirmation_codes = true;
    return d;
}

}  // namespace

scpi_analyzer::Value parse_value(std::string_view field) {
    auto v = scpi_analyzer::parse_number(field);
    if (!v) {
        return {api::Status::error, 0.0};
    }
    const double a = std::fabs(*v);
    // "o.r" has no integration form; "S.Err" (a scaled value beyond the display) is as
    // unusable as an over-range; "no data" in both the 10- and 11-character forms.
    if (near(a, 999.99e9) || near(a, 888.88e9) || near(a, 8888.88e9)) {
        return {api::Status::overrange, 0.0};
    }
    if (near(a, 777.77e9) || near(a, 7777.77e9)) {
        return {api::Status::unavailable, 0.0};
    }
    return {api::Status::ok, *v};
}

const scpi_analyzer::Dialect& single_channel() {
    static const scpi_analyzer::Dialect d = make(false);
    return d;
}

const scpi_analyzer::Dialect& multi_channel() {
    static const scpi_analyzer::Dialect d = make(true);
    return d;
}

}  // namespace wattbench::drivers::hioki
