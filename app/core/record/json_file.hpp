#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace wattbench::core::record {

// Replaces `path` with `value` (indented, one trailing line break) so that a reader sees the
// old file or the new one, never half of either: writes `path.tmp`, fsyncs it, renames it over
// `path` and fsyncs the directory. Strings that are not valid UTF-8 (instrument identities can
// be anything) are written with U+FFFD instead of failing. Throws std::system_error; the
// temporary file is removed on failure.
void write_json_atomically(const std::string& path, const nlohmann::json& value);

}  // namespace wattbench::core::record
