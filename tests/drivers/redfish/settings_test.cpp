#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "drivers/http/http_client.hpp"
#include "drivers/redfish/endpoint.hpp"
#include "drivers/redfish/password.hpp"
#include "drivers/redfish/settings.hpp"

namespace wattbench::drivers::redfish {
namespace {

namespace fs = std::filesystem;
using http::same_host_target;

std::string config_error(const std::string& connection,
                         std::vector<std::pair<std::string, api::OptionValue>> options = {}) {
    api::DeviceConfig c{"bmc", "redfish", connection, {}};
    for (auto& [k, v] : options) {
        c.options.set(k, v);
    }
    auto got = parse_settings(c);
    auto* e = std::get_if<api::DeviceError>(&got);
    return e ? e->message : "";
}

TEST(RedfishEndpoint, HostsPortsAndRefusals) {
    auto e = std::get<Endpoint>(parse_endpoint("redfish://admin@192.0.2.5"));
    EXPECT_EQ(e.user, "admin");
    EXPECT_EQ(e.host, "192.0.2.5");
    EXPECT_FALSE(e.port);
    EXPECT_EQ(e.base_url(), "https://192.0.2.5");
    auto p = std::get<Endpoint>(parse_endpoint("redfish://root@bmc.example:8443/"));
    EXPECT_EQ(*p.port, 8443u);
    EXPECT_EQ(p.address(), "bmc.example:8443");
    auto v6 = std::get<Endpoint>(parse_endpoint("redfish://m@[2001:db8::5]:8443"));
    EXPECT_EQ(v6.host, "2001:db8::5");
    EXPECT_EQ(v6.base_url(), "https://[2001:db8::5]:8443");
    for (const char* bad :
         {"https://admin@h", "redfish://h", "redfish://@h", "redfish://a:pw@h", "redfish://a@",
          "redfish://a@h:0", "redfish://a@h:99999", "redfish://a@h:", "redfish://a@2001:db8::1",
          "redfish://a@h/redfish/v1", "redfish://a b@h", "redfish://a@h?x=1", "redfish://a@[::1"}) {
        EXPECT_TRUE(std::holds_alternative<api::DeviceError>(parse_endpoint(bad))) << bad;
    }
    const auto pw = std::get<api::DeviceError>(parse_endpoint("redfish://admin:hunter2@h"));
    EXPECT_NE(pw.message.find("WATTBENCH_REDFISH_PASSWORD"), std::string::npos);
}

TEST(RedfishSettings, OptionsAndRefusals) {
    api::DeviceConfig c{"bmc", "redfish", "redfish://admin@h", {}};
    c.options.set("ca_file", std::string("/etc/ca.pem"));
    c.options.set("chassis", std::string("1U"));
    c.options.set("session", std::string("basic"));
    c.options.set("sensors", std::vector<std::string>{"CPU1Temp", "System Input Power"});
    c.options.set("timeout_ms", std::int64_t{2500});
    auto s = std::get<Settings>(parse_settings(c));
    EXPECT_EQ(s.ca_file, "/etc/ca.pem");
    EXPECT_EQ(s.chassis, "1U");
    EXPECT_EQ(s.auth, AuthMode::basic);
    EXPECT_EQ(s.sensors, (std::vector<std::string>{"CPU1Temp", "System Input Power"}));
    EXPECT_EQ(s.timeout_ms, 2500);
    EXPECT_TRUE(c.options.unused().empty());

    EXPECT_NE(config_error("redfish://a@h", {{"password", std::string("x")}}).find("chmod 600"),
              std::string::npos);
    EXPECT_NE(config_error("redfish://a@h", {{"session", std::string("token")}})
                  .find("\"auto\", \"session\" or \"basic\""),
              std::string::npos);
    EXPECT_NE(config_error("redfish://a@h", {{"insecure", true}, {"ca_file", std::string("c")}})
                  .find("contradict"),
              std::string::npos);
    EXPECT_NE(config_error("redfish://a@h", {{"timeout_ms", std::int64_t{5}}}).find("100 to 60000"),
              std::string::npos);
    EXPECT_NE(config_error("redfish://a@h", {{"sensors", std::string("a,,b")}}).find("sensors"),
              std::string::npos);
    EXPECT_NE(config_error("redfish://a@h", {{"insecure", std::string("yes")}}).find("insecure"),
              std::string::npos);
}

TEST(RedfishPassword, FileModeAndEnvironment) {
    const fs::path dir =
        fs::temp_directory_path() / ("wb-redfish-pw-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path file = dir / "bmc.pw";
    std::ofstream(file) << "s3cret-Pw\n";
    ::chmod(file.c_str(), 0644);
    auto loose = std::get<api::DeviceError>(load_password(file.string()));
    EXPECT_NE(loose.message.find("mode 0644"), std::string::npos) << loose.message;
    EXPECT_NE(loose.message.find("chmod 600"), std::string::npos);
    EXPECT_EQ(loose.message.find("s3cret"), std::string::npos);
    ::chmod(file.c_str(), 0600);
    EXPECT_EQ(std::get<std::string>(load_password(file.string())), "s3cret-Pw");
    EXPECT_TRUE(std::holds_alternative<api::DeviceError>(load_password((dir / "none").string())));
    ::unsetenv("WATTBENCH_REDFISH_PASSWORD");
    EXPECT_EQ(std::get<api::DeviceError>(load_password("")).kind, api::ErrorKind::auth);
    ::setenv("WATTBENCH_REDFISH_PASSWORD", "from-env", 1);
    EXPECT_EQ(std::get<std::string>(load_password("")), "from-env");
    ::unsetenv("WATTBENCH_REDFISH_PASSWORD");
    fs::remove_all(dir);
}

TEST(RedfishHttp, RedirectsStayOnTheHost) {
    const std::string base = "https://bmc.example:8443";
    EXPECT_EQ(same_host_target(base, "/redfish/v1/"), "/redfish/v1/");
    EXPECT_EQ(same_host_target(base, "https://bmc.example:8443/redfish/v1/Chassis"),
              "/redfish/v1/Chassis");
    EXPECT_EQ(same_host_target(base, "https://evil.example/redfish/v1/"), "");
    EXPECT_EQ(same_host_target(base, "https://bmc.example:8443.evil.example/x"), "");
    EXPECT_EQ(same_host_target(base, "http://bmc.example:8443/redfish/v1/"), "");
    EXPECT_EQ(same_host_target(base, ""), "");
}

}  // namespace
}  // namespace wattbench::drivers::redfish
