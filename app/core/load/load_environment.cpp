#include "app/core/load/load_environment.hpp"

#include <sched.h>

namespace wattbench::core::load {

LoadEnvironment LoadEnvironment::local(const std::string& sysfs_root) {
    LoadEnvironment env;
    env.topology = read_cpu_topology(sysfs_root);
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        for (int c = 0; c < CPU_SETSIZE; ++c) {
            if (CPU_ISSET(c, &set)) {
                env.allowed_cpus.push_back(c);
            }
        }
    }
    return env;
}

}  // namespace wattbench::core::load
