#pragma once

#include <fstream>
#include <sstream>
#include <string>

#include "drivers/redfish/json_util.hpp"

namespace wattbench::drivers::redfish::testing {

// A resource of a DMTF mockup in testdata/mockups, by its Redfish path.
inline std::string mockup_text(const std::string& mockup, const std::string& path) {
    std::string rel = path.substr(std::string("/redfish/v1").size());
    std::ifstream in(std::string(WATTBENCH_TEST_DATA) + "/testdata/mockups/" + mockup + rel +
                     "/index.json");
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline Json mockup_json(const std::string& mockup, const std::string& path) {
    return *parse_json(mockup_text(mockup, path));
}

// A collection as `$expand=.($levels=1)` returns it: every member whole.
inline Json expanded(const std::string& mockup, const std::string& path) {
    Json c = mockup_json(mockup, path);
    for (auto& m : c["Members"]) {
        m = mockup_json(mockup, m["@odata.id"].get<std::string>());
    }
    return c;
}

}  // namespace wattbench::drivers::redfish::testing
