// End to end: `wattbench-gui --metrics-listen` serves the window's run as OpenMetrics, the same
// families `wattbench run` serves, and refuses an address it cannot serve before any window opens.

#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>

#include "drivers/http/http_client.hpp"
#include "qt_env.hpp"
#include "tests/support/run_program.hpp"

namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

fs::path temp_dir() {
    std::string templ = (fs::temp_directory_path() / "gui-metrics-XXXXXX").string();
    EXPECT_NE(mkdtemp(templ.data()), nullptr);
    return templ;
}

// A loopback socket bound to a port the system chose; the port stays taken while it lives.
struct TakenPort {
    TakenPort() {
        fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof(a);
        ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof(a));
        ::listen(fd, 1);
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
        port = ntohs(a.sin_port);
    }
    ~TakenPort() { ::close(fd); }
    int fd = -1;
    std::uint16_t port = 0;
};

std::uint16_t free_port() {
    return TakenPort().port;
}

std::optional<wattbench::drivers::http::HttpResponse> get(const std::string& base,
                                                          wattbench::drivers::http::Method m,
                                                          const std::string& path) {
    wattbench::drivers::http::ClientOptions o;
    o.protocols = "http";
    wattbench::drivers::http::HttpClient c(base, o);
    auto r = c.request(m, path, {}, "", milliseconds(2000));
    if (auto* ok = std::get_if<wattbench::drivers::http::HttpResponse>(&r)) {
        return *ok;
    }
    return std::nullopt;
}

void write_profile(const fs::path& p) {
    std::ofstream(p) << "[run]\nname = \"gui-metrics\"\ninterval = \"500ms\"\nwarmup = \"1s\"\n"
                        "window = \"3s\"\n\n[[device]]\nid = \"wattmeter\"\ndriver = \"sim\"\n"
                        "connection = \"sim://wattmeter\"\n\n[[phase]]\nname = \"idle\"\n"
                        "load = \"idle\"\n\n[[phase]]\nname = \"rest\"\nload = \"idle\"\n";
}

TEST(GuiMetricsListen, ServesTheWindowsRunAsOpenMetrics) {
    wattbench::gui::test::qt_app();  // the headless environment the child inherits
    const auto dir = temp_dir();
    write_profile(dir / "p.toml");
    const auto port = free_port();
    const std::string base = "http://127.0.0.1:" + std::to_string(port);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, (dir / "err").c_str(), O_WRONLY | O_CREAT, 0644);
    const pid_t pid = wattbench::testing::spawn_program(
        {WATTBENCH_GUI_BIN, (dir / "p.toml").string(), "--start", "--out", (dir / "run").string(),
         "--metrics-listen", "127.0.0.1:" + std::to_string(port), "--quit-after", "20s"},
        fa);
    posix_spawn_file_actions_destroy(&fa);
    ASSERT_GT(pid, 0);

    // Scrape as Prometheus would until the first window has closed (its mean is served then);
    // `during` is the first scrape inside that window.
    std::string during;
    std::string after;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(18);
    while (std::chrono::steady_clock::now() < until && after.empty()) {
        if (auto r = get(base, wattbench::drivers::http::Method::get, "/metrics")) {
            if (during.empty() &&
                r->body.find("phase=\"idle\",stage=\"window\"") != std::string::npos) {
                during = r->body;
            }
            if (r->body.find("wattbench_window_mean{") != std::string::npos) {
                after = r->body;
            }
        }
        std::this_thread::sleep_for(milliseconds(200));
    }
    const auto post = get(base, wattbench::drivers::http::Method::post, "/metrics");
    const auto elsewhere = get(base, wattbench::drivers::http::Method::get, "/other");
    ::kill(pid, SIGTERM);
    int st = 0;
    ::waitpid(pid, &st, 0);
    const std::string err = wattbench::testing::read_whole(dir / "err");

    EXPECT_NE(err.find("metrics at http://127.0.0.1:" + std::to_string(port)), std::string::npos)
        << err;
    ASSERT_FALSE(during.empty()) << err;
    EXPECT_NE(during.find("wattbench_power_watts{device=\"wattmeter\",channel=\"power\",phase="
                          "\"idle\",stage=\"window\"}"),
              std::string::npos)
        << during;
    EXPECT_NE(during.find("wattbench_device_up{device=\"wattmeter\"} 1"), std::string::npos)
        << during;
    EXPECT_NE(during.find("wattbench_phase_info{run=\"gui-metrics\",phase=\"idle\""),
              std::string::npos)
        << during;
    ASSERT_FALSE(after.empty()) << err;
    EXPECT_NE(
        after.find("channel=\"power\",phase=\"idle\",stage=\"window\",quantity=\"power_watts\""),
        std::string::npos)
        << after;
    ASSERT_TRUE(post.has_value());
    EXPECT_EQ(post->status, 405);
    ASSERT_TRUE(elsewhere.has_value());
    EXPECT_EQ(elsewhere->status, 404);
    // The run the endpoint served is the one on disk.
    EXPECT_TRUE(fs::exists(dir / "run" / "samples.csv"));
    fs::remove_all(dir);
}

TEST(GuiMetricsListen, AnAddressItCannotServeExitsTwoBeforeTheWindow) {
    wattbench::gui::test::qt_app();
    const auto dir = temp_dir();
    write_profile(dir / "p.toml");
    const TakenPort taken;
    const auto in_use = wattbench::testing::run_program(
        {WATTBENCH_GUI_BIN, (dir / "p.toml").string(), "--start", "--out", (dir / "run").string(),
         "--metrics-listen", "127.0.0.1:" + std::to_string(taken.port), "--quit-after", "5s"},
        dir);
    EXPECT_EQ(in_use.exit_code, 2);
    EXPECT_NE(in_use.err.find("--metrics-listen"), std::string::npos) << in_use.err;
    EXPECT_NE(in_use.err.find(std::to_string(taken.port)), std::string::npos) << in_use.err;
    EXPECT_FALSE(fs::exists(dir / "run")) << "nothing may start before the address is bound";

    const auto garbled = wattbench::testing::run_program(
        {WATTBENCH_GUI_BIN, "--metrics-listen", "127.0.0.1:x", "--quit-after", "5s"}, dir);
    EXPECT_EQ(garbled.exit_code, 2);
    EXPECT_NE(garbled.err.find("'127.0.0.1:x'"), std::string::npos) << garbled.err;
    fs::remove_all(dir);
}

}  // namespace
