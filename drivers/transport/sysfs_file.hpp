#pragma once

#include <string>
#include <variant>

namespace wattbench::drivers::transport {

// Reads a whole procfs/sysfs file in one pass (the host drivers poll these every interval); the
// errno on failure, so callers can tell "absent" from "not allowed".
std::variant<std::string, int> read_file(const std::string& path);

}  // namespace wattbench::drivers::transport
