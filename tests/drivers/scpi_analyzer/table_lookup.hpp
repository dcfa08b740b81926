#pragma once

// A family's model or registry entry by driver name, for the analyzer families' tests.

#include <gtest/gtest.h>

#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "drivers/api/registry.hpp"
#include "drivers/scpi_analyzer/model.hpp"

namespace wattbench::testing {

inline const drivers::scpi_analyzer::Model& model_named(
    std::span<const drivers::scpi_analyzer::Model> table, const std::string& driver) {
    for (const auto& m : table) {
        if (m.driver == driver) {
            return m;
        }
    }
    throw std::runtime_error("no model " + driver);
}

// An empty entry (and a test failure) when the family has no such driver.
inline drivers::api::DriverInfo info_named(std::vector<drivers::api::DriverInfo> infos,
                                           const std::string& driver) {
    for (auto& i : infos) {
        if (i.name == driver) {
            return std::move(i);
        }
    }
    ADD_FAILURE() << "no driver " << driver;
    return {};
}

}  // namespace wattbench::testing
