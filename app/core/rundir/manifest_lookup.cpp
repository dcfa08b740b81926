#include "app/core/rundir/manifest_lookup.hpp"

#include <algorithm>

namespace wattbench::core::rundir {

const Device* find_device(const Manifest& manifest, std::string_view id) {
    const auto it = std::find_if(manifest.devices.begin(), manifest.devices.end(),
                                 [&](const Device& d) { return d.id == id; });
    return it == manifest.devices.end() ? nullptr : &*it;
}

const Channel* find_channel(const Device& device, std::string_view name) {
    const auto it = std::find_if(device.channels.begin(), device.channels.end(),
                                 [&](const Channel& c) { return c.name == name; });
    return it == device.channels.end() ? nullptr : &*it;
}

const Channel* find_channel(const Manifest& manifest, std::string_view device,
                            std::string_view channel) {
    const auto* d = find_device(manifest, device);
    return d ? find_channel(*d, channel) : nullptr;
}

const Phase* find_phase(const Manifest& manifest, std::string_view name) {
    const auto it = std::find_if(manifest.phases.begin(), manifest.phases.end(),
                                 [&](const Phase& p) { return p.name == name; });
    return it == manifest.phases.end() ? nullptr : &*it;
}

bool has_flag(const Phase& phase, std::string_view flag) {
    return phase.flags &&
           std::find(phase.flags->begin(), phase.flags->end(), flag) != phase.flags->end();
}

}  // namespace wattbench::core::rundir
