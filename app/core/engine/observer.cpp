#include "app/core/engine/observer.hpp"

namespace wattbench::core::engine {

std::string_view to_string(PromptRequest::Kind k) {
    return k == PromptRequest::Kind::number ? "number" : "confirm";
}

std::string_view to_string(RunStatus s) {
    switch (s) {
        case RunStatus::running:
            return "running";
        case RunStatus::completed:
            return "completed";
        case RunStatus::interrupted:
            return "interrupted";
        case RunStatus::failed:
            return "failed";
    }
    return "failed";
}

}  // namespace wattbench::core::engine
