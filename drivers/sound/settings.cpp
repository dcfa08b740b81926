#include "drivers/sound/settings.hpp"

namespace wattbench::drivers::sound {

const char* to_string(Weighting w) {
    return w == Weighting::c ? "C" : "A";
}
const char* to_string(TimeWeighting t) {
    return t == TimeWeighting::slow ? "slow" : "fast";
}

std::variant<Settings, api::DeviceError> take_settings(api::Options& options) {
    Settings s;
    const auto weighting = options.take_string("weighting");
    const auto time = options.take_string("time_weighting");
    s.background_noise = options.take_number("background_noise");
    if (options.error()) {
        return *options.error();
    }
    if (weighting) {
        if (*weighting == "A" || *weighting == "a") {
            s.weighting = Weighting::a;
        } else if (*weighting == "C" || *weighting == "c") {
            s.weighting = Weighting::c;
        } else {
            return api::DeviceError{api::ErrorKind::config, "key 'weighting': \"" + *weighting +
                                                                "\" is not \"A\" or \"C\""};
        }
    }
    if (time) {
        if (*time == "fast") {
            s.time_weighting = TimeWeighting::fast;
        } else if (*time == "slow") {
            s.time_weighting = TimeWeighting::slow;
        } else {
            return api::DeviceError{api::ErrorKind::config, "key 'time_weighting': \"" + *time +
                                                                "\" is not \"fast\" or \"slow\""};
        }
    }
    if (s.background_noise && !(*s.background_noise >= 0.0 && *s.background_noise <= 140.0)) {
        return api::DeviceError{api::ErrorKind::config,
                                "key 'background_noise': " + std::to_string(*s.background_noise) +
                                    " is not a level in dB between 0 and 140"};
    }
    return s;
}

api::Notice settings_notice(const Settings& profile, Weighting weighting,
                            std::optional<TimeWeighting> time, const std::string& range) {
    api::Notice n;
    n.settings["weighting"] = std::string(to_string(weighting));
    if (time) {
        n.settings["time_weighting"] = std::string(to_string(*time));
    }
    if (!range.empty()) {
        n.settings["range"] = range;
    }
    if (profile.background_noise) {
        n.settings["background_noise"] = *profile.background_noise;
    }
    return n;
}

std::variant<std::optional<int>, api::DeviceError> take_range(
    api::Options& options, std::optional<int> (*code_of)(std::string_view),
    std::string_view choices) {
    const auto text = options.take_string("range");
    if (!text) {
        return std::optional<int>{};
    }
    if (auto code = code_of(*text)) {
        return code;
    }
    return api::DeviceError{api::ErrorKind::config,
                            "key 'range': \"" + *text + "\" is not one of " + std::string(choices)};
}

api::ChannelSpec spl_channel(Weighting w) {
    api::ChannelSpec c;
    c.name = "spl";
    c.quantity = api::Quantity::sound;
    c.unit = w == Weighting::c ? "dBC" : "dBA";
    c.display_min = 20.0;
    c.display_max = 100.0;
    c.key = true;
    return c;
}

std::optional<std::string> weighting_mismatch(const Settings& wanted, Weighting read,
                                              std::optional<TimeWeighting> read_time) {
    if (read != wanted.weighting) {
        return std::string("meter reads ") + to_string(read) + " weighting, the profile asks for " +
               to_string(wanted.weighting);
    }
    if (wanted.time_weighting && read_time && *read_time != *wanted.time_weighting) {
        return std::string("meter reads ") + to_string(*read_time) +
               " time weighting, the profile asks for " + to_string(*wanted.time_weighting);
    }
    return std::nullopt;
}

}  // namespace wattbench::drivers::sound
