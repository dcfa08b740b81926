#include "drivers/builtin_registry.hpp"

namespace wattbench::drivers {

const api::Registry& builtin_registry() {
    static const api::Registry registry = [] {
        api::Registry r;
        add_builtin_drivers(r);
        return r;
    }();
    return registry;
}

}  // namespace wattbench::drivers
