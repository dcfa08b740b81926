#include <link.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <string>
#include <variant>

#include "drivers/builtin_registry.hpp"
#include "drivers/modules/module_loader.hpp"

namespace wattbench::drivers {
namespace {

// Whether a shared object whose path contains `part` is mapped into this process.
bool loaded(const std::string& part) {
    struct Search {
        std::string part;
        bool found = false;
    } search{part};
    dl_iterate_phdr(
        [](dl_phdr_info* info, std::size_t, void* data) {
            auto* s = static_cast<Search*>(data);
            if (info->dlpi_name != nullptr &&
                std::string(info->dlpi_name).find(s->part) != std::string::npos) {
                s->found = true;
            }
            return 0;
        },
        &search);
    return search.found;
}

api::DeviceConfig ipmi_config() {
    return {"bmc", "ipmi", "ipmi+lan://admin@192.0.2.10", {}};
}

const api::DeviceError& error_of(
    const std::variant<std::unique_ptr<api::Device>, api::DeviceError>& made) {
    return std::get<api::DeviceError>(made);
}

// What a process has loaded depends on everything it did before, and ctest runs each test alone
// while a developer runs the whole binary: these checks run in a process of their own (gtest's
// threadsafe death-test style starts the binary anew for the one test), so "not loaded yet" and
// "no module found" hold either way.
void in_fresh_process(const std::function<void()>& body) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(
        {
            body();
            std::exit(::testing::Test::HasFailure() ? 1 : 0);
        },
        ::testing::ExitedWithCode(0), "");
}

TEST(DriverModules, FreeIpmiIsLoadedOnlyWhenAProfileNamesTheIpmiDriver) {
    in_fresh_process([] {
        const auto& registry = builtin_registry();
        const auto names = registry.names();
        EXPECT_NE(std::find(names.begin(), names.end(), "ipmi"), names.end());
        EXPECT_NE(std::find(names.begin(), names.end(), "pdu-snmp"), names.end());
        ASSERT_NE(registry.find("sim"), nullptr);
        EXPECT_FALSE(loaded("libfreeipmi"));
        EXPECT_FALSE(loaded("libcurl"));
        EXPECT_FALSE(loaded("libnetsnmp"));

        const auto* ipmi = registry.find("ipmi");
        ASSERT_NE(ipmi, nullptr);
        EXPECT_NE(ipmi->description.find("BMC"), std::string::npos) << ipmi->description;
        EXPECT_TRUE(loaded("drivers/modules/ipmi.so"));
        EXPECT_TRUE(loaded("libfreeipmi"));
        EXPECT_FALSE(loaded("libcurl"));
        // The factory is the module's: it validates without I/O, as every factory does.
        EXPECT_TRUE(
            std::holds_alternative<std::unique_ptr<api::Device>>(registry.create(ipmi_config())));
    });
}

TEST(DriverModules, EveryModuleProvidesTheDriversTheBuildDeclared) {
    for (const auto* d : builtin_registry().drivers()) {
        EXPECT_EQ(d->description.find("(not loaded"), std::string::npos)
            << d->name << ": " << d->description;
        EXPECT_FALSE(d->example_connection.empty()) << d->name;
    }
    EXPECT_TRUE(loaded("libnetsnmp"));
    EXPECT_TRUE(loaded("libcurl"));
}

TEST(DriverModules, AMissingModuleNamesWhereItWasLookedFor) {
    in_fresh_process([] {
        ::setenv("WATTBENCH_DRIVER_DIR", "/nonexistent/drivers", 1);
        EXPECT_EQ(modules::module_candidates("ipmi"),
                  std::vector<std::string>{"/nonexistent/drivers/ipmi.so"});
        auto made = builtin_registry().create(ipmi_config());
        ASSERT_TRUE(std::holds_alternative<api::DeviceError>(made));
        EXPECT_EQ(error_of(made).kind, api::ErrorKind::config);
        EXPECT_EQ(error_of(made).message,
                  "driver 'ipmi' is not available: its module ipmi.so is not installed (looked for "
                  "/nonexistent/drivers/ipmi.so)");
    });
}

TEST(DriverModules, AnotherBuildsModuleIsRefusedBeforeItRuns) {
    in_fresh_process([] {
        ::setenv("WATTBENCH_DRIVER_DIR", WATTBENCH_ALIEN_MODULE_DIR, 1);
        auto got = modules::load_module("ipmi");
        ASSERT_TRUE(std::holds_alternative<std::string>(got));
        const auto& why = std::get<std::string>(got);
        EXPECT_NE(why.find(std::string(WATTBENCH_ALIEN_MODULE_DIR) +
                           "/ipmi.so comes from another "
                           "build of wattbench (0.0.1 GNU 1.0.0; this is "),
                  std::string::npos)
            << why;
    });
}

TEST(DriverModules, TheBuildTreeIsSearchedBeforeTheInstalledPlace) {
    const auto candidates = modules::module_candidates("redfish");
    ASSERT_EQ(candidates.size(), 2u);
    EXPECT_NE(candidates[0].find("/drivers/modules/redfish.so"), std::string::npos);
    EXPECT_NE(candidates[1].find("/wattbench/drivers/redfish.so"), std::string::npos);
}

}  // namespace
}  // namespace wattbench::drivers
