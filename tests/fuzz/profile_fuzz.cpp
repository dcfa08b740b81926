#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <variant>

#include "app/core/profile/duration.hpp"
#include "app/core/profile/loader.hpp"
#include "app/core/profile/overrides.hpp"
#include "drivers/api/registry.hpp"

namespace {

using namespace wattbench;

class NullDevice : public drivers::api::Device {
public:
    const std::vector<drivers::api::ChannelSpec>& channels() const override { return channels_; }
    std::optional<drivers::api::DeviceError> open() override { return std::nullopt; }
    drivers::api::PollResult poll(std::chrono::steady_clock::time_point) override { return {}; }
    void close() override {}
    drivers::api::DeviceIdentity identity() const override { return {}; }

private:
    std::vector<drivers::api::ChannelSpec> channels_;
};

// One driver that reads an option, a list option and judges the connection, so that the
// factory paths of the loader are reached too.
const drivers::api::Registry& registry() {
    static const drivers::api::Registry r = [] {
        drivers::api::Registry reg;
        reg.add(
            {"fake", "fuzz", "none", "fake://x", [](drivers::api::DeviceConfig& c) {
                 using Made =
                     std::variant<std::unique_ptr<drivers::api::Device>, drivers::api::DeviceError>;
                 c.options.take_number("level");
                 c.options.take_comma_list("names");
                 if (!c.connection.starts_with("fake://")) {
                     return Made(drivers::api::DeviceError{drivers::api::ErrorKind::config,
                                                           "bad connection"});
                 }
                 return Made(std::make_unique<NullDevice>());
             }});
        return reg;
    }();
    return r;
}

}  // namespace

// Any input gives a profile or a located error, never a crash; an accepted profile keeps the
// invariants the engine relies on.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::core::profile;
    const std::string text(reinterpret_cast<const char*>(data), size);
    auto result = load_profile_text(text, "fuzz.toml", LoadContext{&registry(), 4});
    if (auto* error = std::get_if<ProfileError>(&result)) {
        if (error->message.empty() || error->to_string().find('\n') != std::string::npos) {
            std::abort();
        }
        return 0;
    }
    Profile& profile = std::get<Profile>(result);
    if (profile.phases.empty() || profile.text != text) {
        std::abort();
    }
    for (const auto& phase : profile.phases) {
        if (phase.name.empty() || phase.window.count() <= 0 || phase.warmup.count() < 0 ||
            (phase.load == LoadKind::cpu) != (phase.workers > 0)) {
            std::abort();
        }
        if (parse_duration(format_duration(phase.window)) != phase.window) {
            std::abort();
        }
    }
    for (const auto& device : profile.devices) {
        if (device.id.empty() || device.interval < std::chrono::milliseconds(10)) {
            std::abort();
        }
    }
    Overrides overrides;
    overrides.window = std::chrono::seconds(1);
    overrides.only = {profile.phases.back().name, "*"};
    if (apply_overrides(profile, overrides) || profile.phases.empty()) {
        std::abort();
    }
    return 0;
}
