#include "app/core/phases/phase_status.hpp"

namespace wattbench::core::phases {

std::string_view to_string(PhaseStatus s) {
    switch (s) {
        case PhaseStatus::pending:
            return "pending";
        case PhaseStatus::warmup:
            return "warmup";
        case PhaseStatus::window:
            return "window";
        case PhaseStatus::done:
            return "done";
        case PhaseStatus::skipped:
            return "skipped";
        case PhaseStatus::interrupted:
            return "interrupted";
        case PhaseStatus::failed:
            return "failed";
    }
    return "pending";
}

}  // namespace wattbench::core::phases
