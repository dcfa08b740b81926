#include "app/cli/report_exit.hpp"

#include <cstdio>

#include <fmt/format.h>

#include "app/cli/commands.hpp"

namespace wattbench::cli {

int report_exit(const std::optional<core::report::OutputError>& error) {
    if (!error) {
        return kExitOk;
    }
    fmt::print(stderr, "wattbench: {}\n", error->message);
    return error->kind == core::report::OutputError::Kind::usage ? kExitUsage : kExitRunFailed;
}

}  // namespace wattbench::cli
