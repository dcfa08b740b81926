#include "app/core/profile/profile.hpp"

namespace wattbench::core::profile {

std::string_view to_string(LoadKind k) {
    switch (k) {
        case LoadKind::idle:
            return "idle";
        case LoadKind::cpu:
            return "cpu";
        case LoadKind::disk:
            return "disk";
        case LoadKind::command:
            return "command";
    }
    return "idle";
}

std::string_view to_string(Placement p) {
    return p == Placement::pack ? "pack" : "spread";
}

std::string_view to_string(OnExit e) {
    switch (e) {
        case OnExit::end_phase:
            return "end-phase";
        case OnExit::fail:
            return "fail";
        case OnExit::restart:
            break;
    }
    return "restart";
}

std::string_view to_string(CpuKernel k) {
    return k == CpuKernel::fp ? "fp" : "int";
}

}  // namespace wattbench::core::profile
