#include "app/cli/prompt_answer.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace wattbench::cli {
namespace {

std::string normalised(std::string_view line) {
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front()))) {
        line.remove_prefix(1);
    }
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) {
        line.remove_suffix(1);
    }
    std::string s(line);
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

}  // namespace

PromptAnswer parse_prompt_answer(const core::engine::PromptRequest& request,
                                 std::string_view line) {
    const std::string s = normalised(line);
    PromptAnswer a;
    if (request.kind == core::engine::PromptRequest::Kind::confirm) {
        if (s.empty() || s == "y" || s == "yes" || s == "ok") {
            a.value = 1.0;
        } else if (!(s == "n" || s == "no" || s == "skip")) {
            a.retry = true;
            a.hint = "answer y (or just Enter) to confirm, n to decline";
        }
        return a;
    }
    if (s == "-" || s == "skip") {
        return a;
    }
    if (s.empty()) {
        if (request.default_value) {
            a.value = request.default_value;
        } else {
            a.retry = true;
            a.hint = "type the reading, or - to skip it";
        }
        return a;
    }
    std::string number = s;
    std::replace(number.begin(), number.end(), ',', '.');
    double v = 0.0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), v);
    if (ec != std::errc() || end != number.data() + number.size() || !std::isfinite(v)) {
        a.retry = true;
        a.hint = "'" + std::string(line) + "' is not a number; type the reading in " +
                 request.unit + ", or - to skip it";
        return a;
    }
    a.value = v;
    return a;
}

}  // namespace wattbench::cli
