#include <optional>
#include <vector>

#include <fmt/format.h>

#include "app/core/report/channel_presentation.hpp"
#include "app/core/report/manifest_fields.hpp"
#include "app/core/report/report_content.hpp"
#include "app/core/report/section_bodies.hpp"
#include "app/core/report/section_text.hpp"
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

Document environment_body(const ReportContent& content) {
    Document out;
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
    out.emplace_back(
        Paragraph{markup(lang, "**Host:** {}\n", facts.empty() ? unknown : join(facts, " · "))});
    if (const auto& target = run.info.target) {
        std::vector<std::string> tfacts;
        for (const char* key : {"hostname", "cpu_model", "logical_cpus", "kernel", "os"}) {
            if (const auto it = target->facts.find(key);
                it != target->facts.end() && !it->second.empty()) {
                tfacts.push_back(one_line(it->second));
            }
        }
        out.emplace_back(
            Paragraph{markup(lang, "\n**Target (loads ran remotely):** {}{}\n",
                             target->ssh.empty() ? unknown : one_line(target->ssh),
                             tfacts.empty() ? std::string() : " — " + join(tfacts, " · "))});
    }
    const auto& devices = run.info.devices;
    if (devices.empty()) {
        out.emplace_back(Paragraph{markup(lang, "\nNo devices.\n")});
        return out;
    }
    std::vector<std::string> header;
    for (const auto msgid :
         {i18n::noop_tr("Device"), i18n::noop_tr("Driver"), i18n::noop_tr("Vendor"),
          i18n::noop_tr("Model"), i18n::noop_tr("Serial"), i18n::noop_tr("Firmware"),
          i18n::noop_tr("Settings")}) {
        header.emplace_back(tr(lang, msgid));
    }
    Table table{std::move(header), {}};
    List accuracy;
    for (const auto& d : devices) {
        auto field = [](const std::string& value) {
            return !value.empty() ? one_line(value) : std::string(kNoData);
        };
        const rundir::Identity none;
        const auto& identity = d.identity ? *d.identity : none;
        const std::string id = d.id.empty() ? std::string("?") : d.id;
        table.add_row({field(d.id), field(d.driver), field(identity.vendor), field(identity.model),
                       field(identity.serial), field(identity.firmware),
                       settings_text(d.settings)});
        for (const auto& c : d.channels) {
            if (!c.accuracy) {
                continue;
            }
            const auto& a = *c.accuracy;
            const std::string unit = display_unit(c.unit);
            Inline line = markup(lang, "- {}/{}: ±({} of reading", one_line(id),
                                 one_line(c.name.empty() ? std::string("?") : c.name),
                                 percent_limit(lang, a.of_reading));
            if (a.of_range > 0.0) {
                line += markup(lang, " + {} of range", percent_limit(lang, a.of_range));
            }
            line += plain(")");
            line +=
                markup(lang, ", range {}",
                       plain_number(lang, a.range) + std::string(i18n::unit_space(lang)) + unit);
            accuracy.items.push_back({std::move(line)});
        }
    }
    out.emplace_back(std::move(table));
    if (!accuracy.items.empty()) {
        out.emplace_back(Paragraph{
            markup(lang, "\nDeclared accuracy (the uncertainty column is computed from it):\n\n")});
        out.emplace_back(std::move(accuracy));
    }
    return out;
}

Document profile_body(const ReportContent& content) {
    const auto& profile = content.run.info.profile;
    if (!profile || profile->text.empty()) {
        return {Paragraph{
            markup(content.language, "The manifest does not keep the profile's text.\n")}};
    }
    Document out;
    if (!profile->path.empty()) {
        out.emplace_back(Paragraph{code(one_line(profile->path)) + plain(":")});
    }
    out.emplace_back(CodeBlock{"toml", profile->text});
    return out;
}

Document warnings_body(const ReportContent& content) {
    const auto& warnings = content.run.info.warnings;
    if (warnings.empty()) {
        return {Paragraph{markup(content.language, "None.\n")}};
    }
    List list;
    for (const auto& w : warnings) {
        list.items.push_back({plain(one_line(w))});
    }
    return {std::move(list)};
}

}  // namespace wattbench::core::report
