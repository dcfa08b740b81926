#include "drivers/scpi_analyzer/codec.hpp"

#include <algorithm>
#include <cmath>

#include "drivers/common/wattmeter_channels.hpp"

namespace wattbench::drivers::scpi_analyzer {
namespace {

api::ChannelSpec base_spec(Item item) {
    using W = common::WattmeterChannel;
    static const auto table = common::wattmeter_channels();
    switch (item) {
        case Item::power:
            return table[W::power];
        case Item::apparent_power:
            return table[W::apparent_power];
        case Item::reactive_power: {
            api::ChannelSpec spec;
            spec.name = "reactive_power";
            spec.quantity = api::Quantity::other;
            spec.unit = "var";
            return spec;
        }
        case Item::power_factor:
            return table[W::power_factor];
        case Item::voltage:
            return table[W::voltage];
        case Item::current:
            return table[W::current];
        case Item::frequency:
            return table[W::frequency];
        case Item::energy:
            return table[W::energy];
    }
    return {};
}

std::vector<std::string_view> split_fields(std::string_view line, std::string_view separators,
                                           bool merge) {
    std::vector<std::string_view> out;
    line = trim(line);
    if (line.empty()) {
        return out;
    }
    for (;;) {
        const auto at = line.find_first_of(separators);
        out.push_back(trim(line.substr(0, at)));
        if (at == std::string_view::npos) {
            break;
        }
        line.remove_prefix(at + 1);
    }
    if (merge) {
        std::erase_if(out, [](std::string_view f) { return f.empty(); });
    }
    // A separator after the last value (seen on some firmware) is no field.
    if (out.size() > 1 && out.back().empty()) {
        out.pop_back();
    }
    return out;
}

}  // namespace

std::string channel_name(Item item, int element) {
    std::string name(item_name(item));
    if (element == sigma) {
        return name + "_sigma";
    }
    return element == 1 ? name : name + "_" + std::to_string(element);
}

Plan make_plan(const Model& model, const Settings& settings) {
    Plan plan;
    std::vector<int> elements;
    for (int e = 1; e <= model.elements; ++e) {
        elements.push_back(e);
    }
    if (model.sigma && model.elements > 1) {
        elements.push_back(sigma);
    }
    if (!settings.elements.empty()) {
        std::erase_if(elements, [&](int e) {
            return std::find(settings.elements.begin(), settings.elements.end(), e) ==
                   settings.elements.end();
        });
    }
    const bool fixed = !settings.calibrate && settings.voltage_range && settings.current_range;
    const double range = fixed ? *settings.voltage_range * *settings.current_range : 0.0;
    for (int e : elements) {
        for (Item item : all_items) {
            auto spelling =
                model.dialect->item_spelling ? model.dialect->item_spelling(item, e, model) : "";
            if (spelling.empty()) {
                continue;
            }
            auto spec = base_spec(item);
            spec.name = channel_name(item, e);
            // The summary line shows element 1 (or the sum); the others stay in the CSV.
            spec.key = spec.key && (e == 1 || e == sigma);
            if (item == Item::power && model.accuracy) {
                const double r = e == sigma ? range * model.elements : range;
                spec.accuracy =
                    api::Accuracy{model.accuracy->of_reading, model.accuracy->of_range, r};
            }
            if (item == Item::power_factor) {
                spec.display_min = 0.0;
                spec.display_max = 1.0;
            }
            plan.channels.push_back(std::move(spec));
            plan.slots.push_back({item, e});
            plan.spellings.push_back(std::move(spelling));
        }
    }
    return plan;
}

std::vector<std::string> select_commands(const Dialect& dialect, const Plan& plan) {
    return dialect.select_items ? dialect.select_items(plan.spellings) : std::vector<std::string>{};
}

std::string read_query(const Dialect& dialect, const Plan& plan, bool with_ranges,
                       std::size_t read_mode) {
    const auto& query =
        dialect.read_modes.empty()
            ? dialect.read_query
            : dialect.read_modes[std::min(read_mode, dialect.read_modes.size() - 1)].read_query;
    if (!query) {
        return {};
    }
    if (!with_ranges) {
        return query(plan.spellings);
    }
    auto spellings = plan.spellings;
    spellings.insert(spellings.end(), dialect.range_queries.begin(), dialect.range_queries.end());
    return query(spellings);
}

std::string with_channel(const Dialect& dialect, std::string_view text, int channel) {
    std::string out(text);
    const auto& mark = dialect.channel_mark;
    if (mark.empty()) {
        return out;
    }
    const std::string number = std::to_string(channel);
    for (auto at = out.find(mark); at != std::string::npos; at = out.find(mark, at)) {
        out.replace(at, mark.size(), number);
        at += number.size();
    }
    return out;
}

std::variant<std::vector<api::Reading>, std::string> parse_answer(const Dialect& dialect,
                                                                  const Plan& plan,
                                                                  std::string_view line) {
    auto r = parse_answer(dialect, plan, line, {});
    if (auto* e = std::get_if<std::string>(&r)) {
        return *e;
    }
    return std::move(std::get<Answer>(r).readings);
}

bool valid_order(std::span<const std::size_t> order, std::size_t channels) {
    if (order.size() != channels) {
        return false;
    }
    std::vector<bool> seen(channels, false);
    for (std::size_t i : order) {
        if (i >= channels || seen[i]) {
            return false;
        }
        seen[i] = true;
    }
    return true;
}

std::variant<Answer, std::string> parse_answer(const Dialect& dialect, const Plan& plan,
                                               std::string_view line,
                                               std::span<const std::size_t> order,
                                               bool with_ranges) {
    auto fields = split_fields(line, dialect.value_separators, dialect.merge_separators);
    const std::size_t ranges = with_ranges ? 2 : 0;
    if (fields.size() != plan.slots.size() + ranges) {
        return "expected " + std::to_string(plan.slots.size() + ranges) + " values, got " +
               std::to_string(fields.size()) + ": '" + std::string(line.substr(0, 120)) + "'";
    }
    Answer answer;
    if (with_ranges) {
        auto range = [&](std::string_view field, std::optional<double>& out) {
            const auto f = dialect.field_headers ? strip_header(field) : field;
            const Value v = dialect.parse_value ? dialect.parse_value(f) : default_parse_value(f);
            if (v.status == api::Status::ok && v.value > 0.0) {
                out = v.value;
            }
            return v.status != api::Status::error;
        };
        const bool ok = range(fields[fields.size() - 2], answer.volts_in_use) &&
                        range(fields[fields.size() - 1], answer.amps_in_use);
        if (!ok) {
            return "a range field is no number: '" + std::string(line.substr(0, 120)) + "'";
        }
        fields.resize(fields.size() - 2);
    }
    const bool ordered = !order.empty() && valid_order(order, fields.size());
    answer.readings.resize(fields.size());
    for (std::size_t j = 0; j < fields.size(); ++j) {
        const std::size_t i = ordered ? order[j] : j;
        const auto field = dialect.field_headers ? strip_header(fields[j]) : fields[j];
        const Item item = plan.slots[i].item;
        const Value v = dialect.parse_item_value ? dialect.parse_item_value(field, item)
                        : dialect.parse_value    ? dialect.parse_value(field)
                                                 : default_parse_value(field);
        if (v.status == api::Status::error) {
            return "value " + std::to_string(j + 1) + " is no number: '" +
                   std::string(fields[j].substr(0, 40)) + "'";
        }
        if (!v.phase_flag.empty()) {
            answer.phase_flags.emplace_back(v.phase_flag);
        }
        api::Reading& r = answer.readings[i];
        r.channel = i;
        r.status = v.status;
        if (v.status == api::Status::ok) {
            r.value = item == Item::energy ? v.value * dialect.energy_to_wh : v.value;
        }
    }
    return answer;
}

std::optional<api::DeviceIdentity> parse_identity(const Dialect& dialect, std::string_view line) {
    return dialect.parse_identity ? dialect.parse_identity(line)
                                  : default_parse_identity(dialect.family, line);
}

bool model_matches(const Model& model, const api::DeviceIdentity& identity) {
    for (const auto& m : model.identity_models) {
        if (starts_with_name(identity.model, m)) {
            return true;
        }
    }
    return false;
}

std::vector<std::string> range_commands(const Model& model, const Range& volts, const Range& amps,
                                        std::span<const int> elements) {
    if (model.dialect->element_range_commands) {
        std::vector<std::string> out;
        for (int e : elements) {
            for (auto& c : model.dialect->element_range_commands(volts, amps, e, model)) {
                out.push_back(std::move(c));
            }
        }
        return out;
    }
    if (!model.dialect->range_commands) {
        return {};
    }
    return model.dialect->range_commands(volts, amps, model);
}

std::vector<int> range_elements(const Plan& plan) {
    std::vector<int> out;
    for (const auto& slot : plan.slots) {
        if (slot.element != sigma && std::find(out.begin(), out.end(), slot.element) == out.end()) {
            out.push_back(slot.element);
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::optional<double> parse_range_answer(const Model& model, bool volts, std::string_view line) {
    const std::span<const double> table = volts ? model.voltage_ranges : model.current_ranges;
    return model.dialect->parse_range ? model.dialect->parse_range(line, table)
                                      : default_parse_range(line, table);
}

std::optional<double> smallest_range_at_least(std::span<const double> ranges, double value) {
    for (double r : ranges) {
        // The tables hold decimal steps; a reading equal to a step within rounding fits it.
        if (r >= value * (1.0 - 1e-12)) {
            return r;
        }
    }
    return std::nullopt;
}

FixedRanges mlperf_ranges(const Model& model, double max_volts, double max_amps) {
    const auto& v = model.voltage_ranges;
    const auto& a = model.current_ranges;
    if (v.empty() || a.empty()) {
        return {};
    }
    return FixedRanges{smallest_range_at_least(v, max_volts).value_or(v.back()),
                       smallest_range_at_least(a, 1.1 * max_amps).value_or(a.back())};
}

}  // namespace wattbench::drivers::scpi_analyzer
