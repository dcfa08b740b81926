#include "drivers/api/device_error.hpp"

namespace wattbench::drivers::api {

const char* to_string(ErrorKind k) {
    switch (k) {
        case ErrorKind::config:
            return "configuration";
        case ErrorKind::unreachable:
            return "unreachable";
        case ErrorKind::link_lost:
            return "link lost";
        case ErrorKind::timeout:
            return "timeout";
        case ErrorKind::protocol:
            return "protocol";
        case ErrorKind::auth:
            return "authentication";
    }
    return "error";
}

}  // namespace wattbench::drivers::api
