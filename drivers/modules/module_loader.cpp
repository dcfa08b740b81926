#include "drivers/modules/module_loader.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "drivers/modules/module_abi.hpp"
#include "drivers/modules/program_place.hpp"

namespace wattbench::drivers::modules {

namespace {

std::string file_of(const std::string& name) {
    return name + ".so";
}

}  // namespace

std::vector<std::string> module_candidates(const std::string& name) {
    if (const char* dir = std::getenv("WATTBENCH_DRIVER_DIR"); dir != nullptr && *dir != '\0') {
        return {(std::filesystem::path(dir) / file_of(name)).string()};
    }
    std::vector<std::string> found;
    const auto place = program_place();
    if (place && place->in_build_tree) {
        found.push_back(std::string(WATTBENCH_DRIVER_MODULE_BUILD_DIR) + "/" + file_of(name));
    }
    if (place) {
        found.push_back(
            (place->prefix() / WATTBENCH_DRIVER_MODULE_INSTALL_DIR / file_of(name)).string());
    }
    return found;
}

std::variant<std::vector<api::DriverInfo>, std::string> load_module(const std::string& name) {
    const auto candidates = module_candidates(name);
    std::string path;
    for (const auto& candidate : candidates) {
        std::error_code ec;
        if (std::filesystem::exists(candidate, ec)) {
            path = candidate;
            break;
        }
    }
    if (path.empty()) {
        std::string looked;
        for (const auto& candidate : candidates) {
            looked += (looked.empty() ? "" : ", ") + candidate;
        }
        return "its module " + file_of(name) + " is not installed (looked for " + looked + ")";
    }
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
        const char* why = dlerror();
        return "cannot load " + path + ": " + (why != nullptr ? why : "unknown error");
    }
    auto* build = reinterpret_cast<wattbench_driver_module_build_fn>(dlsym(handle, kBuildSymbol));
    auto* drivers =
        reinterpret_cast<wattbench_driver_module_drivers_fn>(dlsym(handle, kDriversSymbol));
    if (build == nullptr || drivers == nullptr) {
        dlclose(handle);
        return path + " is not a wattbench driver module";
    }
    if (const std::string theirs = build(); theirs != WATTBENCH_DRIVER_MODULE_BUILD) {
        dlclose(handle);
        return path + " comes from another build of wattbench (" + theirs + "; this is " +
               WATTBENCH_DRIVER_MODULE_BUILD + ")";
    }
    std::vector<api::DriverInfo> infos;
    drivers(&infos);
    return infos;
}

}  // namespace wattbench::drivers::modules
