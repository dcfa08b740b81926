// End to end: a real Prometheus (Debian's) on loopback scrapes `wattbench monitor` and a short
// `wattbench run` every second; its HTTP API must then hold the values samples.csv holds, the
// phase labels and the closed window's mean from phases.csv. `promtool check metrics` lints a
// live exposition.

#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "drivers/http/http_client.hpp"
#include "tests/support/run_program.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using std::chrono::milliseconds;
using std::chrono::seconds;
using wattbench::testing::read_whole;

constexpr const char* kPrometheus = "/usr/bin/prometheus";
constexpr const char* kPromtool = "/usr/bin/promtool";

// A port nothing listens on now (the system's choice for port 0, released at once).
std::uint16_t free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof(a);
    ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof(a));
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
    ::close(fd);
    return ntohs(a.sin_port);
}

// A program in the background, its output in files under `dir`; SIGTERM when the test is done.
struct Background {
    Background(std::vector<std::string> argv, const fs::path& dir, const std::string& name)
        : err(dir / (name + ".err")) {
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_addopen(&fa, 1, (dir / (name + ".out")).c_str(),
                                         O_WRONLY | O_CREAT | O_TRUNC, 0644);
        posix_spawn_file_actions_addopen(&fa, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        pid = wattbench::testing::spawn_program(std::move(argv), fa);
        posix_spawn_file_actions_destroy(&fa);
    }
    ~Background() { stop(); }
    int stop() {
        if (pid > 0) {
            ::kill(pid, SIGTERM);
            return wait();
        }
        return status;
    }
    int wait() {
        if (pid > 0) {
            int st = 0;
            ::waitpid(pid, &st, 0);
            status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
            pid = -1;
        }
        return status;
    }
    fs::path err;
    pid_t pid = -1;
    int status = -1;
};

std::string url_encode(const std::string& s) {
    std::string out;
    for (const unsigned char c : s) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
            out += static_cast<char>(c);
        } else {
            char buf[4];
            std::snprintf(buf, sizeof(buf), "%%%02X", c);
            out += buf;
        }
    }
    return out;
}

std::optional<wattbench::drivers::http::HttpResponse> get(const std::string& base,
                                                          const std::string& path) {
    wattbench::drivers::http::ClientOptions o;
    o.protocols = "http";
    wattbench::drivers::http::HttpClient c(base, o);
    auto r = c.request(wattbench::drivers::http::Method::get, path, {}, "", milliseconds(3000));
    if (auto* ok = std::get_if<wattbench::drivers::http::HttpResponse>(&r)) {
        return *ok;
    }
    return std::nullopt;
}

bool wait_for(const std::function<bool()>& ready, std::chrono::milliseconds limit) {
    const auto until = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < until) {
        if (ready()) {
            return true;
        }
        std::this_thread::sleep_for(milliseconds(200));
    }
    return false;
}

// samples.csv rows of one channel: value by UTC time in seconds.
std::vector<std::pair<double, double>> csv_values(const fs::path& csv, const std::string& device,
                                                  const std::string& channel) {
    std::vector<std::pair<double, double>> out;
    std::ifstream in(csv);
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        std::vector<std::string> f;
        std::stringstream ss(line);
        std::string field;
        while (std::getline(ss, field, ',')) {
            f.push_back(field);
        }
        // time,elapsed_s,phase,stage,device,channel,value,unit,status
        if (f.size() < 9 || f[4] != device || f[5] != channel || f[8] != "ok") {
            continue;
        }
        std::tm tm{};
        int ms = 0;
        std::sscanf(f[0].c_str(), "%d-%d-%dT%d:%d:%d.%dZ", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
                    &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &ms);
        tm.tm_year -= 1900;
        tm.tm_mon -= 1;
        out.emplace_back(static_cast<double>(timegm(&tm)) + ms / 1000.0, std::stod(f[6]));
    }
    return out;
}

