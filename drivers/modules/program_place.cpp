#include "drivers/modules/program_place.hpp"

#include <string>
#include <system_error>

namespace wattbench::drivers::modules {

std::optional<ProgramPlace> program_place() {
    std::error_code ec;
    auto exe = std::filesystem::canonical("/proc/self/exe", ec);
    if (ec) {
        return std::nullopt;
    }
    const std::string tree = std::string(WATTBENCH_BUILD_DIR) + "/";
    const bool in_tree = exe.string().compare(0, tree.size(), tree) == 0;
    return ProgramPlace{std::move(exe), in_tree};
}

}  // namespace wattbench::drivers::modules
