#include "app/chart_style/chart_group.hpp"

#include "app/core/i18n/translate.hpp"

namespace wattbench::chart_style {

std::optional<ChartGroup> chart_group(drivers::api::Quantity q) {
    using drivers::api::Quantity;
    switch (q) {
        case Quantity::power:
        case Quantity::apparent_power:
            return ChartGroup::power;
        case Quantity::temperature:
            return ChartGroup::temperature;
        case Quantity::fan:
            return ChartGroup::fan;
        case Quantity::voltage:
            return ChartGroup::voltage;
        case Quantity::sound:
            return ChartGroup::sound;
        case Quantity::utilisation:
            return ChartGroup::load;
        default:
            return std::nullopt;
    }
}

std::string_view title(ChartGroup g) {
    switch (g) {
        case ChartGroup::power:
            return core::i18n::noop_tr("Power [W, VA]");
        case ChartGroup::temperature:
            return core::i18n::noop_tr("Temperatures [°C]");
        case ChartGroup::fan:
            return core::i18n::noop_tr("Fans [RPM]");
        case ChartGroup::voltage:
            return core::i18n::noop_tr("Voltages [V]");
        case ChartGroup::sound:
            return core::i18n::noop_tr("Noise [dB]");
        case ChartGroup::load:
            return core::i18n::noop_tr("CPU load [%]");
    }
    return "";
}

std::string_view key(ChartGroup g) {
    switch (g) {
        case ChartGroup::power:
            return "power";
        case ChartGroup::temperature:
            return "temperature";
        case ChartGroup::fan:
            return "fan";
        case ChartGroup::voltage:
            return "voltage";
        case ChartGroup::sound:
            return "sound";
        case ChartGroup::load:
            return "load";
    }
    return "";
}

}  // namespace wattbench::chart_style
