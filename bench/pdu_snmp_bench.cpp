// CPU and round trips per poll of the pdu-snmp driver on a 24-outlet PDU (LibreNMS's recorded
// eatonpdu_2 walk served by snmpsimd on loopback), side by side with net-snmp's snmpbulkwalk
// walking the same input and outlet tables once per poll, as a script polling with it would.
// Only the readers' CPU is counted (this process; snmpbulkwalk as children), never snmpsimd's.
//
// usage: pdu_snmp_bench [POLLS=300] [WALKS=30]
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "drivers/pdu_snmp/pdu_device.hpp"
#include "tests/drivers/pdu_snmp/snmp_agent.hpp"

extern char** environ;

using namespace wattbench::drivers::pdu_snmp;

namespace {

double cpu_us(int who) {
    rusage u{};
    ::getrusage(who, &u);
    return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e6 + u.ru_utime.tv_usec + u.ru_stime.tv_usec;
}

int run(std::vector<std::string> argv) {
    std::vector<char*> args;
    for (auto& a : argv) {
        args.push_back(a.data());
    }
    args.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = -1;
    const int rc = posix_spawn(&pid, args[0], &fa, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    int status = 0;
    if (rc != 0 || ::waitpid(pid, &status, 0) != pid) {
        return -1;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

int main(int argc, char** argv) {
    const int polls = argc > 1 ? std::atoi(argv[1]) : 300;
    const int walks = argc > 2 ? std::atoi(argv[2]) : 30;
    if (!testing::SnmpAgent::available()) {
        std::fprintf(stderr, "needs snmpsimd (Debian snmpsim)\n");
        return 1;
    }
    const std::string community = "bench-Comm-24";
    testing::SnmpAgent agent;
    agent.add_walk(community, "eatonpdu_2.snmprec");
    if (!agent.start()) {
        std::fprintf(stderr, "%s\n", agent.error().c_str());
        return 1;
    }
    Settings s;
    s.device_id = "pdu";
    s.community = community;
    s.host = "127.0.0.1";
    s.port = agent.port();
    PduDevice d(s);
    if (auto e = d.open()) {
        std::fprintf(stderr, "open: %s\n", e->message.c_str());
        return 1;
    }
    std::size_t readings = 0;
    const auto trips0 = d.round_trips();
    const double t0 = cpu_us(RUSAGE_SELF);
    for (int i = 0; i < polls; ++i) {
        auto r = d.poll(std::chrono::steady_clock::now() + std::chrono::seconds(1));
        if (r.error) {
            std::fprintf(stderr, "poll: %s\n", r.error->message.c_str());
            return 1;
        }
        readings += r.readings.size();
    }
    const double driver_us = (cpu_us(RUSAGE_SELF) - t0) / polls;
    const double per_poll = static_cast<double>(readings) / polls;
    std::printf("channels %zu\n", d.channels().size());
    std::printf("round_trips_per_poll %.2f\n",
                static_cast<double>(d.round_trips() - trips0) / polls);
    std::printf("cpu_us_per_poll %.1f\n", driver_us);
    std::printf("cpu_us_per_reading %.2f\n", driver_us / per_poll);
    std::printf("core_percent_at_1hz %.4f\n", driver_us / 1e6 * 100.0);

    const std::string peer = "127.0.0.1:" + std::to_string(agent.port());
    const double c0 = cpu_us(RUSAGE_CHILDREN);
    for (int i = 0; i < walks; ++i) {
        for (const char* table : {"1.3.6.1.4.1.534.6.6.7.3", "1.3.6.1.4.1.534.6.6.7.6"}) {
            if (run({"/usr/bin/snmpbulkwalk", "-v2c", "-c", community, "-Cr40", "-On", peer,
                     table}) != 0) {
                std::fprintf(stderr, "snmpbulkwalk failed\n");
                return 1;
            }
        }
    }
    const double tool_us = (cpu_us(RUSAGE_CHILDREN) - c0) / walks;
    std::printf("snmpbulkwalk_cpu_us_per_poll %.1f\n", tool_us);
    std::printf("snmpbulkwalk_cpu_us_per_reading %.2f\n", tool_us / per_poll);
    std::printf("ratio %.1f\n", tool_us / driver_us);
    return 0;
}
