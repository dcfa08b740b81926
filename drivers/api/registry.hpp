#pragma once

#include <functional>
#include <memory>
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

class Registry {
public:
    void add(DriverInfo info);
    const DriverInfo* find(const std::string& name) const;
    const std::vector<DriverInfo>& drivers() const { return drivers_; }

    // Builds the device and reports options the driver did not consume as a config error.
    std::variant<std::unique_ptr<Device>, DeviceError> create(DeviceConfig config) const;

private:
    std::vector<DriverInfo> drivers_;
};

}  // namespace wattbench::drivers::api
