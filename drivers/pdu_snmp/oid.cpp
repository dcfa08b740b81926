#include "drivers/pdu_snmp/oid.hpp"

#include <algorithm>
#include <charconv>

namespace wattbench::drivers::pdu_snmp {

std::optional<Oid> parse_oid(std::string_view text) {
    if (!text.empty() && text.front() == '.') {
        text.remove_prefix(1);
    }
    Oid out;
    while (!text.empty()) {
        const auto dot = text.find('.');
        const auto arc = text.substr(0, dot);
        std::uint32_t v = 0;
        const auto [end, ec] = std::from_chars(arc.data(), arc.data() + arc.size(), v);
        if (arc.empty() || ec != std::errc() || end != arc.data() + arc.size()) {
            return std::nullopt;
        }
        out.push_back(v);
        if (dot == std::string_view::npos) {
            return out;
        }
        text.remove_prefix(dot + 1);
        if (text.empty()) {
            return std::nullopt;
        }
    }
    return std::nullopt;
}

std::string to_string(const Oid& oid) {
    std::string s;
    for (std::size_t i = 0; i < oid.size(); ++i) {
        if (i) {
            s += '.';
        }
        s += std::to_string(oid[i]);
    }
    return s;
}

bool starts_with(const Oid& oid, const Oid& prefix) {
    return oid.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), oid.begin());
}

Oid suffix(const Oid& oid, const Oid& prefix) {
    if (!starts_with(oid, prefix)) {
        return {};
    }
    return Oid(oid.begin() + static_cast<std::ptrdiff_t>(prefix.size()), oid.end());
}

Oid join(const Oid& a, const Oid& b) {
    Oid out = a;
    out.insert(out.end(), b.begin(), b.end());
    return out;
}

}  // namespace wattbench::drivers::pdu_snmp
