#include "app/core/report/validity_lines.hpp"

#include <algorithm>

namespace wattbench::core::report {

std::string FailedRule::text() const {
    return text(i18n::Language::en);
}

std::string FailedRule::text(i18n::Language language) const {
    std::string out = !message.empty() ? message.in(language) : detail.empty() ? rule : detail;
    if (!channels.empty()) {
        out += " (";
        for (std::size_t i = 0; i < channels.size(); ++i) {
            out += (i > 0 ? ", " : "") + channels[i];
        }
        out += ')';
    }
    return out;
}

std::vector<FailedRule> failed_rules(const PhaseValidity& phase) {
    std::vector<FailedRule> out;
    for (const auto& c : phase.checks) {
        if (c.severity == Severity::ok) {
            continue;
        }
        auto same = std::find_if(out.begin(), out.end(), [&](const FailedRule& f) {
            return f.severity == c.severity && f.rule == c.rule && f.detail == c.detail;
        });
        if (same == out.end()) {
            out.push_back({c.severity, c.rule, c.detail, {}, c.message});
            same = std::prev(out.end());
        }
        if (!c.channel.empty()) {
            same->channels.push_back(c.channel);
        }
    }
    std::stable_partition(out.begin(), out.end(),
                          [](const FailedRule& f) { return f.severity == Severity::error; });
    return out;
}

}  // namespace wattbench::core::report
