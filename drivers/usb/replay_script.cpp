#include "drivers/usb/replay_script.hpp"

#include <charconv>

#include <fmt/format.h>

namespace wattbench::drivers::usb {
namespace {

std::vector<std::string_view> words(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) {
            ++i;
        }
        const std::size_t start = i;
        while (i < s.size() && s[i] != ' ' && s[i] != '\t') {
            ++i;
        }
        if (i > start) {
            out.push_back(s.substr(start, i - start));
        }
    }
    return out;
}

template <typename T>
bool hex(std::string_view s, std::size_t digits, T& out) {
    if (s.size() != digits) {
        return false;
    }
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out, 16);
    return ec == std::errc() && p == s.data() + s.size();
}

// The OUT bytes a step expects, from req[from]: hex bytes, "??" for any; the first word that
// is neither.
std::optional<std::string_view> take_expected(const std::vector<std::string_view>& req,
                                              std::size_t from,
                                              std::vector<std::optional<std::uint8_t>>& expect) {
    for (std::size_t i = from; i < req.size(); ++i) {
        std::uint8_t b = 0;
        if (req[i] == "??") {
            expect.push_back(std::nullopt);
        } else if (hex(req[i], 2, b)) {
            expect.push_back(b);
        } else {
            return req[i];
        }
    }
    return std::nullopt;
}

std::optional<ReplayStep::Outcome> outcome_word(std::string_view w) {
    using O = ReplayStep::Outcome;
    if (w == "ok") {
        return O::ok;
    }
    if (w == "timeout") {
        return O::timeout;
    }
    if (w == "stall") {
        return O::stall;
    }
    if (w == "disconnect") {
        return O::disconnect;
    }
    return std::nullopt;
}

// `key="value"` pairs of a strings line.
bool parse_strings(std::string_view rest, UsbDeviceStrings& s, std::string& error) {
    while (true) {
        while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) {
            rest.remove_prefix(1);
        }
        if (rest.empty()) {
            return true;
        }
        const auto eq = rest.find("=\"");
        if (eq == std::string_view::npos) {
            error = "expected key=\"value\"";
            return false;
        }
        const std::string_view key = rest.substr(0, eq);
        const auto close = rest.find('"', eq + 2);
        if (close == std::string_view::npos) {
            error = "unterminated \"";
            return false;
        }
        const std::string value(rest.substr(eq + 2, close - eq - 2));
        if (key == "manufacturer") {
            s.manufacturer = value;
        } else if (key == "product") {
            s.product = value;
        } else if (key == "serial") {
            s.serial = value;
        } else {
            error = fmt::format("unknown string '{}' (manufacturer, product, serial)", key);
            return false;
        }
        rest.remove_prefix(close + 1);
    }
}

}  // namespace

