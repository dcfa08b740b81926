#include "drivers/api/registry.hpp"

#include <algorithm>

namespace wattbench::drivers::api {

namespace {

// What stands for each driver of a module that did not load: creating one says why.
DriverInfo unloadable(const std::string& name, const std::string& why) {
    return DriverInfo{
        name, "(not loaded: " + why + ")", "", "",
        [name, why](DeviceConfig&) -> std::variant<std::unique_ptr<Device>, DeviceError> {
            return DeviceError{ErrorKind::config, "driver '" + name + "' is not available: " + why};
        }};
}

}  // namespace

Registry::Registry(Registry&& other) noexcept {
    const std::lock_guard lock(other.mutex_);
    drivers_ = std::move(other.drivers_);
    modules_ = std::move(other.modules_);
}

void Registry::add(DriverInfo info) {
    const std::lock_guard lock(mutex_);
    drivers_.push_back(std::move(info));
}

void Registry::add_module(std::vector<std::string> names, ModuleLoad load) {
    const std::lock_guard lock(mutex_);
    modules_.push_back(Module{std::move(names), std::move(load)});
}

void Registry::load_locked(Module& module) const {
    if (module.loaded) {
        return;
    }
    module.loaded = true;
    auto loaded = module.load();
    std::string why;
    if (auto* error = std::get_if<std::string>(&loaded)) {
        why = *error;
    } else {
        auto& infos = std::get<std::vector<DriverInfo>>(loaded);
        std::vector<std::string> provided;
        for (const auto& info : infos) {
            provided.push_back(info.name);
        }
        auto declared = module.names;
        std::sort(provided.begin(), provided.end());
        std::sort(declared.begin(), declared.end());
        if (provided == declared) {
            for (auto& info : infos) {
                drivers_.push_back(std::move(info));
            }
            return;
        }
        why = "the module provides other drivers than the build declared for it";
    }
    for (const auto& name : module.names) {
        drivers_.push_back(unloadable(name, why));
    }
}

const DriverInfo* Registry::find_locked(const std::string& name) const {
    for (const auto& d : drivers_) {
        if (d.name == name) {
            return &d;
        }
    }
    return nullptr;
}

const DriverInfo* Registry::find(const std::string& name) const {
    const std::lock_guard lock(mutex_);
    if (const auto* found = find_locked(name)) {
        return found;
    }
    for (auto& module : modules_) {
        if (!module.loaded &&
            std::find(module.names.begin(), module.names.end(), name) != module.names.end()) {
            load_locked(module);
            return find_locked(name);
        }
    }
    return nullptr;
}

std::vector<const DriverInfo*> Registry::drivers() const {
    const std::lock_guard lock(mutex_);
    for (auto& module : modules_) {
        load_locked(module);
    }
    std::vector<const DriverInfo*> all;
    for (const auto& d : drivers_) {
        all.push_back(&d);
    }
    std::stable_sort(all.begin(), all.end(),
                     [](const DriverInfo* a, const DriverInfo* b) { return a->name < b->name; });
    return all;
}

std::vector<std::string> Registry::names() const {
    const std::lock_guard lock(mutex_);
    std::vector<std::string> all;
    for (const auto& d : drivers_) {
        all.push_back(d.name);
    }
    for (const auto& module : modules_) {
        if (!module.loaded) {
            all.insert(all.end(), module.names.begin(), module.names.end());
        }
    }
    std::sort(all.begin(), all.end());
    return all;
}

std::variant<std::unique_ptr<Device>, DeviceError> Registry::create(DeviceConfig config) const {
    const DriverInfo* info = find(config.driver);
    if (!info) {
        return DeviceError{ErrorKind::config, "unknown driver '" + config.driver + "'"};
    }
    auto made = info->factory(config);
    if (std::holds_alternative<DeviceError>(made)) {
        return made;
    }
    if (config.options.error()) {
        return *config.options.error();
    }
    auto unused = config.options.unused();
    if (!unused.empty()) {
        return DeviceError{ErrorKind::config, "unknown key '" + unused.front() + "' for driver '" +
                                                  config.driver + "'"};
    }
    return made;
}

}  // namespace wattbench::drivers::api
