#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace wattbench::core::host {

// What a reader of a published result needs to know about the machine under test.
struct HostFacts {
    std::string hostname;
    std::string cpu_model;
    unsigned logical_cpus = 1;
    unsigned physical_cores = 1;
    unsigned packages = 1;
    std::string kernel;
    std::string os;
    std::uint64_t memory_bytes = 0;
};

// `root` lets tests read a fixture tree instead of the live /proc and /sys.
HostFacts read_host_facts(const std::string& root = "");

nlohmann::json to_json(const HostFacts& facts);

}  // namespace wattbench::core::host
