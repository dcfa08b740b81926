#include "drivers/builtin_registry.hpp"

#include "drivers/sim/register.hpp"

namespace wattbench::drivers {

const api::Registry& builtin_registry() {
    static const api::Registry registry = [] {
        api::Registry r;
        r.add(sim::driver_info());
        return r;
    }();
    return registry;
}

}  // namespace wattbench::drivers
