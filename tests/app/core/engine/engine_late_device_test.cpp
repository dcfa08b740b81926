// Devices whose state at prepare() is not their state later: an optional BMC that is down when
// the run starts and names its channels only once it answers, and the run directory's name.
#include <unistd.h>

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/core/engine/engine.hpp"
#include "tests/support/step_clock.hpp"

namespace wattbench::core::engine {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

drivers::api::ChannelSpec spec(std::string name, std::string unit) {
    drivers::api::ChannelSpec c;
    c.name = std::move(name);
    c.unit = std::move(unit);
    c.quantity = unit == "W" ? drivers::api::Quantity::power : drivers::api::Quantity::temperature;
    return c;
}

// Like an IPMI BMC: no channels until it has been opened, and the first opens fail.
class LateBmc final : public drivers::api::Device {
public:
    explicit LateBmc(int failing_opens) : failing_opens_(failing_opens) {}
    const std::vector<drivers::api::ChannelSpec>& channels() const override { return channels_; }
    std::optional<drivers::api::DeviceError> open() override {
        if (opens_++ < failing_opens_) {
            return drivers::api::DeviceError{drivers::api::ErrorKind::unreachable,
                                             "no route to host"};
        }
        channels_ = {spec("system_temp", "degC"), spec("dcmi_power", "W")};
        return std::nullopt;
    }
    drivers::api::PollResult poll(std::chrono::steady_clock::time_point) override {
        drivers::api::PollResult r;
        r.readings.push_back({0, 31.0, drivers::api::Status::ok, {}});
        r.readings.push_back({1, 187.0, drivers::api::Status::ok, {}});
        return r;
    }
    void close() override {}
    drivers::api::DeviceIdentity identity() const override { return {"test", "bmc", "0", "0"}; }

private:
    int failing_opens_;
    int opens_ = 0;
    std::vector<drivers::api::ChannelSpec> channels_;
};

drivers::api::Registry registry() {
    drivers::api::Registry r;
    r.add({"latebmc", "test BMC", "none", "latebmc://",
           [](drivers::api::DeviceConfig& cfg)
               -> std::variant<std::unique_ptr<drivers::api::Device>, drivers::api::DeviceError> {
               const auto failing = cfg.options.take_number("failing_opens").value_or(1.0);
               return std::make_unique<LateBmc>(static_cast<int>(failing));
           }});
    return r;
}

profile::Profile profile_with_bmc(milliseconds window) {
    profile::Profile p;
    p.path = "test.toml";
    p.text = "[run]\nname = \"late\"\n";
    p.run.name = "late";
    p.run.interval = milliseconds(20);
    profile::DeviceSettings d;
    d.id = "bmc";
    d.driver = "latebmc";
    d.connection = "latebmc://";
    d.interval = milliseconds(20);
    d.optional = true;
    p.devices.push_back(d);
    profile::PhaseSettings ph;
    ph.name = "idle";
    ph.load = profile::LoadKind::idle;
    ph.warmup = milliseconds(1500);
    ph.window = window;
    p.phases.push_back(ph);
    return p;
}

struct Watch final : Observer {
    void on_catalog_changed(const record::Catalog& c) override {
        std::lock_guard l(m);
        bmc_channels = c.devices.at(0).channels.size();
    }
    void on_readings(std::span<const record::Sample> s) override {
        std::lock_guard l(m);
        for (const auto& r : s) {
            if (r.device == 0 && r.channel == 1 && r.status == drivers::api::Status::ok) {
                ++bmc_power;
            }
        }
    }
    void on_finished(const RunFinished&) override { ended.store(true); }
    std::mutex m;
    std::size_t bmc_channels = 0;
    std::size_t bmc_power = 0;
    std::atomic<bool> ended{false};
};

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

TEST(EngineLateDevice, AnOptionalBmcThatComesBackLaterGetsItsChannelsRecorded) {
    auto reg = registry();
    tests::StepClock clock;
    Engine engine(reg, clock);
    Watch watch;
    engine.add_observer(&watch);
    RunOptions opt;
    opt.out_dir =
        (fs::temp_directory_path() / ("wattbench-late-" + std::to_string(::getpid()))).string();
    fs::remove_all(opt.out_dir);
    ASSERT_FALSE(engine.prepare(profile_with_bmc(milliseconds(400)), opt));
    EXPECT_TRUE(engine.catalog().devices[0].channels.empty());
    engine.start();
    // The runner and the samplers of the BMC and the built-in host device.
    ASSERT_TRUE(clock.run_until([&] { return watch.ended.load(); }, 3));
    const auto result = engine.wait();
    EXPECT_EQ(result.status, RunStatus::completed);
    EXPECT_EQ(watch.bmc_channels, 2u);
    // Back at the sampler's first reconnect, on its first tick, then polled on every tick up to
    // the window's end at 1900 ms (96 ticks); that last tick is also the instant the run stops
    // its samplers, so it may go unpolled.
    EXPECT_GE(watch.bmc_power, 95u);
    EXPECT_LE(watch.bmc_power, 96u);

    const auto samples = read_text(opt.out_dir + "/samples.csv");
    EXPECT_NE(samples.find(",window,bmc,dcmi_power,187,W,ok\n"), std::string::npos);
    const auto phases = read_text(opt.out_dir + "/phases.csv");
    EXPECT_NE(phases.find("idle,idle,bmc,dcmi_power,W,187,187,187,0,"), std::string::npos)
        << phases;
    std::ifstream mf(opt.out_dir + "/manifest.json");
    const auto manifest = nlohmann::json::parse(mf);
    ASSERT_EQ(manifest["devices"][0]["channels"].size(), 2u);
    EXPECT_EQ(manifest["devices"][0]["channels"][1]["name"], "dcmi_power");
    fs::remove_all(opt.out_dir);
}

TEST(EngineRunDirectory, TheDefaultNameIsChosenOnceAndCommandLogsLandInIt) {
    const auto cwd = fs::current_path();
    const auto root =
        fs::temp_directory_path() / ("wattbench-default-dir-" + std::to_string(::getpid()));
    fs::remove_all(root);
    fs::create_directories(root);
    fs::current_path(root);
    {
        drivers::api::Registry reg;
        Engine engine(reg);
        auto p = profile_with_bmc(milliseconds(50));
        p.devices.clear();
        p.phases[0].name = "cmd";
        p.phases[0].load = profile::LoadKind::command;
        p.phases[0].warmup = milliseconds(10);
        p.phases[0].command = {"sh", "-c", "echo hello; sleep 5"};
        ASSERT_FALSE(engine.prepare(p, RunOptions{}));
        engine.start();
        engine.wait();
        const auto dir = fs::path(engine.out_dir());
        EXPECT_TRUE(fs::exists(dir / "logs" / "cmd.log")) << dir;
        std::size_t entries = 0;
        for ([[maybe_unused]] const auto& e : fs::directory_iterator(root / "runs")) {
            ++entries;
        }
        EXPECT_EQ(entries, 1u) << "one run directory, not a sibling for the logs";
    }
    fs::current_path(cwd);
    fs::remove_all(root);
}

}  // namespace
}  // namespace wattbench::core::engine
