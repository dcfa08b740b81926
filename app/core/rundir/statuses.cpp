#include <array>
#include <utility>

#include "app/core/rundir/manifest.hpp"

namespace wattbench::core::rundir {

namespace {

// One table per enum, read both ways, so a name cannot be spelt differently in the two.
constexpr std::array<std::pair<RunStatus, std::string_view>, 4> kRunStatus{{
    {RunStatus::running, "running"},
    {RunStatus::completed, "completed"},
    {RunStatus::interrupted, "interrupted"},
    {RunStatus::failed, "failed"},
}};
constexpr std::array<std::pair<DeviceState, std::string_view>, 6> kDeviceState{{
    {DeviceState::connecting, "connecting"},
    {DeviceState::ok, "ok"},
    {DeviceState::reconnecting, "reconnecting"},
    {DeviceState::failed, "failed"},
    {DeviceState::annotated, "annotated"},
    {DeviceState::imported, "imported"},
}};
constexpr std::array<PhaseStatus, 7> kPhaseStatus{
    PhaseStatus::pending, PhaseStatus::warmup,      PhaseStatus::window, PhaseStatus::done,
    PhaseStatus::skipped, PhaseStatus::interrupted, PhaseStatus::failed,
};

template <class Table, class E>
std::string_view name_of(const Table& table, E e) {
    for (const auto& [value, name] : table) {
        if (value == e) {
            return name;
        }
    }
    return "failed";
}

template <class E, class Table>
std::optional<E> value_of(const Table& table, std::string_view s) {
    for (const auto& [value, name] : table) {
        if (name == s) {
            return value;
        }
    }
    return std::nullopt;
}

}  // namespace

std::string_view to_string(RunStatus s) {
    return name_of(kRunStatus, s);
}

std::string_view to_string(DeviceState s) {
    return name_of(kDeviceState, s);
}

std::optional<RunStatus> run_status_from_string(std::string_view s) {
    return value_of<RunStatus>(kRunStatus, s);
}

std::optional<DeviceState> device_state_from_string(std::string_view s) {
    return value_of<DeviceState>(kDeviceState, s);
}

std::optional<PhaseStatus> phase_status_from_string(std::string_view s) {
    for (const auto p : kPhaseStatus) {
        if (phases::to_string(p) == s) {
            return p;
        }
    }
    return std::nullopt;
}

}  // namespace wattbench::core::rundir
