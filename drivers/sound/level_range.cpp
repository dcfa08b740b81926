#include "drivers/sound/level_range.hpp"

#include <fmt/format.h>

namespace wattbench::drivers::sound {

std::string LevelRange::text() const {
    return fmt::format("{:g}–{:g} dB", low, high);
}

std::string LevelRange::setting() const {
    return fmt::format("{:g}-{:g}", low, high);
}

api::Reading level_reading(std::size_t channel, double db, std::optional<LevelRange> range) {
    api::Reading r;
    r.channel = channel;
    r.value = db;
    if (range && db > range->high) {
        r.status = api::Status::overrange;
        r.text = "over range (" + range->text() + ")";
    } else if (range && db < range->low) {
        r.status = api::Status::overrange;
        r.text = "under range (" + range->text() + ")";
    }
    return r;
}

}  // namespace wattbench::drivers::sound
