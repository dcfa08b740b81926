#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "app/core/record/io_error.hpp"

namespace wattbench::core::record {

// Replaces `path` with `value` (indented, one trailing line break) so that a reader sees the
// old file or the new one, never half of either: writes `path.tmp`, fsyncs it, renames it over
// `path` and fsyncs the directory. Strings that are not valid UTF-8 (instrument identities can
// be anything) are written with U+FFFD instead of failing. On failure the temporary file is
// removed and `path` is left as it was.
std::optional<IoError> try_write_json_atomically(const std::string& path,
                                                 const nlohmann::json& value);

// The same, throwing std::system_error (for one-shot tools on the calling thread).
void write_json_atomically(const std::string& path, const nlohmann::json& value);

}  // namespace wattbench::core::record
