#pragma once

#include <string>

namespace wattbench::cli {

// Writes a report's text to `path`, or to stdout when `path` is empty. Returns an exit code;
// a failure is printed with the path and the reason ("cannot create r.md: No such file or
// directory").
int write_output(const std::string& text, const std::string& path);

}  // namespace wattbench::cli
