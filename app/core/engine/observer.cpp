#include "app/core/engine/observer.hpp"

#include "drivers/api/enum_text.hpp"

namespace wattbench::core::engine {

namespace {
constexpr drivers::api::EnumTexts<PromptRequest::Kind, 2> kPromptKinds{{
    {PromptRequest::Kind::number, "number"},
    {PromptRequest::Kind::confirm, "confirm"},
}};
constexpr drivers::api::EnumTexts<RunStatus, 4> kRunStatuses{{
    {RunStatus::running, "running"},
    {RunStatus::completed, "completed"},
    {RunStatus::interrupted, "interrupted"},
    {RunStatus::failed, "failed"},
}};
}  // namespace

std::string_view to_string(PromptRequest::Kind k) {
    return drivers::api::text_of(kPromptKinds, k, "confirm");
}

std::string_view to_string(RunStatus s) {
    return drivers::api::text_of(kRunStatuses, s, "failed");
}

}  // namespace wattbench::core::engine
