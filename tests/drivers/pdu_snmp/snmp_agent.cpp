#include "tests/drivers/pdu_snmp/snmp_agent.hpp"

#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <thread>
#include <vector>

#include "drivers/pdu_snmp/settings.hpp"
#include "drivers/pdu_snmp/snmp_session.hpp"
#include "tests/drivers/pdu_snmp/snmprec.hpp"

extern char** environ;

namespace wattbench::drivers::pdu_snmp::testing {

namespace fs = std::filesystem;

namespace {

constexpr const char* kSnmpsimd = "/usr/bin/snmpsimd";

int free_udp_port() {
    const int fd = ::socket(AF_INET, SOCK_DGRAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0) {
        port = ntohs(a.sin_port);
    }
    ::close(fd);
    return port;
}

}  // namespace

bool SnmpAgent::available() {
    return ::access(kSnmpsimd, X_OK) == 0;
}

SnmpAgent::SnmpAgent() {
    char tmpl[] = "/tmp/wb-pdu-snmp-XXXXXX";
    dir_ = ::mkdtemp(tmpl);
    fs::create_directories(dir_ / "data");
    fs::create_directories(dir_ / "cache");
    // snmpsimd drops to nobody when started as root; it must still read and index the walks.
    fs::permissions(dir_, fs::perms::all);
    fs::permissions(dir_ / "data", fs::perms::all);
    fs::permissions(dir_ / "cache", fs::perms::all);
    port_ = free_udp_port();
}

SnmpAgent::~SnmpAgent() {
    stop();
    std::error_code ec;
    fs::remove_all(dir_, ec);
}

void SnmpAgent::add(const std::string& community, const std::string& text) {
    const fs::path p = dir_ / "data" / (community + ".snmprec");
    std::ofstream(p) << text;
    fs::permissions(p, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                           fs::perms::others_read);
}

void SnmpAgent::add_walk(const std::string& community, const std::string& walk_name) {
    std::ifstream in(walk_file(walk_name));
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    add(community, text);
}

bool SnmpAgent::start() {
    std::vector<std::string> args = {kSnmpsimd,
                                     "--data-dir=" + (dir_ / "data").string(),
                                     "--cache-dir=" + (dir_ / "cache").string(),
                                     "--agent-udpv4-endpoint=127.0.0.1:" + std::to_string(port_),
                                     std::string("--v3-user=") + kUser,
                                     std::string("--v3-auth-key=") + kAuthKey,
                                     "--v3-auth-proto=SHA",
                                     std::string("--v3-priv-key=") + kPrivKey,
                                     "--v3-priv-proto=AES",
                                     "--logging-method=file:" + (dir_ / "snmpsimd.log").string()};
    if (::geteuid() == 0) {
        args.push_back("--process-user=nobody");
        args.push_back("--process-group=nogroup");
    }
    std::ofstream(dir_ / "snmpsimd.log").flush();
    fs::permissions(dir_ / "snmpsimd.log", fs::perms::all);
    std::vector<char*> argv;
    for (auto& a : args) {
        argv.push_back(a.data());
    }
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, (dir_ / "stdout").c_str(),
                                     O_WRONLY | O_CREAT | O_APPEND, 0644);
    posix_spawn_file_actions_addopen(&fa, 2, (dir_ / "stderr").c_str(),
                                     O_WRONLY | O_CREAT | O_APPEND, 0644);
    const int rc = posix_spawn(&pid_, argv[0], &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        pid_ = -1;
        error_ = "cannot start snmpsimd";
        return false;
    }
    // Ready when it answers a GET; indexing the walks takes it a second or two.
    Settings s;
    s.host = "127.0.0.1";
    s.port = port_;
    s.timeout_ms = 200;
    s.retries = 0;
    fs::directory_iterator it(dir_ / "data");
    const std::string community = it->path().stem().string();
    for (int i = 0; i < 150; ++i) {
        SnmpSession session;
        if (!session.open(s, Credentials{community, {}, {}})) {
            auto got = session.get({{1, 3, 6, 1, 2, 1, 1, 2, 0}},
                                   std::chrono::steady_clock::now() + std::chrono::seconds(1));
            if (std::holds_alternative<std::vector<Varbind>>(got)) {
                return true;
            }
        }
        int status = 0;
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            error_ = "snmpsimd exited; see " + (dir_ / "stderr").string();
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    error_ = "snmpsimd did not answer within 15 s";
    return false;
}

void SnmpAgent::stop() {
    if (pid_ > 0) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
        pid_ = -1;
    }
}

}  // namespace wattbench::drivers::pdu_snmp::testing
