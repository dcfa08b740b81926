#pragma once

#include <filesystem>
#include <optional>

namespace wattbench::drivers::modules {

// Where the running program is, for the files it opens beside itself (the driver modules, the
// report renderer, the message catalogs): from its build tree, which holds them where the build
// put them, or from an installed prefix (/usr/bin/wattbench → /usr), so that one build serves
// /usr and /usr/local alike.
struct ProgramPlace {
    std::filesystem::path exe;  // canonical
    bool in_build_tree = false;

    std::filesystem::path prefix() const { return exe.parent_path().parent_path(); }
};

// nullopt when /proc/self/exe cannot be read.
std::optional<ProgramPlace> program_place();

}  // namespace wattbench::drivers::modules
