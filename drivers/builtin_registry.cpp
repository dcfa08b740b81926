#include "drivers/builtin_registry.hpp"

#include "drivers/cem/register.hpp"
#include "drivers/cpu/register.hpp"
#include "drivers/eastron/register.hpp"
#include "drivers/gm1356/register.hpp"
#include "drivers/hwmon/register.hpp"
#include "drivers/ipmi/register.hpp"
#include "drivers/manual/register.hpp"
#include "drivers/rapl/register.hpp"
#include "drivers/sim/register.hpp"
#include "drivers/tondaj/register.hpp"
#include "drivers/voltcraft/register.hpp"
#include "drivers/wattsup/register.hpp"
#include "drivers/wensn/register.hpp"
#include "drivers/yokogawa/register.hpp"

namespace wattbench::drivers {

const api::Registry& builtin_registry() {
    static const api::Registry registry = [] {
        api::Registry r;
        r.add(sim::driver_info());
        r.add(yokogawa::wt310_driver_info());
        r.add(yokogawa::wt210_driver_info());
        r.add(eastron::driver_info());
        r.add(wattsup::driver_info());
        r.add(cpu::driver_info());
        r.add(hwmon::driver_info());
        r.add(rapl::driver_info());
        r.add(ipmi::driver_info());
        r.add(wensn::driver_info());
        r.add(gm1356::driver_info());
        r.add(cem::driver_info());
        r.add(tondaj::driver_info());
        r.add(manual::driver_info());
        r.add(voltcraft::el4000_driver_info());
        return r;
    }();
    return registry;
}

}  // namespace wattbench::drivers