class MetricsPrometheus : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("wb-prom-" + std::to_string(::getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override {
        if (!HasFailure()) {
            fs::remove_all(dir_);
        }
    }
    fs::path dir_;
};

TEST_F(MetricsPrometheus, ScrapesMonitorAndRun) {
    ASSERT_TRUE(fs::exists(kPrometheus)) << "Debian package prometheus (scripts/install-deps.sh)";
    const auto prom_port = free_port();
    const auto monitor_port = free_port();
    const auto run_port = free_port();
    const std::string monitor_target = "127.0.0.1:" + std::to_string(monitor_port);
    const std::string run_target = "127.0.0.1:" + std::to_string(run_port);
    {
        std::ofstream p(dir_ / "tiny.toml");
        p << "[run]\nname = \"tiny\"\ninterval = \"500ms\"\nwarmup = \"2s\"\nwindow = \"3s\"\n"
             "[[device]]\nid = \"wattmeter\"\ndriver = \"sim\"\nconnection = \"sim://wattmeter\"\n"
             "[[device]]\nid = \"bmc\"\ndriver = \"sim\"\nconnection = \"sim://bmc\"\n"
             "[[phase]]\nname = \"idle\"\nload = \"idle\"\n"
             "[[phase]]\nname = \"cpu-1\"\nload = \"cpu\"\nworkers = 1\n";
        std::ofstream c(dir_ / "prometheus.yml");
        c << "global:\n  scrape_interval: 1s\n  scrape_timeout: 900ms\n"
             "scrape_configs:\n  - job_name: wattbench\n    static_configs:\n"
             "      - targets: ['"
          << monitor_target << "', '" << run_target << "']\n";
    }
    const std::string prom = "http://127.0.0.1:" + std::to_string(prom_port);
    Background prometheus({kPrometheus, "--config.file=" + (dir_ / "prometheus.yml").string(),
                           "--storage.tsdb.path=" + (dir_ / "tsdb").string(),
                           "--web.listen-address=127.0.0.1:" + std::to_string(prom_port)},
                          dir_, "prometheus");
    ASSERT_TRUE(wait_for(
        [&] {
            const auto r = get(prom, "/-/ready");
            return r && r->status == 200;
        },
        seconds(20)))
        << read_whole(prometheus.err);

    Background monitor({WATTBENCH_BIN, "monitor", (dir_ / "tiny.toml").string(), "--out",
                        (dir_ / "mon").string(), "--metrics-listen", monitor_target},
                       dir_, "monitor");
    ASSERT_TRUE(wait_for([&] { return get("http://" + monitor_target, "/metrics").has_value(); },
                         seconds(10)))
        << read_whole(monitor.err);

    // promtool lints what a scraper without OpenMetrics gets (the text format).
    {
        const auto r = get("http://" + monitor_target, "/metrics");
        ASSERT_TRUE(r);
        std::ofstream(dir_ / "exposition.txt") << r->body;
        const auto lint = wattbench::testing::run_program({kPromtool, "check", "metrics"}, dir_,
                                                          (dir_ / "exposition.txt").string());
        EXPECT_EQ(lint.exit_code, 0) << lint.out << lint.err << r->body;
    }

    Background run({WATTBENCH_BIN, "run", (dir_ / "tiny.toml").string(), "--out",
                    (dir_ / "run").string(), "--metrics-listen", run_target},
                   dir_, "run");
    EXPECT_EQ(run.wait(), 0) << read_whole(run.err);
    std::this_thread::sleep_for(seconds(2));  // a last monitor scrape or two
    EXPECT_EQ(monitor.stop(), 128 + SIGTERM) << read_whole(monitor.err);

    const auto query = [&](const std::string& q) {
        const auto r = get(prom, "/api/v1/query?query=" + url_encode(q));
        EXPECT_TRUE(r && r->status == 200) << q << (r ? r->body : std::string(" (no answer)"));
        auto j = r ? json::parse(r->body, nullptr, false) : json();
        return j.is_object() ? j["data"]["result"] : json::array();
    };

    // Every value Prometheus holds is one samples.csv holds, taken at most ~2 s before the
    // scrape that stored it (scrape every 1 s, reading every 0.5 s).
    const auto check_values = [&](const std::string& instance, const fs::path& csv,
                                  const std::string& stage_filter) {
        const auto series = query("wattbench_power_watts{instance=\"" + instance +
                                  "\",channel=\"power\"" + stage_filter + "}[2m]");
        const auto rows = csv_values(csv, "wattmeter", "power");
        std::size_t points = 0;
        for (const auto& s : series) {
            for (const auto& v : s["values"]) {
                const double t = v[0].get<double>();
                const double value = std::stod(v[1].get<std::string>());
                bool found = false;
                for (const auto& [rt, rv] : rows) {
                    found = found || (rv == value && rt <= t + 0.05 && rt >= t - 2.5);
                }
                EXPECT_TRUE(found) << instance << ": " << value << " at " << v[0];
                ++points;
            }
        }
        return points;
    };
    EXPECT_GE(check_values(monitor_target, dir_ / "mon" / "samples.csv", ",stage=\"none\""), 3u);
    EXPECT_GE(check_values(run_target, dir_ / "run" / "samples.csv", ""), 5u);

    // The phase and stage labels the run went through.
    std::set<std::string> seen;
    for (const auto& s : query("count by (phase, stage) (last_over_time(wattbench_power_watts{"
                               "instance=\"" +
                               run_target + "\"}[2m]))")) {
        seen.insert(s["metric"].value("phase", "") + "/" + s["metric"].value("stage", ""));
    }
    // The first scrape may come after idle's warm-up: cpu-1's is in the middle of the run.
    EXPECT_TRUE(seen.count("idle/window") && seen.count("cpu-1/warmup") &&
                seen.count("cpu-1/window"))
        << json(seen).dump();
    const auto info = query("last_over_time(wattbench_phase_info{instance=\"" + run_target +
                            "\",phase=\"cpu-1\"}[2m])");
    ASSERT_EQ(info.size(), 1u);
    EXPECT_EQ(info[0]["metric"].value("load", ""), "cpu");
    EXPECT_EQ(info[0]["metric"].value("run", ""), "tiny");

    // The idle window's mean, as phases.csv has it (the run's last window closes as it ends).
    const auto mean = query("last_over_time(wattbench_window_mean{instance=\"" + run_target +
                            "\",phase=\"idle\",device=\"wattmeter\",channel=\"power\"}[2m])");
    ASSERT_EQ(mean.size(), 1u);
    EXPECT_EQ(mean[0]["metric"].value("quantity", ""), "power_watts");
    std::ifstream phases(dir_ / "run" / "phases.csv");
    std::string line;
    double csv_mean = -1;
    while (std::getline(phases, line)) {
        if (line.rfind("idle,idle,wattmeter,power,W,", 0) == 0) {
            csv_mean = std::stod(line.substr(std::string("idle,idle,wattmeter,power,W,").size()));
        }
    }
    EXPECT_EQ(std::stod(mean[0]["value"][1].get<std::string>()), csv_mean);
}

}  // namespace
