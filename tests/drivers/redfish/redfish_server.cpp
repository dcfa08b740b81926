#include "tests/drivers/redfish/redfish_server.hpp"

#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "tests/support/run_program.hpp"

namespace wattbench::drivers::redfish::testing {

namespace fs = std::filesystem;

namespace {

constexpr const char* kPython = "/usr/bin/python3";  // Debian's, with ssl (platform-notes)

std::string find_openssl() {
    for (const char* p : {"/usr/bin/openssl", "/usr/local/bin/openssl"}) {
        if (::access(p, X_OK) == 0) {
            return p;
        }
    }
    return "";
}

}  // namespace

bool RedfishServer::available() {
    return ::access(kPython, X_OK) == 0 && !find_openssl().empty();
}

RedfishServer::RedfishServer(std::string mockup, std::string password)
    : mockup_(std::move(mockup)), password_(std::move(password)) {
    std::string templ = fs::temp_directory_path().string() + "/wb-redfish-XXXXXX";
    if (::mkdtemp(templ.data())) {
        dir_ = templ;
    }
}

RedfishServer::~RedfishServer() {
    stop();
    std::error_code ec;
    if (!dir_.empty()) {
        fs::remove_all(dir_, ec);
    }
}

bool RedfishServer::start() {
    if (dir_.empty()) {
        error_ = "no temporary directory";
        return false;
    }
    if (!fs::exists(ca_file())) {
        const auto r = wattbench::testing::run_program(
            {find_openssl(), "req", "-x509", "-newkey", "ec", "-pkeyopt",
             "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
             "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", dir_ + "/key.pem", "-out",
             ca_file()},
            dir_);
        if (r.exit_code != 0) {
            error_ = "openssl req failed: " + r.err;
            return false;
        }
    }
    if (!fs::exists(dir_ + "/control.json")) {
        control(nlohmann::json::object());
    }
    fs::remove(dir_ + "/port");
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    const std::string log = dir_ + "/server.log";
    posix_spawn_file_actions_addopen(&fa, 1, log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    ::setenv("REDFISH_TEST_PASSWORD", password_.c_str(), 1);
    pid_ = wattbench::testing::spawn_program(
        {kPython, std::string(WATTBENCH_TEST_DATA) + "/redfish_server.py", "--mockup",
         std::string(WATTBENCH_TEST_DATA) + "/testdata/mockups/" + mockup_, "--cert", ca_file(),
         "--key", dir_ + "/key.pem", "--port-file", dir_ + "/port", "--control",
         dir_ + "/control.json", "--stats", dir_ + "/stats.json"},
        fa);
    ::unsetenv("REDFISH_TEST_PASSWORD");
    posix_spawn_file_actions_destroy(&fa);
    if (pid_ <= 0) {
        error_ = "cannot start redfish_server.py";
        return false;
    }
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(15);
    while (std::chrono::steady_clock::now() < until) {
        std::ifstream in(dir_ + "/port");
        if (in >> port_ && port_ > 0) {
            return true;
        }
        int status = 0;
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    error_ = "redfish_server.py did not come up: " + wattbench::testing::read_whole(log);
    stop();
    return false;
}

void RedfishServer::stop() {
    if (pid_ > 0) {
        ::kill(pid_, SIGTERM);
        int status = 0;
        ::waitpid(pid_, &status, 0);
        pid_ = -1;
    }
}

void RedfishServer::control(const nlohmann::json& c) {
    const std::string tmp = dir_ + "/control.json.tmp";
    std::ofstream(tmp) << c.dump();
    fs::rename(tmp, dir_ + "/control.json");
}

nlohmann::json RedfishServer::stats() const {
    std::ifstream in(dir_ + "/stats.json");
    auto j = nlohmann::json::parse(in, nullptr, false);
    return j.is_discarded() ? nlohmann::json::object() : j;
}

std::string RedfishServer::connection(const std::string& user) const {
    return "redfish://" + user + "@127.0.0.1:" + std::to_string(port_);
}

}  // namespace wattbench::drivers::redfish::testing
