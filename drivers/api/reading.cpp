#include "drivers/api/reading.hpp"

#include "drivers/api/enum_text.hpp"

namespace wattbench::drivers::api {

namespace {
constexpr EnumTexts<Status, 4> kTexts{{
    {Status::ok, "ok"},
    {Status::overrange, "overrange"},
    {Status::unavailable, "unavailable"},
    {Status::error, "error"},
}};
}  // namespace

std::string_view to_string(Status s) {
    return text_of(kTexts, s, "error");
}

}  // namespace wattbench::drivers::api
