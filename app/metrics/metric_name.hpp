#pragma once

#include <string_view>

namespace wattbench::metrics {

// Checked once, when a family is registered (as prometheus-cpp does), so that rendering never
// has to: a bad name is a programming error, thrown as std::invalid_argument naming it.
void check_metric_name(std::string_view name);
void check_label_name(std::string_view name);

}  // namespace wattbench::metrics
