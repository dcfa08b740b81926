#include "app/core/phases/stage.hpp"

namespace wattbench::core::phases {

std::string_view to_string(Stage s) {
    switch (s) {
        case Stage::between:
            return "between";
        case Stage::warmup:
            return "warmup";
        case Stage::window:
            return "window";
    }
    return "between";
}

std::optional<Stage> stage_from_string(std::string_view s) {
    if (s == "between") {
        return Stage::between;
    }
    if (s == "warmup") {
        return Stage::warmup;
    }
    if (s == "window") {
        return Stage::window;
    }
    return std::nullopt;
}

}  // namespace wattbench::core::phases
