#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <variant>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/api/options.hpp"

namespace wattbench::drivers::api {

struct DeviceConfig {
    std::string id;
    std::string driver;
    std::string connection;
    Options options;
};

// Factories validate the whole configuration (connection string and options) without doing
// any I/O, so `wattbench validate` can check a profile on a machine without the instruments.
using Factory =
    std::function<std::variant<std::unique_ptr<Device>, DeviceError>(DeviceConfig& config)>;

struct DriverInfo {
    std::string name;
    std::string description;
    std::string transports;  // e.g. "serial, tcp"
    std::string example_connection;
    Factory factory;
};

// Loads a driver module (drivers/modules): its drivers, or why it could not be loaded.
using ModuleLoad = std::function<std::variant<std::vector<DriverInfo>, std::string>()>;

// The drivers a program can use. A driver in a module is known by name at once and loaded at
// its first use, so that a program pays for FreeIPMI, libcurl or net-snmp only when a profile
// names a driver that needs them. Safe to use from several threads; what find() returns stays
// valid as long as the registry.
class Registry {
public:
    Registry() = default;
    // Moving keeps what find() returned valid (a deque's elements stay where they are); only
    // a registry that no other thread uses yet may be moved.
    Registry(Registry&& other) noexcept;
    Registry(const Registry&) = delete;
    Registry& operator=(const Registry&) = delete;
    Registry& operator=(Registry&&) = delete;

    void add(DriverInfo info);
    // `names`: the drivers the module provides; a module that provides others is refused when
    // it loads, so a list and its module cannot drift apart.
    void add_module(std::vector<std::string> names, ModuleLoad load);

    const DriverInfo* find(const std::string& name) const;
    // Every driver, sorted by name; loads every module.
    std::vector<const DriverInfo*> drivers() const;
    // Every driver's name, sorted, without loading anything.
    std::vector<std::string> names() const;

    // Builds the device and reports options the driver did not consume as a config error.
    std::variant<std::unique_ptr<Device>, DeviceError> create(DeviceConfig config) const;

private:
    struct Module {
        std::vector<std::string> names;
        ModuleLoad load;
        bool loaded = false;
    };

    void load_locked(Module& module) const;
    const DriverInfo* find_locked(const std::string& name) const;

    mutable std::mutex mutex_;
    mutable std::deque<DriverInfo> drivers_;  // a deque: adding keeps earlier addresses
    mutable std::vector<Module> modules_;
};

}  // namespace wattbench::drivers::api
