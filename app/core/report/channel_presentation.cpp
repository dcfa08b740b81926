#include "app/core/report/channel_presentation.hpp"

#include "app/core/i18n/translate.hpp"
#include "app/core/rundir/manifest_lookup.hpp"

#include <fmt/format.h>

namespace wattbench::core::report {

namespace {

using drivers::api::Quantity;

struct QuantityStyle {
    SummaryGroup group;
    int decimals;
    std::string_view word;
};

QuantityStyle style_of(Quantity q) {
    switch (q) {
        case Quantity::power:
            return {SummaryGroup::power, 1, i18n::noop_tr("Power")};
        case Quantity::apparent_power:
            return {SummaryGroup::apparent_power, 1, i18n::noop_tr("Apparent power")};
        case Quantity::power_factor:
            return {SummaryGroup::power_factor, 2, i18n::noop_tr("Power factor")};
        case Quantity::voltage:
            return {SummaryGroup::voltage, 2, i18n::noop_tr("Voltage")};
        case Quantity::current:
            return {SummaryGroup::none, 3, i18n::noop_tr("Current")};
        case Quantity::frequency:
            return {SummaryGroup::none, 2, i18n::noop_tr("Frequency")};
        case Quantity::energy:
            return {SummaryGroup::none, 2, i18n::noop_tr("Energy")};
        case Quantity::temperature:
            return {SummaryGroup::temperature, 1, i18n::noop_tr("Temperature")};
        case Quantity::fan:
            return {SummaryGroup::fan, 0, i18n::noop_tr("Fan")};
        case Quantity::sound:
            return {SummaryGroup::sound, 1, i18n::noop_tr("Noise")};
        case Quantity::utilisation:
            return {SummaryGroup::utilisation, 1, i18n::noop_tr("Utilisation")};
        case Quantity::state:
            return {SummaryGroup::state, 0, i18n::noop_tr("State")};
        case Quantity::other:
            break;
    }
    return {SummaryGroup::none, 2, i18n::noop_tr("Value")};
}

}  // namespace

Quantity quantity_from_unit(std::string_view unit) {
    if (unit == "W") {
        return Quantity::power;
    }
    if (unit == "VA") {
        return Quantity::apparent_power;
    }
    if (unit == "degC") {
        return Quantity::temperature;
    }
    if (unit == "RPM") {
        return Quantity::fan;
    }
    if (unit == "V") {
        return Quantity::voltage;
    }
    if (unit == "A") {
        return Quantity::current;
    }
    if (unit == "Hz") {
        return Quantity::frequency;
    }
    if (unit == "Wh") {
        return Quantity::energy;
    }
    if (unit == "dBA" || unit == "dBC") {
        return Quantity::sound;
    }
    if (unit == "%") {
        return Quantity::utilisation;
    }
    if (unit == "state") {
        return Quantity::state;
    }
    return Quantity::other;
}

std::string display_unit(std::string_view unit) {
    if (unit == "degC") {
        return "°C";
    }
    if (unit == "1" || unit == "state") {
        return "";
    }
    return std::string(unit);
}

namespace {

ChannelPresentation present(const std::optional<std::string>& listed, std::string_view device,
                            std::string_view channel, std::string_view unit) {
    ChannelPresentation p;
    const auto from_manifest =
        listed ? drivers::api::quantity_from_string(*listed) : std::optional<Quantity>{};
    p.quantity = from_manifest ? *from_manifest : quantity_from_unit(unit);
    const QuantityStyle style = style_of(p.quantity);
    p.group = style.group;
    p.decimals = style.decimals;
    p.unit = display_unit(unit);
    p.name = fmt::format("{}/{}", device, channel);
    p.label_message = p.unit.empty()
                          ? i18n::Message{i18n::noop_tr("{} ({})"),
                                          {i18n::word_arg(style.word), i18n::text_arg(p.name)}}
                          : i18n::Message{i18n::noop_tr("{} [{}] ({})"),
                                          {i18n::word_arg(style.word), i18n::text_arg(p.unit),
                                           i18n::text_arg(p.name)}};
    p.label = p.label_message.in(i18n::Language::en);
    return p;
}

}  // namespace

ChannelPresentation present_channel(const rundir::Manifest& manifest, std::string_view device,
                                    std::string_view channel, std::string_view unit) {
    const auto* c = rundir::find_channel(manifest, device, channel);
    return present(c ? std::optional<std::string>(c->quantity) : std::nullopt, device, channel,
                   unit);
}

}  // namespace wattbench::core::report
