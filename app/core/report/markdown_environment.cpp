#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "app/core/report/channel_presentation.hpp"
#include "app/core/report/manifest_fields.hpp"
#include "app/core/report/markdown_sections.hpp"
#include "app/core/report/markdown_text.hpp"
#include "app/core/report/report_content.hpp"
#include "app/core/report/value_format.hpp"

namespace wattbench::core::report {

namespace {

std::string settings_text(const nlohmann::json* settings) {
    if (settings == nullptr || !settings->is_object()) {
        return std::string(kNoData);
    }
    std::vector<std::string> items;
    for (const auto& [key, value] : settings->items()) {
        items.push_back(
            fmt::format("{} {}", key, one_line(text_of(&value).value_or(value.dump()))));
    }
    return items.empty() ? std::string(kNoData) : join(items, ", ");
}

}  // namespace

std::string environment_body(const ReportContent& content) {
    std::string out;
    const RunData& run = content.run;
    const auto* host = member(run.manifest, "host");
    std::vector<std::string> facts;
    for (const char* key : {"hostname", "cpu_model", "kernel", "os"}) {
        if (const auto value = text_of(member(host, key)); value && !value->empty()) {
            facts.push_back(one_line(*value));
        }
    }
    out +=
        fmt::format("**Host:** {}\n", facts.empty() ? std::string(kUnknown) : join(facts, " · "));
    if (const auto* target = member(run.manifest, "target"); target && target->is_object()) {
        std::vector<std::string> tfacts;
        if (const auto* f = member(target, "facts"); f && f->is_object()) {
            for (const char* key : {"hostname", "cpu_model", "logical_cpus", "kernel", "os"}) {
                if (const auto value = text_of(member(f, key)); value && !value->empty()) {
                    tfacts.push_back(one_line(*value));
                }
            }
        }
        out += fmt::format("\n**Target (loads ran remotely):** {}{}\n",
                           one_line(text_of(member(target, "ssh")).value_or(std::string(kUnknown))),
                           tfacts.empty() ? std::string() : " — " + join(tfacts, " · "));
    }
    const auto* devices = member(run.manifest, "devices");
    if (devices == nullptr || devices->empty()) {
        out += "\nNo devices.\n";
        return out;
    }
    out += "\n";
    MarkdownTable table({"Device", "Driver", "Vendor", "Model", "Serial", "Firmware", "Settings"},
                        {Align::left, Align::left, Align::left, Align::left, Align::left,
                         Align::left, Align::left});
    std::vector<std::string> accuracy;
    for (const auto& d : *devices) {
        const auto* identity = member(&d, "identity");
        auto field = [](const nlohmann::json* object, std::string_view key) {
            const auto value = text_of(member(object, key));
            return value && !value->empty() ? MarkdownTable::escape(one_line(*value))
                                            : std::string(kNoData);
        };
        const std::string id = text_of(member(&d, "id")).value_or("?");
        table.add_row({field(&d, "id"), field(&d, "driver"), field(identity, "vendor"),
                       field(identity, "model"), field(identity, "serial"),
                       field(identity, "firmware"),
                       MarkdownTable::escape(settings_text(member(&d, "settings")))});
        const auto* channels = member(&d, "channels");
        for (const auto& c : channels ? *channels : nlohmann::json::array()) {
            const auto* a = member(&c, "accuracy");
            const auto reading = number_of(member(a, "of_reading"));
            if (!reading) {
                continue;
            }
            const auto range_share = number_of(member(a, "of_range"));
            const auto range = number_of(member(a, "range"));
            const std::string unit = display_unit(text_of(member(&c, "unit")).value_or(""));
            std::string line = fmt::format("- {}/{}: ±({} of reading", one_line(id),
                                           one_line(text_of(member(&c, "name")).value_or("?")),
                                           percent_limit(*reading));
            if (range_share && *range_share > 0.0) {
                line += fmt::format(" + {} of range", percent_limit(*range_share));
            }
            line += ")";
            if (range) {
                line += fmt::format(", range {} {}", plain_number(*range), unit);
            }
            accuracy.push_back(std::move(line));
        }
    }
    out += table.render();
    if (!accuracy.empty()) {
        out += "\nDeclared accuracy (the uncertainty column is computed from it):\n\n";
        for (const auto& line : accuracy) {
            out += line + '\n';
        }
    }
    return out;
}

std::string profile_body(const ReportContent& content) {
    const auto* profile = member(content.run.manifest, "profile");
    const auto text = text_of(member(profile, "text"));
    if (!text || text->empty()) {
        return "The manifest does not keep the profile's text.\n";
    }
    std::string out;
    const auto path = text_of(member(profile, "path"));
    if (path && !path->empty()) {
        out += fmt::format("`{}`:\n\n", one_line(*path));
    }
    // A fence longer than any backtick run inside, so no line of the profile can close it.
    std::size_t longest = 0;
    std::size_t run_length = 0;
    for (const char c : *text) {
        run_length = c == '`' ? run_length + 1 : 0;
        longest = std::max(longest, run_length);
    }
    const std::string fence(std::max<std::size_t>(3, longest + 1), '`');
    out += fence + "toml\n" + *text;
    if (text->back() != '\n') {
        out += '\n';
    }
    out += fence + '\n';
    return out;
}

std::string warnings_body(const ReportContent& content) {
    const auto* warnings = member(content.run.manifest, "warnings");
    if (warnings == nullptr || warnings->empty()) {
        return "None.\n";
    }
    std::string out;
    for (const auto& w : *warnings) {
        out += fmt::format("- {}\n", one_line(text_of(&w).value_or(w.dump())));
    }
    return out;
}

}  // namespace wattbench::core::report
