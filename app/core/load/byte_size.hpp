#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace wattbench::core::load {

// Reads "1GiB", "512MiB", "100MB", "4k" or a plain number of bytes. Binary (KiB, MiB, GiB, TiB)
// and decimal (kB, MB, GB, TB) units; a bare K/M/G/T is binary, as dd and most tools read it.
std::optional<std::uint64_t> parse_byte_size(std::string_view text);

}  // namespace wattbench::core::load
