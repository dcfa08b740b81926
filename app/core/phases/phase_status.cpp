#include "app/core/phases/phase_status.hpp"

#include "drivers/api/enum_text.hpp"

namespace wattbench::core::phases {

namespace {
constexpr drivers::api::EnumTexts<PhaseStatus, 7> kTexts{{
    {PhaseStatus::pending, "pending"},
    {PhaseStatus::warmup, "warmup"},
    {PhaseStatus::window, "window"},
    {PhaseStatus::done, "done"},
    {PhaseStatus::skipped, "skipped"},
    {PhaseStatus::interrupted, "interrupted"},
    {PhaseStatus::failed, "failed"},
}};
}  // namespace

std::string_view to_string(PhaseStatus s) {
    return drivers::api::text_of(kTexts, s, "pending");
}

}  // namespace wattbench::core::phases
