#include "app/core/phases/stage.hpp"

#include "drivers/api/enum_text.hpp"

namespace wattbench::core::phases {

namespace {
constexpr drivers::api::EnumTexts<Stage, 3> kTexts{{
    {Stage::between, "between"},
    {Stage::warmup, "warmup"},
    {Stage::window, "window"},
}};
}  // namespace

std::string_view to_string(Stage s) {
    return drivers::api::text_of(kTexts, s, "between");
}

std::optional<Stage> stage_from_string(std::string_view s) {
    return drivers::api::parse(kTexts, s);
}

}  // namespace wattbench::core::phases
