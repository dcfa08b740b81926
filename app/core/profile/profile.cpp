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

}  // namespace wattbench::core::profile
