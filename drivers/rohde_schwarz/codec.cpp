#include "drivers/rohde_schwarz/codec.hpp"

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "drivers/common/ascii_text.hpp"
#include "drivers/scpi_analyzer/text.hpp"

namespace wattbench::drivers::rohde_schwarz {
namespace {

using common::split;
using common::upper;
using scpi_analyzer::parse_number;
using scpi_analyzer::trim;

constexpr std::array<std::string_view, function_count> tokens = {"URMS", "IRMS", "P",  "S",
                                                                 "Q",    "LAMB", "FU", "WH"};
constexpr std::array<Function, function_count> all_functions = {
    Function::urms, Function::irms, Function::p,  Function::s,
    Function::q,    Function::lamb, Function::fu, Function::wh};

std::string shown(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

}  // namespace

std::string_view token(Function f) {
    return tokens[static_cast<std::size_t>(f)];
}

std::span<const Function> poll_functions() {
    return all_functions;
}

std::string function_command(std::span<const Function> functions) {
    std::string out = "CHAN1:MEAS:FUNC ";
    for (std::size_t i = 0; i < functions.size(); ++i) {
        out += (i ? "," : "") + std::string(token(functions[i]));
    }
    return out;
}

bool functions_match(std::string_view line, std::span<const Function> functions) {
    const auto fields = split(trim(line), ',');
    if (fields.size() != functions.size()) {
        return false;
    }
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const std::string got = upper(fields[i]);
        const auto want = token(functions[i]);
        // SCPI long forms (LAMBda) start with the short form.
        if (got.rfind(want, 0) != 0 || (want.size() == 1 && got.size() != 1)) {
            return false;
        }
    }
    return true;
}

std::variant<std::vector<Value>, std::string> parse_values(std::string_view line,
                                                           std::size_t expected) {
    line = trim(line);
    const auto fields = split(line, ',');
    if (fields.size() != expected) {
        return "expected " + std::to_string(expected) + " values from CHAN1:MEAS:DATA?, got " +
               std::to_string(fields.size()) + ": '" + std::string(line.substr(0, 80)) + "'";
    }
    std::vector<Value> out;
    out.reserve(fields.size());
    for (auto f : fields) {
        const std::string u = upper(f);
        const std::string_view bare = !u.empty() && (u[0] == '+' || u[0] == '-')
                                          ? std::string_view(u).substr(1)
                                          : std::string_view(u);
        if (bare == "NAN") {
            out.push_back({api::Status::unavailable, 0.0});
        } else if (bare == "INF") {
            out.push_back({api::Status::overrange, 0.0});
        } else if (auto v = parse_number(f)) {
            if (std::abs(*v - 9.91e37) <= 1e33) {
                out.push_back({api::Status::unavailable, 0.0});
            } else if (std::abs(*v) >= 9.9e37) {
                out.push_back({api::Status::overrange, 0.0});
            } else {
                out.push_back({api::Status::ok, *v});
            }
        } else {
            return "not a value: '" + std::string(f.substr(0, 40)) + "' in '" +
                   std::string(line.substr(0, 80)) + "'";
        }
    }
    return out;
}

std::optional<api::DeviceIdentity> parse_identity(std::string_view line) {
    const auto f = split(trim(line), ',');
    if (f.size() < 2) {
        return std::nullopt;
    }
    std::string vendor;
    for (char c : upper(f[0])) {
        if (std::isalnum(static_cast<unsigned char>(c))) {
            vendor += c;
        }
    }
    if (vendor != "ROHDESCHWARZ" && vendor != "ROHDEUNDSCHWARZ" && vendor != "HAMEG") {
        return std::nullopt;
    }
    if (upper(f[1]).rfind("HMC8015", 0) != 0) {
        return std::nullopt;
    }
    api::DeviceIdentity id;
    id.vendor = "Rohde&Schwarz";
    id.model = std::string(f[1]);
    id.serial = f.size() > 2 ? std::string(f[2]) : "";
    id.firmware = f.size() > 3 ? std::string(f[3]) : "";
    return id;
}

std::optional<int> parse_error(std::string_view line) {
    line = trim(line);
    const auto comma = line.find(',');
    auto code = parse_number(line.substr(0, comma));
    if (!code || *code != std::floor(*code)) {
        return std::nullopt;
    }
    return static_cast<int>(*code);
}

std::vector<std::string> range_commands(RangeForm form, bool volts, std::optional<double> range) {
    const std::string head =
        std::string(form == RangeForm::acq ? "CHAN1:ACQ:" : "CHAN1:") + (volts ? "VOLT" : "CURR");
    if (!range) {
        return {head + ":RANG:AUTO 1"};
    }
    return {head + ":RANG:AUTO 0", head + ":RANG " + shown(*range)};
}

std::string range_query(RangeForm form, bool volts) {
    return std::string(form == RangeForm::acq ? "CHAN1:ACQ:" : "CHAN1:") +
           (volts ? "VOLT" : "CURR") + ":RANG?";
}

std::vector<std::string> integrator_commands() {
    return {"INT:MODE MAN", "INT:STOP", "INT:RES", "INT:STAR"};
}

}  // namespace wattbench::drivers::rohde_schwarz
