#include "drivers/api/reading.hpp"

namespace wattbench::drivers::api {

std::string_view to_string(Status s) {
    switch (s) {
        case Status::ok:
            return "ok";
        case Status::overrange:
            return "overrange";
        case Status::unavailable:
            return "unavailable";
        case Status::error:
            return "error";
    }
    return "error";
}

}  // namespace wattbench::drivers::api
