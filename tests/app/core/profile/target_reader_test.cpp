#include <gtest/gtest.h>

#include <string>

#include "tests/app/core/profile/load_helpers.hpp"

namespace wattbench::core::profile {
namespace {

using testing::load_error;
using testing::load_ok;

std::string with_target(const std::string& target) {
    return "[run]\nname = \"t\"\n[target]\n" + target +
           "[[phase]]\nname = \"idle\"\nload = \"idle\"\n";
}

TEST(TargetReader, EveryKeyIsRead) {
    const Profile p = load_ok(
        with_target("ssh = \"bench@sut\"\nport = 2222\nidentity_file = \"~/.ssh/id_wb\"\n"
                    "ssh_options = [\"ProxyJump=gw\"]\nwattbench = \"/usr/local/bin/wattbench\"\n"
                    "connect_timeout = \"30s\"\n"));
    ASSERT_TRUE(p.target);
    EXPECT_EQ(p.target->ssh, "bench@sut");
    EXPECT_EQ(p.target->port, 2222);
    EXPECT_EQ(p.target->identity_file, "~/.ssh/id_wb");
    EXPECT_EQ(p.target->ssh_options, (std::vector<std::string>{"ProxyJump=gw"}));
    EXPECT_EQ(p.target->wattbench, "/usr/local/bin/wattbench");
    EXPECT_EQ(p.target->connect_timeout, std::chrono::seconds(30));
}

TEST(TargetReader, DefaultsAndAbsence) {
    const Profile local =
        load_ok("[run]\nname = \"t\"\n[[phase]]\nname = \"i\"\nload = \"idle\"\n");
    EXPECT_FALSE(local.target);
    const Profile p = load_ok(with_target("ssh = \"sut\"\n"));
    ASSERT_TRUE(p.target);
    EXPECT_EQ(p.target->wattbench, "wattbench");
    EXPECT_FALSE(p.target->port);
    EXPECT_EQ(p.target->connect_timeout, std::chrono::seconds(10));
}

TEST(TargetReader, PasswordsAreRefusedWhereTheyAre) {
    EXPECT_EQ(load_error(with_target("ssh = \"sut\"\npassword = \"x\"\n")),
              "test.toml:5:1: target.password: passwords are not accepted in a profile: the "
              "target is reached with an ssh key (identity_file) or ssh-agent, and ssh runs with "
              "BatchMode=yes so it never prompts");
    EXPECT_NE(load_error(with_target("ssh = \"sut\"\nssh_options = [\"BatchMode=no\"]\n"))
                  .find("test.toml:5:1: target.ssh_options: 'BatchMode=no': wattbench always"),
              std::string::npos);
    EXPECT_NE(load_error(with_target("ssh = \"sut\"\nssh_options = [\"PasswordAuthentication "
                                     "yes\"]\n"))
                  .find("target.ssh_options"),
              std::string::npos);
}

TEST(TargetReader, MistakesAreLocated) {
    EXPECT_EQ(load_error(with_target("ssh = \"sut\"\nidentityfile = \"k\"\n")),
              "test.toml:5:1: target.identityfile: unknown key 'identityfile' (did you mean "
              "'identity_file'?)");
    EXPECT_EQ(load_error(with_target("port = 22\n")),
              "test.toml:3:1: target: missing required key 'ssh'");
    EXPECT_EQ(load_error(with_target("ssh = \"-oProxyCommand=x\"\n")),
              "test.toml:4:1: target.ssh: must be a destination such as \"user@host\", not an "
              "option");
    EXPECT_EQ(load_error(with_target("ssh = \"a b\"\n")),
              "test.toml:4:1: target.ssh: must be a destination such as \"user@host\" (no "
              "spaces)");
    EXPECT_EQ(load_error(with_target("ssh = \"sut\"\nport = 70000\n")),
              "test.toml:5:1: target.port: 70000 is not a TCP port (1 … 65535)");
    EXPECT_EQ(load_error(with_target("ssh = \"sut\"\nconnect_timeout = \"0s\"\n")),
              "test.toml:5:1: target.connect_timeout: must be at least 1s");
    EXPECT_NE(load_error("[run]\nname = \"t\"\ntarget = 1\n[[phase]]\nname = \"i\"\nload = "
                         "\"idle\"\n")
                  .find("unknown key 'target'"),
              std::string::npos);
}

}  // namespace
}  // namespace wattbench::core::profile
