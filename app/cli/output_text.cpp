#include "app/cli/output_text.hpp"

#include <cstdio>
#include <system_error>

#include <fmt/format.h>

#include "app/cli/commands.hpp"
#include "app/core/record/output_file.hpp"

namespace wattbench::cli {

int write_output(const std::string& text, const std::string& path) {
    if (path.empty()) {
        fmt::print("{}", text);
        return kExitOk;
    }
    try {
        core::record::OutputFile out(path);
        out.write_all(text);
        out.close();
    } catch (const std::system_error& e) {
        fmt::print(stderr, "wattbench: {}\n", e.what());
        return kExitRunFailed;
    }
    return kExitOk;
}

}  // namespace wattbench::cli
