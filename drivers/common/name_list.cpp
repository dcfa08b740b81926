#include "drivers/common/name_list.hpp"

namespace wattbench::drivers::common {

std::vector<std::string> split_names(std::string_view list) {
    std::vector<std::string> out;
    std::string_view rest = list;
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        std::string_view item = rest.substr(0, comma);
        rest.remove_prefix(comma == std::string_view::npos ? rest.size() : comma + 1);
        while (!item.empty() && item.front() == ' ') {
            item.remove_prefix(1);
        }
        while (!item.empty() && item.back() == ' ') {
            item.remove_suffix(1);
        }
        out.emplace_back(item);
    }
    return out;
}

}  // namespace wattbench::drivers::common
