#include "drivers/api/device_error.hpp"

#include "drivers/api/enum_text.hpp"

namespace wattbench::drivers::api {

namespace {
constexpr EnumTexts<ErrorKind, 6> kTexts{{
    {ErrorKind::config, "configuration"},
    {ErrorKind::unreachable, "unreachable"},
    {ErrorKind::link_lost, "link lost"},
    {ErrorKind::timeout, "timeout"},
    {ErrorKind::protocol, "protocol"},
    {ErrorKind::auth, "authentication"},
}};
}  // namespace

DeviceError failed_open(DeviceError e) {
    if (e.kind == ErrorKind::timeout || e.kind == ErrorKind::link_lost) {
        e.kind = ErrorKind::unreachable;
    }
    return e;
}

const char* to_string(ErrorKind k) {
    // Every text is a literal, so data() is NUL-terminated.
    return text_of(kTexts, k, "error").data();
}

}  // namespace wattbench::drivers::api
