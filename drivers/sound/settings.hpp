#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "drivers/api/channel_spec.hpp"
#include "drivers/api/device.hpp"
#include "drivers/api/device_error.hpp"
#include "drivers/api/options.hpp"

namespace wattbench::drivers::sound {

enum class Weighting { a, c };
enum class TimeWeighting { fast, slow };

const char* to_string(Weighting w);      // "A", "C"
const char* to_string(TimeWeighting t);  // "fast", "slow"

// The profile keys every sound meter driver shares:
//   weighting = "A" | "C"            (default "A", what ISO 7779 asks for); sets the unit
//   time_weighting = "fast" | "slow" (absent: whatever the meter is set to)
//   background_noise = 32.5          (dB, the room with the machine under test off, ISO 7779:
//                                     the report corrects each phase's level for it)
struct Settings {
    Weighting weighting = Weighting::a;
    std::optional<TimeWeighting> time_weighting;
    std::optional<double> background_noise;
};

// Takes the keys from `options`; errors are config errors naming the key.
std::variant<Settings, api::DeviceError> take_settings(api::Options& options);

// `range = "30-130"` of a meter whose measuring range can be chosen: the meter's code for it
// from `code_of`, nullopt when the key is absent; a config error listing `choices` otherwise.
std::variant<std::optional<int>, api::DeviceError> take_range(
    api::Options& options, std::optional<int> (*code_of)(std::string_view),
    std::string_view choices);

// The single channel of a sound level meter: `spl` in dBA or dBC.
api::ChannelSpec spl_channel(Weighting w);

// The settings a meter works with, for the manifest's device entry: weighting, time weighting
// and range as read back (empty `range` or absent `time` leave them out) and background_noise.
api::Notice settings_notice(const Settings& profile, Weighting weighting,
                            std::optional<TimeWeighting> time, const std::string& range);

// "meter reads C weighting, the profile asks for A" when a meter's own setting (read back)
// differs from the profile's; nullopt when it matches.
std::optional<std::string> weighting_mismatch(const Settings& wanted, Weighting read,
                                              std::optional<TimeWeighting> read_time);

}  // namespace wattbench::drivers::sound
