#include <gtest/gtest.h>

#include "drivers/common/local_machine.hpp"
#include "drivers/common/name_list.hpp"

namespace wattbench::drivers::common {
namespace {

api::DeviceConfig config(std::string connection) {
    return api::DeviceConfig{"host", "hwmon", std::move(connection), {}};
}

TEST(LocalMachine, TakesEveryLocalSpelling) {
    for (const char* c : {"", "local", "hwmon://local", "hwmon://"}) {
        auto cfg = config(c);
        std::string root = "/";
        EXPECT_FALSE(take_local_machine(cfg, "hwmon", root)) << c;
        EXPECT_EQ(root, "/");
    }
}

TEST(LocalMachine, RefusesAnotherHostNamingTheLocalForm) {
    auto cfg = config("tcp://bmc:623");
    std::string root = "/";
    auto e = take_local_machine(cfg, "rapl", root);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, api::ErrorKind::config);
    EXPECT_EQ(e->message,
              "connection 'tcp://bmc:623': the rapl driver reads this machine; use "
              "\"rapl://local\"");
}

TEST(LocalMachine, RootMustBeAbsolute) {
    auto cfg = config("local");
    cfg.options.set("root", std::string("fixtures/sys"));
    std::string root = "/";
    auto e = take_local_machine(cfg, "cpu", root);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->message, "key 'root': expected an absolute directory such as \"/\"");

    auto ok = config("local");
    ok.options.set("root", std::string("/tmp/tree"));
    EXPECT_FALSE(take_local_machine(ok, "cpu", root));
    EXPECT_EQ(root, "/tmp/tree");
    EXPECT_TRUE(ok.options.unused().empty());
}

TEST(NameList, SplitsAndTrimsKeepingEmptyItems) {
    EXPECT_EQ(split_names("coretemp, nct6775 ,k10temp"),
              (std::vector<std::string>{"coretemp", "nct6775", "k10temp"}));
    EXPECT_EQ(split_names("a,,b"), (std::vector<std::string>{"a", "", "b"}));
    EXPECT_EQ(split_names("System Temp,FAN 1"), (std::vector<std::string>{"System Temp", "FAN 1"}));
    EXPECT_TRUE(split_names("").empty());
}

}  // namespace
}  // namespace wattbench::drivers::common
