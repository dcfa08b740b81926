#include "tests/drivers/ipmi/ipmi_sim.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

extern char** environ;

namespace wattbench::drivers::ipmi::testing {

namespace fs = std::filesystem;

namespace {

const std::string kData = WATTBENCH_TEST_DATA;

// A port the kernel just handed out for this socket type; closed again at once, so another
// process could take it, but two ipmi_sim instances can share a UDP port silently, so
// asking the kernel is the best there is.
unsigned free_port(int type) {
    const int fd = ::socket(AF_INET, type, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
    socklen_t len = sizeof a;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
    ::close(fd);
    return ntohs(a.sin_port);
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void replace_all(std::string& s, const std::string& from, const std::string& to) {
    for (std::size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size())) {
        s.replace(p, from.size(), to);
    }
}

bool on_path(const char* name) {
    const char* path = std::getenv("PATH");
    std::stringstream ss(path ? path : "/usr/bin:/bin");
    std::string dir;
    while (std::getline(ss, dir, ':')) {
        if (::access((dir + "/" + name).c_str(), X_OK) == 0) {
            return true;
        }
    }
    return false;
}

}  // namespace

pid_t spawn_process(std::vector<std::string> args, const std::string& out, const std::string& err) {
    std::vector<char*> argv;
    for (auto& a : args) {
        argv.push_back(a.data());
    }
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (err == out) {
        posix_spawn_file_actions_adddup2(&fa, 1, 2);
    } else {
        posix_spawn_file_actions_addopen(&fa, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    }
    pid_t pid = -1;
    const int rc = posix_spawnp(&pid, argv[0], &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    return rc == 0 ? pid : -1;
}

bool IpmiSim::available() {
    return on_path("ipmi_sim") && on_path("sdrcomp");
}

IpmiSim::IpmiSim(std::string password) : password_(std::move(password)) {
    char templ[] = "/tmp/wb-ipmisim-XXXXXX";
    dir_ = ::mkdtemp(templ);
    lan_port_ = free_port(SOCK_DGRAM);
    console_port_ = free_port(SOCK_STREAM);
}

IpmiSim::~IpmiSim() {
    stop();
    std::error_code ec;
    fs::remove_all(dir_, ec);
}

std::string IpmiSim::connection() const {
    return "ipmi+lan://admin@127.0.0.1:" + std::to_string(lan_port_);
}

void IpmiSim::edit_sdrs(std::string from, std::string to) {
    sdr_edits_.emplace_back(std::move(from), std::move(to));
}

bool IpmiSim::start() {
    // The SDR repository: sdrcomp's raw records become main_sdr_add lines of the .emu file.
    const std::string raw = dir_ + "/sdrs.bin";
    std::string sdrs = slurp(kData + "/bmc.sdrs");
    for (const auto& [from, to] : sdr_edits_) {
        replace_all(sdrs, from, to);
    }
    std::ofstream(dir_ + "/bmc.sdrs") << sdrs;
    const std::string cmd = "sdrcomp -r -8 -o " + raw + " " + dir_ + "/bmc.sdrs";
    if (std::system(cmd.c_str()) != 0) {
        error_ = "sdrcomp failed: " + cmd;
        return false;
    }
    const std::string bin = slurp(raw);
    std::string emu = slurp(kData + "/bmc.emu.in");
    for (std::size_t i = 0; i + 5 <= bin.size();) {
        const std::size_t n = 5 + static_cast<unsigned char>(bin[i + 4]);
        emu += "main_sdr_add 0x20";
        for (std::size_t k = i; k < i + n && k < bin.size(); ++k) {
            char hex[8];
            std::snprintf(hex, sizeof hex, " 0x%02x", static_cast<unsigned char>(bin[k]));
            emu += hex;
        }
        emu += "\n";
        i += n;
    }
    emu += "mc_enable 0x20\n";
    std::ofstream(dir_ + "/bmc.emu") << emu;
    std::string lan = slurp(kData + "/lan.conf.in");
    replace_all(lan, "@LAN_PORT@", std::to_string(lan_port_));
    replace_all(lan, "@CONSOLE_PORT@", std::to_string(console_port_));
    replace_all(lan, "@PASSWORD@", password_);
    std::ofstream(dir_ + "/lan.conf") << lan;
    fs::create_directories(dir_ + "/state");

    const std::string conf = dir_ + "/lan.conf";
    const std::string emu_path = dir_ + "/bmc.emu";
    const std::string state = dir_ + "/state";
    const pid_t pid =
        spawn_process({"ipmi_sim", "-c", conf, "-f", emu_path, "-s", state, "-n", "-p"},
                      dir_ + "/sim.log", dir_ + "/sim.log");
    if (pid < 0) {
        error_ = "cannot start ipmi_sim";
        return false;
    }
    pid_ = pid;
    // The console answers once the configuration is read; whether the .emu file was read to
    // its end only a sensor read shows, which the tests do.
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (std::chrono::steady_clock::now() < until) {
        if (!console("help").empty()) {
            return true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    error_ = "ipmi_sim did not come up: " + slurp(dir_ + "/sim.log");
    stop();
    return false;
}

void IpmiSim::stop() {
    if (pid_ > 0) {
        ::kill(pid_, SIGTERM);
        int status = 0;
        ::waitpid(pid_, &status, 0);
        pid_ = -1;
    }
}

std::string IpmiSim::console(const std::string& command) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<std::uint16_t>(console_port_));
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
        ::close(fd);
        return {};
    }
    timeval tv{2, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    auto read_prompt = [fd] {
        std::string got;
        char buf[512];
        while (got.find("> ") == std::string::npos) {
            const ssize_t n = ::read(fd, buf, sizeof buf);
            if (n <= 0) {
                break;
            }
            got.append(buf, static_cast<std::size_t>(n));
        }
        return got;
    };
    read_prompt();
    const std::string line = command + "\n";
    if (::write(fd, line.data(), line.size()) != static_cast<ssize_t>(line.size())) {
        ::close(fd);
        return {};
    }
    std::string reply = read_prompt();
    ::close(fd);
    return reply;
}

}  // namespace wattbench::drivers::ipmi::testing
