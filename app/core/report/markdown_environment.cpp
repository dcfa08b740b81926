#include <algorithm>
#include <optional>
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

std::string settings_text(const std::optional<nlohmann::json>& settings) {
    if (!settings || !settings->is_object()) {
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
    const Language lang = content.language;
    const std::string unknown(tr(lang, kUnknown));
    const RunData& run = content.run;
    const auto& host = run.info.host;
    std::vector<std::string> facts;
    for (const auto* value : {&host.hostname, &host.cpu_model, &host.kernel, &host.os}) {
        if (*value && !(*value)->empty()) {
            facts.push_back(one_line(**value));
        }
    }
    out += trf(lang, "**Host:** {}\n", facts.empty() ? unknown : join(facts, " · "));
    if (const auto& target = run.info.target) {
        std::vector<std::string> tfacts;
        for (const char* key : {"hostname", "cpu_model", "logical_cpus", "kernel", "os"}) {
            if (const auto it = target->facts.find(key);
                it != target->facts.end() && !it->second.empty()) {
                tfacts.push_back(one_line(it->second));
            }
        }
        out += trf(lang, "\n**Target (loads ran remotely):** {}{}\n",
                   target->ssh.empty() ? unknown : one_line(target->ssh),
                   tfacts.empty() ? std::string() : " — " + join(tfacts, " · "));
    }
    const auto& devices = run.info.devices;
    if (devices.empty()) {
        out += tr(lang, "\nNo devices.\n");
        return out;
    }
    out += "\n";
    std::vector<std::string> header;
    for (const auto msgid :
         {i18n::noop_tr("Device"), i18n::noop_tr("Driver"), i18n::noop_tr("Vendor"),
          i18n::noop_tr("Model"), i18n::noop_tr("Serial"), i18n::noop_tr("Firmware"),
          i18n::noop_tr("Settings")}) {
        header.emplace_back(tr(lang, msgid));
    }
    MarkdownTable table(std::move(header), {Align::left, Align::left, Align::left, Align::left,
                                            Align::left, Align::left, Align::left});
    std::vector<std::string> accuracy;
    for (const auto& d : devices) {
        auto field = [](const std::string& value) {
            return !value.empty() ? MarkdownTable::escape(one_line(value)) : std::string(kNoData);
        };
        const rundir::Identity none;
        const auto& identity = d.identity ? *d.identity : none;
        const std::string id = d.id.empty() ? std::string("?") : d.id;
        table.add_row({field(d.id), field(d.driver), field(identity.vendor), field(identity.model),
                       field(identity.serial), field(identity.firmware),
                       MarkdownTable::escape(settings_text(d.settings))});
        for (const auto& c : d.channels) {
            if (!c.accuracy) {
                continue;
            }
            const auto& a = *c.accuracy;
            const std::string unit = display_unit(c.unit);
            std::string line = trf(lang, "- {}/{}: ±({} of reading", one_line(id),
                                   one_line(c.name.empty() ? std::string("?") : c.name),
                                   percent_limit(lang, a.of_reading));
            if (a.of_range > 0.0) {
                line += trf(lang, " + {} of range", percent_limit(lang, a.of_range));
            }
            line += ")";
            line += trf(lang, ", range {}",
                        plain_number(lang, a.range) + std::string(i18n::unit_space(lang)) + unit);
            accuracy.push_back(std::move(line));
        }
    }
    out += table.render();
    if (!accuracy.empty()) {
        out += tr(lang, "\nDeclared accuracy (the uncertainty column is computed from it):\n\n");
        for (const auto& line : accuracy) {
            out += line + '\n';
        }
    }
    return out;
}

std::string profile_body(const ReportContent& content) {
    const auto& profile = content.run.info.profile;
    if (!profile || profile->text.empty()) {
        return std::string(
            tr(content.language, "The manifest does not keep the profile's text.\n"));
    }
    const auto* text = &profile->text;
    std::string out;
    const auto* path = &profile->path;
    if (!path->empty()) {
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
    const auto& warnings = content.run.info.warnings;
    if (warnings.empty()) {
        return std::string(tr(content.language, "None.\n"));
    }
    std::string out;
    for (const auto& w : warnings) {
        out += fmt::format("- {}\n", one_line(w));
    }
    return out;
}

}  // namespace wattbench::core::report
