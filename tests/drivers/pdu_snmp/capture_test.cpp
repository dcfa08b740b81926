// `wattbench run` and `validate` end to end against snmpsimd: readings, a dead agent's gap and
// recovery, a reboot that restarts the energy counters, exit 2 naming the device on a wrong
// community, and the community in no output.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

#include "tests/drivers/pdu_snmp/snmp_agent.hpp"
#include "tests/drivers/pdu_snmp/snmprec.hpp"
#include "tests/support/run_program.hpp"

namespace wattbench::drivers::pdu_snmp {
namespace {

namespace fs = std::filesystem;
using testing::SnmpAgent;
using testing::walk_file;
using wattbench::testing::read_whole;

const std::string kCommunity = "Cap-Comm-5521";

int wait_exit(pid_t pid) {
    int status = 0;
    EXPECT_EQ(::waitpid(pid, &status, 0), pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

class PduCapture : public ::testing::Test {
protected:
    void SetUp() override {
        if (!SnmpAgent::available()) {
            GTEST_SKIP() << "needs snmpsimd (Debian snmpsim)";
        }
        agent_.add_walk(kCommunity, "eatonpdu_2.snmprec");
        ASSERT_TRUE(agent_.start()) << agent_.error();
        dir_ = agent_.dir();
    }
    fs::path profile(const std::string& community, const std::string& window) {
        const fs::path p = dir_ / "pdu.toml";
        std::ofstream(p) << "[run]\nname = \"pdu-capture\"\ninterval = \"500ms\"\nwarmup = "
                            "\"0s\"\nwindow = \""
                         << window
                         << "\"\n\n[[device]]\nid = \"pdu\"\ndriver = \"pdu-snmp\"\nconnection = "
                            "\"snmp://"
                         << community << "@127.0.0.1:" << agent_.port()
                         << "\"\noutlets = [2, 4]\ntimeout_ms = 400\nretries = 0\n\n[[phase]]\n"
                            "name = \"idle\"\nload = \"idle\"\n";
        return p;
    }
    pid_t spawn(std::vector<std::string> args) {
        args.insert(args.begin(), WATTBENCH_BIN);
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_addopen(&fa, 1, (dir_ / "stdout").c_str(),
                                         O_WRONLY | O_CREAT | O_TRUNC, 0644);
        posix_spawn_file_actions_addopen(&fa, 2, (dir_ / "stderr").c_str(),
                                         O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const pid_t pid = wattbench::testing::spawn_program(args, fa);
        posix_spawn_file_actions_destroy(&fa);
        EXPECT_GT(pid, 0);
        return pid;
    }
    void expect_no_community(const fs::path& out, const std::string& community) {
        int files = 0;
        for (const auto& e : fs::recursive_directory_iterator(out)) {
            if (e.is_regular_file()) {
                ++files;
                EXPECT_EQ(read_whole(e.path()).find(community), std::string::npos) << e.path();
            }
        }
        EXPECT_GT(files, 2);
        EXPECT_EQ(read_whole(dir_ / "stdout").find(community), std::string::npos);
        EXPECT_EQ(read_whole(dir_ / "stderr").find(community), std::string::npos)
            << read_whole(dir_ / "stderr");
    }

    SnmpAgent agent_;
    fs::path dir_;
};

TEST_F(PduCapture, RunRecordsOutletSumsAGapAndNoCommunity) {
    const fs::path out = dir_ / "run";
    const pid_t pid = spawn({"run", profile(kCommunity, "7s").string(), "--out", out.string()});
    std::this_thread::sleep_for(std::chrono::milliseconds(2500));
    EXPECT_EQ(read_whole("/proc/" + std::to_string(pid) + "/cmdline").find(kCommunity),
              std::string::npos);
    agent_.stop();
    std::this_thread::sleep_for(std::chrono::milliseconds(2500));
    ASSERT_TRUE(agent_.start()) << agent_.error();
    EXPECT_EQ(wait_exit(pid), 0) << read_whole(dir_ / "stderr");

    const std::string samples = read_whole(out / "samples.csv");
    EXPECT_NE(samples.find(",pdu,power,197,W,ok\n"), std::string::npos) << samples.substr(0, 1500);
    EXPECT_NE(samples.find(",pdu,pdu_power,1584,W,ok\n"), std::string::npos);
    EXPECT_NE(samples.find(",pdu,outlet_2_power,142,W,ok\n"), std::string::npos);
    EXPECT_NE(samples.find(",pdu,power,,W,unavailable\n"), std::string::npos);
    const std::string manifest = read_whole(out / "manifest.json");
    EXPECT_NE(manifest.find("DC Converter-1"), std::string::npos) << manifest.substr(0, 3000);
    EXPECT_NE(manifest.find("EATON-EPDU-MIB"), std::string::npos);
    const std::string events = read_whole(out / "events.log");
    EXPECT_NE(events.find("power is the sum of outlets 2 (DC Converter-1), 4"), std::string::npos)
        << events;
    expect_no_community(out, kCommunity);
}

// The PDU reboots inside the window: the agent goes away and comes back with its energy counters
// restarted. events.log names the jump and the phase is flagged `counter_reset`; power keeps
// coming from the power OIDs, so its mean is untouched by the counters' jump; the manifest still
// has the outlet names the PDU was first opened with.
TEST_F(PduCapture, RebootResetsCountersLoggedAndFlaggedNotAveraged) {
    const fs::path out = dir_ / "reboot";
    const pid_t pid = spawn({"run", profile(kCommunity, "9s").string(), "--out", out.string()});
    std::this_thread::sleep_for(std::chrono::milliseconds(2500));
    agent_.stop();
    std::string walk;
    {
        std::ifstream in(walk_file("eatonpdu_2.snmprec"));
        walk.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    // inputWh, inputTotalWh and every outletWh restart from 7 Wh.
    std::string rebooted;
    for (std::size_t at = 0; at < walk.size();) {
        const auto end = std::min(walk.find('\n', at), walk.size());
        std::string line = walk.substr(at, end - at);
        for (const char* wh : {"1.3.6.1.4.1.534.6.6.7.3.4.1.5.", "1.3.6.1.4.1.534.6.6.7.3.5.1.5.",
                               "1.3.6.1.4.1.534.6.6.7.6.5.1.4."}) {
            if (line.starts_with(wh)) {
                line = line.substr(0, line.rfind('|') + 1) + "7";
            }
        }
        rebooted += line + "\n";
        at = end + 1;
    }
    agent_.add(kCommunity, rebooted);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    ASSERT_TRUE(agent_.start()) << agent_.error();
    EXPECT_EQ(wait_exit(pid), 0) << read_whole(dir_ / "stderr");

    const std::string samples = read_whole(out / "samples.csv");
    EXPECT_NE(samples.find(",pdu,pdu_energy,8185493,Wh,ok\n"), std::string::npos)
        << samples.substr(0, 1500);
    EXPECT_NE(samples.find(",pdu,pdu_energy,7,Wh,ok\n"), std::string::npos);
    EXPECT_NE(samples.find(",pdu,energy,14,Wh,ok\n"), std::string::npos);
    const std::string events = read_whole(out / "events.log");
    EXPECT_NE(events.find("energy counter pdu_energy went backwards from 8185493"),
              std::string::npos)
        << events;
    EXPECT_NE(events.find("flagged counter_reset"), std::string::npos) << events;
    const std::string phases = read_whole(out / "phases.csv");
    EXPECT_NE(phases.find("idle,idle,pdu,power,W,197,197,197,"), std::string::npos) << phases;
    EXPECT_NE(phases.find("counter_reset"), std::string::npos);
    const std::string manifest = read_whole(out / "manifest.json");
    EXPECT_NE(manifest.find("DC Converter-1"), std::string::npos);
    expect_no_community(out, kCommunity);
}

TEST_F(PduCapture, WrongCommunityExitsTwoNamingTheDevice) {
    const fs::path out = dir_ / "wrong";
    const pid_t pid =
        spawn({"run", profile("Wrong-Comm-8830", "2s").string(), "--out", out.string()});
    EXPECT_EQ(wait_exit(pid), 2);
    const std::string err = read_whole(dir_ / "stderr");
    EXPECT_NE(err.find("device 'pdu'"), std::string::npos) << err;
    EXPECT_NE(err.find("wrong community"), std::string::npos) << err;
    EXPECT_EQ(err.find("Wrong-Comm-8830"), std::string::npos) << err;
}

}  // namespace
}  // namespace wattbench::drivers::pdu_snmp
