#pragma once

#include <chrono>

namespace wattbench::drivers::scpi_analyzer {

// Analyzers answer within a few hundred ms; set-up commands may take longer.
inline constexpr std::chrono::milliseconds answer_timeout{2000};
// Read-backs some firmware may not know must not hold up open for long.
inline constexpr std::chrono::milliseconds optional_answer_timeout{500};

}  // namespace wattbench::drivers::scpi_analyzer
