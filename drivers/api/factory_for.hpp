#pragma once

#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "drivers/api/registry.hpp"

namespace wattbench::drivers::api {

namespace factory_detail {

template <class Result>
struct PartValue;

template <class T>
struct PartValue<std::variant<T, DeviceError>> {
    using type = T;
};

// A part reads the whole DeviceConfig (connection and options) or only its options.
template <class Part>
auto run_part(const Part& part, DeviceConfig& config) {
    if constexpr (std::is_invocable_v<const Part&, DeviceConfig&>) {
        return part(config);
    } else {
        return part(config.options);
    }
}

template <class Device, class Done>
std::variant<std::unique_ptr<api::Device>, DeviceError> build(DeviceConfig& config, Done& done) {
    // A key given with the wrong type is the profile's first error, even when every part
    // accepted what it read (a part may take an optional key and move on).
    if (config.options.error()) {
        return *config.options.error();
    }
    return std::apply([](auto&... v) { return std::make_unique<Device>(std::move(v)...); }, done);
}

template <class Device, class Done, class Part, class... Rest>
std::variant<std::unique_ptr<api::Device>, DeviceError> build(DeviceConfig& config, Done& done,
                                                              const Part& part,
                                                              const Rest&... rest) {
    auto got = run_part(part, config);
    if (auto* e = std::get_if<DeviceError>(&got)) {
        return *e;
    }
    if (config.options.error()) {
        return *config.options.error();
    }
    using Value = typename PartValue<decltype(got)>::type;
    auto next = std::tuple_cat(std::move(done), std::tuple<Value>(std::get<Value>(std::move(got))));
    return build<Device>(config, next, rest...);
}

}  // namespace factory_detail

// The factory most drivers need, out of parts: each part reads its share of the configuration
// (called with the DeviceConfig, or with its Options) and returns std::variant<T,
// DeviceError>. The parts run in order, the first error is the factory's, and the device is
// constructed from the parts' values in the same order: `factory_for<CpuDevice>(&parse_settings)`
// builds CpuDevice(Settings); `factory_for<CemDevice>(&sound::take_settings,
// transport::connection_part(defaults))` builds CemDevice(sound::Settings, transport). Keys
// no part took are reported by Registry::create, which names the driver.
template <class Device, class... Parts>
Factory factory_for(Parts... parts) {
    return [parts...](
               DeviceConfig& config) -> std::variant<std::unique_ptr<api::Device>, DeviceError> {
        std::tuple<> none;
        return factory_detail::build<Device>(config, none, parts...);
    };
}

}  // namespace wattbench::drivers::api
