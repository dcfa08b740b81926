#include "drivers/yokogawa/wt_codec.hpp"

#include <charconv>
#include <cmath>

#include "drivers/scpi_analyzer/item.hpp"
#include "drivers/yokogawa/text_fields.hpp"
#include "drivers/yokogawa/wt_models.hpp"

namespace wattbench::drivers::yokogawa {
namespace {

using scpi_analyzer::Item;

// The FLOat sentinels as ASCII numbers: 9.91E+37 is no data, 9.9E+37 over-range [S41].
constexpr double no_data = 9.91e37;
constexpr double over_range = 9.9e37;

std::string function_of(Item item, bool short_names) {
    if (!short_names && (item == Item::voltage || item == Item::current)) {
        return item == Item::voltage ? "URMS" : "IRMS";
    }
    return std::string(scpi_analyzer::numeric_function(item));
}

}  // namespace

std::string wt_item(Item item, int element, bool short_names) {
    if (element == scpi_analyzer::sigma) {
        return item == Item::frequency ? "" : function_of(item, short_names) + ",SIGMA";
    }
    return function_of(item, short_names) + "," + std::to_string(element);
}

std::optional<api::DeviceIdentity> parse_wt_identity(std::string_view line) {
    auto f = split(trim(line), ',');
    if (f.size() != 4 || !iequals(f[0], "YOKOGAWA")) {
        return std::nullopt;
    }
    return api::DeviceIdentity{"YOKOGAWA", std::string(f[1]), std::string(f[2]), std::string(f[3])};
}

std::optional<int> wt_elements_of(std::string_view model) {
    // WT1806E-…: six elements; 760203: three (the last digit of the model code).
    for (std::string_view prefix : {"76020", "WT180", "WT300"}) {
        if (istarts_with(model, prefix) && model.size() > prefix.size() &&
            model[prefix.size()] >= '1' && model[prefix.size()] <= '9') {
            return model[prefix.size()] - '0';
        }
    }
    return std::nullopt;
}

std::string wt_wrong_model_hint(std::string_view model) {
    // The longest prefix wins: a WT5000 also starts with the WT500's `WT500`.
    const scpi_analyzer::Model* best = nullptr;
    std::size_t best_length = 0;
    for (const auto& m : wt_models()) {
        for (const auto& prefix : m.identity_models) {
            if (istarts_with(model, prefix) && prefix.size() > best_length) {
                best = &m;
                best_length = prefix.size();
            }
        }
    }
    if (best) {
        return " (use driver " + best->driver + " if that is the meter)";
    }
    if (istarts_with(model, "WT3")) {
        return " (use driver yokogawa-wt310 if that is the meter)";
    }
    if (istarts_with(model, "WT2")) {
        return " (use driver yokogawa-wt210 if that is the meter)";
    }
    return "";
}

std::vector<std::string> wt_range_commands(const scpi_analyzer::Range& volts,
                                           const scpi_analyzer::Range& amps, int element) {
    std::vector<std::string> c;
    const std::string el = ":ELEM" + std::to_string(element);
    for (auto [what, r] : {std::pair{"VOLT", volts}, std::pair{"CURR", amps}}) {
        if (r) {
            c.push_back(std::string(":INP:") + what + ":AUTO" + el + " OFF");
            c.push_back(std::string(":INP:") + what + ":RANG" + el + " " + number(*r));
        } else {
            c.push_back(std::string(":INP:") + what + ":AUTO" + el + " ON");
        }
    }
    return c;
}

std::vector<std::string> wt_range_queries(int element) {
    const std::string el = std::to_string(element);
    return {":INP:VOLT:RANG:ELEM" + el + "?", ":INP:CURR:RANG:ELEM" + el + "?"};
}

std::string rate_command(double seconds) {
    if (seconds < 1.0) {
        return ":RATE " + std::to_string(static_cast<int>(std::lround(seconds * 1000.0))) + "MS";
    }
    return ":RATE " + number(seconds) + "S";
}

bool decode_wt_field(std::string_view f, api::Reading& r, bool no_data_sentinel) {
    std::string_view body = trim(f);
    bool negative = false;
    if (!body.empty() && (body.front() == '+' || body.front() == '-')) {
        negative = body.front() == '-';
        body.remove_prefix(1);
    }
    if (iequals(body, "NAN")) {
        r.status = api::Status::unavailable;
        return true;
    }
    if (iequals(body, "INF")) {
        r.status = api::Status::overrange;
        return true;
    }
    if (body.empty() || body.front() == '+' || body.front() == '-') {
        return false;
    }
    double v = 0.0;
    auto [p, ec] = std::from_chars(body.data(), body.data() + body.size(), v);
    if (p != body.data() + body.size() ||
        (ec != std::errc() && ec != std::errc::result_out_of_range)) {
        return false;
    }
    if (ec == std::errc::result_out_of_range || !std::isfinite(v)) {
        r.status = api::Status::overrange;
        return true;
    }
    if (no_data_sentinel && std::fabs(std::fabs(v) - no_data) < 1e-4 * no_data) {
        r.status = api::Status::unavailable;
        return true;
    }
    if (std::fabs(v) >= over_range * (1.0 - 1e-9)) {
        r.status = api::Status::overrange;
        return true;
    }
    r.value = negative ? -v : v;
    r.status = api::Status::ok;
    return true;
}

scpi_analyzer::Value parse_wt_value(std::string_view field) {
    api::Reading r;
    if (!decode_wt_field(field, r)) {
        return {api::Status::error, 0.0};
    }
    return {r.status, r.value};
}

}  // namespace wattbench::drivers::yokogawa