std::variant<std::vector<ReplayStep>, std::string> parse_replay_script(std::string_view text,
                                                                       std::string_view file) {
    using Kind = ReplayStep::Kind;
    using Result = std::variant<std::vector<ReplayStep>, std::string>;
    std::vector<ReplayStep> steps;
    std::size_t line_no = 0;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
        ++line_no;
        if (const auto hash = line.find('#'); hash != std::string_view::npos) {
            line = line.substr(0, hash);
        }
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        auto fail = [&](const std::string& why) {
            return Result{std::in_place_index<1>, fmt::format("{}:{}: {}", file, line_no, why)};
        };
        const auto w = words(line);
        if (w.empty()) {
            continue;
        }
        ReplayStep step;
        step.line = line_no;
        if (w[0] == "open") {
            step.kind = Kind::open;
            if (w.size() == 2 && w[1] == "unreachable") {
                step.outcome = ReplayStep::Outcome::unreachable;
            } else if (w.size() != 1) {
                return fail("expected 'open' or 'open unreachable'");
            }
            steps.push_back(std::move(step));
            continue;
        }
        if (w[0] == "strings") {
            step.kind = Kind::strings;
            std::string error;
            if (!parse_strings(line.substr(line.find("strings") + 7), step.strings, error)) {
                return fail(error);
            }
            steps.push_back(std::move(step));
            continue;
        }
        // Transfers: <kind> <request…> -> <answer…>
        std::size_t arrow = 0;
        while (arrow < w.size() && w[arrow] != "->") {
            ++arrow;
        }
        if (arrow == 0) {
            return fail("a step starts with its kind, not '->'");
        }
        if (arrow == w.size()) {
            return fail("expected '-> answer' (bytes, ok, timeout, stall or disconnect)");
        }
        const std::vector<std::string_view> req(w.begin() + 1, w.begin() + arrow);
        const std::vector<std::string_view> ans(w.begin() + arrow + 1, w.end());
        if (ans.empty()) {
            return fail("nothing after '->'");
        }
        if (w[0] == "ctrl_in" || w[0] == "ctrl_out") {
            step.kind = w[0] == "ctrl_in" ? Kind::control_in : Kind::control_out;
            if (req.size() < 5 || !hex(req[0], 2, step.setup.request_type) ||
                !hex(req[1], 2, step.setup.request) || !hex(req[2], 4, step.setup.value) ||
                !hex(req[3], 4, step.setup.index) || !hex(req[4], 4, step.setup.length)) {
                return fail(
                    "expected the setup packet as bmRequestType bRequest wValue wIndex wLength "
                    "in hex, like C0 04 0000 0000 00C8");
            }
            std::size_t data_at = 5;
            if (step.kind == Kind::control_out && req.size() > 5) {
                if (req[5] != ":") {
                    return fail("OUT data follows the setup packet after ':'");
                }
                data_at = 6;
            } else if (req.size() > 5) {
                return fail("a ctrl_in step has no OUT data");
            }
            if (auto bad = take_expected(req, data_at, step.expect)) {
                return fail(fmt::format("'{}' is not a hex byte or ??", *bad));
            }
        } else if (w[0] == "int_out") {
            step.kind = Kind::interrupt_out;
            if (req.empty() || !hex(req[0], 2, step.endpoint)) {
                return fail("expected the endpoint in hex, like 02");
            }
            if (auto bad = take_expected(req, 1, step.expect)) {
                return fail(fmt::format("'{}' is not a hex byte or ??", *bad));
            }
        } else if (w[0] == "int_in") {
            step.kind = Kind::interrupt_in;
            if (req.size() != 2 || !hex(req[0], 2, step.endpoint)) {
                return fail("expected the endpoint in hex and the length, like 81 8");
            }
            const auto [p, ec] =
                std::from_chars(req[1].data(), req[1].data() + req[1].size(), step.length);
            if (ec != std::errc() || p != req[1].data() + req[1].size()) {
                return fail(fmt::format("'{}' is not a length", req[1]));
            }
        } else {
            return fail(fmt::format(
                "unknown step '{}' (open, strings, ctrl_in, ctrl_out, int_in, int_out)", w[0]));
        }
        const bool in = step.kind == Kind::control_in || step.kind == Kind::interrupt_in;
        if (ans.size() == 1 && outcome_word(ans[0])) {
            step.outcome = *outcome_word(ans[0]);
            if (step.outcome == ReplayStep::Outcome::ok && in) {
                return fail("an IN step answers with bytes, timeout, stall or disconnect");
            }
        } else if (!in) {
            return fail("an OUT step answers ok, timeout, stall or disconnect");
        } else {
            for (const auto a : ans) {
                std::uint8_t b = 0;
                if (!hex(a, 2, b)) {
                    return fail(fmt::format("'{}' is not a hex byte", a));
                }
                step.reply.push_back(b);
            }
        }
        steps.push_back(std::move(step));
    }
    return steps;
}

std::string describe(const ReplayStep& s) {
    using Kind = ReplayStep::Kind;
    std::string data;
    for (const auto& b : s.expect) {
        data += b ? fmt::format(" {:02X}", *b) : std::string(" ??");
    }
    switch (s.kind) {
        case Kind::open:
            return "open";
        case Kind::strings:
            return "strings";
        case Kind::control_in:
            return "ctrl_in " + describe(s.setup);
        case Kind::control_out:
            return "ctrl_out " + describe(s.setup) + (data.empty() ? "" : " :" + data);
        case Kind::interrupt_in:
            return fmt::format("int_in {:02X} {}", s.endpoint, s.length);
        case Kind::interrupt_out:
            return fmt::format("int_out {:02X}{}", s.endpoint, data);
    }
    return {};
}

}  // namespace wattbench::drivers::usb
