#include "app/core/profile/profile.hpp"

#include "drivers/api/enum_text.hpp"

namespace wattbench::core::profile {

namespace {
using drivers::api::EnumTexts;

constexpr EnumTexts<LoadKind, 4> kLoadKinds{{
    {LoadKind::idle, "idle"},
    {LoadKind::cpu, "cpu"},
    {LoadKind::disk, "disk"},
    {LoadKind::command, "command"},
}};
constexpr EnumTexts<Placement, 2> kPlacements{{
    {Placement::spread, "spread"},
    {Placement::pack, "pack"},
}};
constexpr EnumTexts<CpuKernel, 2> kKernels{{
    {CpuKernel::integer, "int"},
    {CpuKernel::fp, "fp"},
}};
constexpr EnumTexts<OnExit, 3> kOnExits{{
    {OnExit::restart, "restart"},
    {OnExit::end_phase, "end-phase"},
    {OnExit::fail, "fail"},
}};
}  // namespace

std::string_view to_string(LoadKind k) {
    return drivers::api::text_of(kLoadKinds, k, "idle");
}

std::string_view to_string(Placement p) {
    return drivers::api::text_of(kPlacements, p, "spread");
}

std::string_view to_string(OnExit e) {
    return drivers::api::text_of(kOnExits, e, "restart");
}

std::string_view to_string(CpuKernel k) {
    return drivers::api::text_of(kKernels, k, "int");
}

std::optional<LoadKind> load_kind_from_string(std::string_view s) {
    return drivers::api::parse(kLoadKinds, s);
}

std::optional<Placement> placement_from_string(std::string_view s) {
    return drivers::api::parse(kPlacements, s);
}

std::optional<CpuKernel> cpu_kernel_from_string(std::string_view s) {
    return drivers::api::parse(kKernels, s);
}

std::optional<OnExit> on_exit_from_string(std::string_view s) {
    return drivers::api::parse(kOnExits, s);
}

}  // namespace wattbench::core::profile
