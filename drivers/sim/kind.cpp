#include "drivers/sim/kind.hpp"

#include "drivers/api/enum_text.hpp"

namespace wattbench::drivers::sim {

namespace {
constexpr api::EnumTexts<Kind, 3> kConnections{{
    {Kind::wattmeter, "sim://wattmeter"},
    {Kind::bmc, "sim://bmc"},
    {Kind::sound, "sim://sound"},
}};
}  // namespace

std::optional<Kind> kind_from_connection(std::string_view connection) {
    return api::parse(kConnections, connection);
}

}  // namespace wattbench::drivers::sim
