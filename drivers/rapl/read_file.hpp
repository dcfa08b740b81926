#pragma once

#include <string>
#include <variant>

namespace wattbench::drivers::rapl {

// Reads a whole procfs/sysfs file; the errno on failure, so callers can tell "absent" from
// "not allowed".
std::variant<std::string, int> read_file(const std::string& path);

}  // namespace wattbench::drivers::rapl
