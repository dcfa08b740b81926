#include "app/metrics/metric_name.hpp"

#include <stdexcept>
#include <string>

namespace wattbench::metrics {

namespace {

bool name_start(char c, bool colon) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (colon && c == ':');
}

bool name_char(char c, bool colon) {
    return name_start(c, colon) || (c >= '0' && c <= '9');
}

bool valid(std::string_view name, bool colon) {
    if (name.empty() || !name_start(name.front(), colon)) {
        return false;
    }
    for (const char c : name) {
        if (!name_char(c, colon)) {
            return false;
        }
    }
    return true;
}

}  // namespace

void check_metric_name(std::string_view name) {
    if (!valid(name, true)) {
        throw std::invalid_argument("invalid metric name '" + std::string(name) + "'");
    }
}

void check_label_name(std::string_view name) {
    // "__" names are reserved for Prometheus' own labels.
    if (!valid(name, false) || name.substr(0, 2) == "__") {
        throw std::invalid_argument("invalid label name '" + std::string(name) + "'");
    }
}

}  // namespace wattbench::metrics
