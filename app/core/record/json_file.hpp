#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "app/core/record/io_error.hpp"
#include "app/core/record/output_file.hpp"

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

// Replaces `path` with what `fill` writes into `path.rework`, with the same guarantee (old or
// new file, never half): for rewrites too large to hold in memory (samples.csv). `fill` returns
// an error text to give up; OutputFile's throwing calls may throw. On any failure the temporary
// file is removed, `path` is left as it was and the error text is returned.
std::optional<std::string> replace_file_atomically(
    const std::string& path, const std::function<std::optional<std::string>(OutputFile&)>& fill);

}  // namespace wattbench::core::record
