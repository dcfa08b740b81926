#include "app/cli/render_module.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <system_error>

#include <fmt/format.h>

#include "app/core/version.hpp"
#include "drivers/modules/program_place.hpp"

namespace wattbench::cli {

namespace {

struct Loaded {
    wattbench_render_fn entry = nullptr;
    std::string error;
};

Loaded open_module() {
    const std::string path = RenderModule::path();
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
        const char* why = dlerror();
        return {nullptr, fmt::format("cannot load the report renderer {} ({}); html, pdf and "
                                     "--charts need the package {}",
                                     path, why != nullptr ? why : "unknown error",
                                     WATTBENCH_RENDER_PACKAGE)};
    }
    auto* entry = reinterpret_cast<wattbench_render_fn>(dlsym(handle, kWattbenchRenderSymbol));
    if (entry == nullptr) {
        return {nullptr, fmt::format("{} has no {}: not a wattbench report renderer", path,
                                     kWattbenchRenderSymbol)};
    }
    return {entry, {}};
}

}  // namespace

std::vector<std::string> RenderModule::candidates() {
    if (const char* override_path = std::getenv("WATTBENCH_RENDER_MODULE");
        override_path != nullptr && *override_path != '\0') {
        return {override_path};
    }
    const auto place = drivers::modules::program_place();
    std::vector<std::string> found;
    if (place && place->in_build_tree) {
        found.emplace_back(WATTBENCH_RENDER_BUILD_PATH);
    }
    // Always one candidate, for path() to name: relative to the working directory when
    // /proc/self/exe cannot be read.
    const std::filesystem::path prefix = place ? place->prefix() : std::filesystem::path();
    found.push_back((prefix / WATTBENCH_RENDER_INSTALL_DIR / WATTBENCH_RENDER_FILE).string());
    return found;
}

std::string RenderModule::path() {
    const auto all = candidates();
    for (const auto& candidate : all) {
        std::error_code ec;
        if (std::filesystem::exists(candidate, ec)) {
            return candidate;
        }
    }
    return all.back();
}

std::optional<core::report::OutputError> RenderModule::render(
    wattbench_render_subject kind, const void* subject, std::size_t subject_size,
    const core::report::ReportRequest& request) {
    static std::once_flag once;
    static Loaded loaded;
    std::call_once(once, [] { loaded = open_module(); });
    if (loaded.entry == nullptr) {
        return core::report::OutputError{core::report::OutputError::Kind::usage, loaded.error};
    }
    const wattbench_render_request call{kWattbenchRenderAbi,
                                        core::kVersion,
                                        kind,
                                        subject,
                                        subject_size,
                                        static_cast<int>(request.format),
                                        request.output.c_str(),
                                        request.charts_dir.c_str()};
    int usage = 0;
    const char* error = loaded.entry(&call, &usage);
    if (error == nullptr) {
        return std::nullopt;
    }
    return core::report::OutputError{usage != 0 ? core::report::OutputError::Kind::usage
                                                : core::report::OutputError::Kind::failed,
                                     error};
}

}  // namespace wattbench::cli
