#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <limits>

#include <unistd.h>

#include "drivers/sim/register.hpp"
#include "drivers/sim/settings_parser.hpp"
#include "drivers/sim/wattmeter.hpp"

namespace wattbench::drivers::sim {
namespace {

using Made = std::variant<std::unique_ptr<api::Device>, api::DeviceError>;

api::DeviceConfig config(std::string connection) {
    api::DeviceConfig c;
    c.id = "dev";
    c.driver = "sim";
    c.connection = std::move(connection);
    return c;
}

Made create(api::DeviceConfig c) {
    api::Registry registry;
    registry.add(driver_info());
    return registry.create(std::move(c));
}

std::string error_message(const Made& made) {
    if (!std::holds_alternative<api::DeviceError>(made)) {
        return "(no error)";
    }
    const auto& e = std::get<api::DeviceError>(made);
    EXPECT_EQ(e.kind, api::ErrorKind::config) << e.message;
    return e.message;
}

Settings settings_of(api::DeviceConfig c) {
    auto parsed = parse_settings(c);
    EXPECT_TRUE(std::holds_alternative<Settings>(parsed));
    return std::holds_alternative<Settings>(parsed) ? std::get<Settings>(parsed) : Settings{};
}

TEST(Config, DriverInfo) {
    const auto info = driver_info();
    EXPECT_EQ(info.name, "sim");
    EXPECT_EQ(info.description,
              "simulated wattmeter, BMC and sound meter (power follows real CPU use)");
    EXPECT_EQ(info.transports, "none");
    EXPECT_EQ(info.example_connection, "sim://wattmeter");
    EXPECT_TRUE(info.factory);
}

TEST(Config, EachKindFromItsConnection) {
    const std::pair<const char*, const char*> kinds[] = {
        {"sim://wattmeter", "power"}, {"sim://bmc", "system_temp"}, {"sim://sound", "spl"}};
    for (auto [connection, first_channel] : kinds) {
        auto made = create(config(connection));
        ASSERT_TRUE(std::holds_alternative<std::unique_ptr<api::Device>>(made)) << connection;
        EXPECT_EQ(std::get<std::unique_ptr<api::Device>>(made)->channels().at(0).name,
                  first_channel);
    }
}

TEST(Config, BadConnectionNamesTheAcceptedForms) {
    for (const char* bad : {"", "sim://", "sim://Wattmeter", "sim://ups", "tcp://10.0.0.1:5025",
                            "sim://wattmeter/"}) {
        const auto message = error_message(create(config(bad)));
        EXPECT_EQ(message, "connection '" + std::string(bad) +
                               "' not understood: use sim://wattmeter, sim://bmc or sim://sound");
    }
}

TEST(Config, DefaultsWhenNoOptionIsGiven) {
    auto s = settings_of(config("sim://wattmeter"));
    EXPECT_EQ(s.kind, Kind::wattmeter);
    EXPECT_DOUBLE_EQ(s.model.idle_power, 71.5);
    EXPECT_DOUBLE_EQ(s.model.max_power, 163.1);
    EXPECT_DOUBLE_EQ(s.model.ambient, 22.0);
    EXPECT_DOUBLE_EQ(s.model.thermal_tau.count(), 20.0);
    EXPECT_DOUBLE_EQ(s.noise, 0.01);
    EXPECT_EQ(s.proc_stat, "/proc/stat");
    EXPECT_EQ(s.weighting, Weighting::a);
    EXPECT_FALSE(s.faults.fail_open);
    EXPECT_FALSE(s.faults.dropout_after);
    EXPECT_FALSE(s.faults.dropout_for);
    EXPECT_EQ(s.faults.garbage_every, 0u);
    EXPECT_FALSE(s.faults.overrange_above);
    EXPECT_FALSE(s.faults.slow_poll);
}

TEST(Config, EveryOptionIsRead) {
    auto c = config("sim://wattmeter");
    c.options.set("seed", std::int64_t{7});
    c.options.set("idle_power", 100.0);
    c.options.set("max_power", std::int64_t{250});
    c.options.set("thermal_tau", std::string("1m30s"));
    c.options.set("ambient", 25.0);
    c.options.set("noise", 0.0);
    c.options.set("proc_stat", std::string("/tmp/stat"));
    c.options.set("fail_open", false);
    c.options.set("dropout_after", std::string("30s"));
    c.options.set("dropout_for", std::int64_t{10});
    c.options.set("garbage_every", std::int64_t{5});
    c.options.set("overrange_above", 200.0);
    c.options.set("slow_poll", std::string("250ms"));
    auto s = settings_of(c);
    EXPECT_EQ(s.seed, 7u);
    EXPECT_DOUBLE_EQ(s.model.idle_power, 100.0);
    EXPECT_DOUBLE_EQ(s.model.max_power, 250.0);
    EXPECT_DOUBLE_EQ(s.model.thermal_tau.count(), 90.0);
    EXPECT_DOUBLE_EQ(s.model.ambient, 25.0);
    EXPECT_DOUBLE_EQ(s.noise, 0.0);
    EXPECT_EQ(s.proc_stat, "/tmp/stat");
    EXPECT_DOUBLE_EQ(s.faults.dropout_after->count(), 30.0);
    EXPECT_DOUBLE_EQ(s.faults.dropout_for->count(), 10.0);
    EXPECT_EQ(s.faults.garbage_every, 5u);
    EXPECT_DOUBLE_EQ(*s.faults.overrange_above, 200.0);
    EXPECT_DOUBLE_EQ(s.faults.slow_poll->count(), 0.25);
    EXPECT_TRUE(std::holds_alternative<std::unique_ptr<api::Device>>(create(c)));
}

TEST(Config, OneEndOfTheCurveScalesIt) {
    auto idle_only = config("sim://bmc");
    idle_only.options.set("idle_power", 143.0);
    auto s = settings_of(idle_only);
    EXPECT_DOUBLE_EQ(s.model.idle_power, 143.0);
    EXPECT_DOUBLE_EQ(s.model.max_power, 326.2);

    auto max_only = config("sim://bmc");
    max_only.options.set("max_power", 326.2);
    s = settings_of(max_only);
    EXPECT_DOUBLE_EQ(s.model.idle_power, 143.0);
    EXPECT_DOUBLE_EQ(s.model.max_power, 326.2);
}

TEST(Config, ThermalTauAsSecondsOrDuration) {
    for (auto value :
         {api::OptionValue{std::int64_t{45}}, api::OptionValue{45.0},
          api::OptionValue{std::string("45s")}, api::OptionValue{std::string("45000ms")}}) {
        auto c = config("sim://bmc");
        c.options.set("thermal_tau", value);
        EXPECT_DOUBLE_EQ(settings_of(c).model.thermal_tau.count(), 45.0);
    }
}

TEST(Config, WeightingOnlyForSound) {
    auto c = config("sim://sound");
    c.options.set("weighting", std::string("C"));
    EXPECT_EQ(settings_of(c).weighting, Weighting::c);

    auto made = create(c);
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<api::Device>>(made));
    EXPECT_EQ(std::get<std::unique_ptr<api::Device>>(made)->channels()[0].unit, "dBC");

    auto wrong_kind = config("sim://wattmeter");
    wrong_kind.options.set("weighting", std::string("A"));
    EXPECT_EQ(error_message(create(wrong_kind)), "key 'weighting': applies only to sim://sound");
}

struct BadOption {
    const char* connection;
    const char* key;
    api::OptionValue value;
    const char* message;
};

TEST(Config, BadOptionsAreConfigErrors) {
    const std::string duration =
        "expected a duration such as \"20s\", \"500ms\", \"5m\" or a number of seconds";
    const BadOption cases[] = {
        {"sim://wattmeter", "seed", std::string("x"), "key 'seed': expected an integer"},
        {"sim://wattmeter", "seed", 1.5, "key 'seed': expected an integer"},
        {"sim://wattmeter", "idle_power", std::string("70W"),
         "key 'idle_power': expected a number"},
        {"sim://wattmeter", "idle_power", -1.0, "key 'idle_power': must be above 0 W"},
        {"sim://wattmeter", "noise", 0.9,
         "key 'noise': must be between 0 and 0.5 (a relative standard deviation)"},
        {"sim://wattmeter", "ambient", 99.0, "key 'ambient': must be between -40 and 60 degC"},
        {"sim://bmc", "thermal_tau", true, nullptr},
        {"sim://bmc", "thermal_tau", std::string("fast"), nullptr},
        {"sim://bmc", "thermal_tau", std::string("20"), nullptr},
        {"sim://bmc", "thermal_tau", 0.0, "key 'thermal_tau': must be longer than zero"},
        {"sim://bmc", "fail_open", std::string("yes"), "key 'fail_open': expected true or false"},
        {"sim://bmc", "garbage_every", std::int64_t{0}, "key 'garbage_every': must be 1 or more"},
        {"sim://bmc", "garbage_every", 2.0, "key 'garbage_every': expected an integer"},
        {"sim://bmc", "overrange_above", 200.0,
         "key 'overrange_above': applies only to sim://wattmeter"},
        {"sim://wattmeter", "overrange_above", std::int64_t{0},
         "key 'overrange_above': must be above 0 W"},
        {"sim://wattmeter", "slow_poll", std::string("-1s"), nullptr},
        {"sim://wattmeter", "slow_poll", std::string("99999999999999999999s"),
         "key 'slow_poll': must not exceed 1000h"},
        {"sim://wattmeter", "dropout_for", std::numeric_limits<double>::infinity(), nullptr},
        {"sim://wattmeter", "proc_stat", std::string(""), "key 'proc_stat': must name a file"},
        {"sim://wattmeter", "proc_stat", std::int64_t{1}, "key 'proc_stat': expected a string"},
        {"sim://sound", "weighting", std::string("Z"), "key 'weighting': expected \"A\" or \"C\""},
        {"sim://sound", "weighting", std::string("a"), "key 'weighting': expected \"A\" or \"C\""},
    };
    for (const auto& c : cases) {
        auto cfg = config(c.connection);
        cfg.options.set(c.key, c.value);
        const std::string expected =
            c.message ? std::string(c.message) : "key '" + std::string(c.key) + "': " + duration;
        EXPECT_EQ(error_message(create(cfg)), expected) << c.key;
    }
}

TEST(Config, MaxPowerMustExceedIdlePower) {
    auto c = config("sim://wattmeter");
    c.options.set("idle_power", 200.0);
    c.options.set("max_power", 150.0);
    EXPECT_EQ(error_message(create(c)), "key 'max_power': must be above idle_power");
}

TEST(Config, DropoutNeedsBothKeys) {
    auto after_only = config("sim://wattmeter");
    after_only.options.set("dropout_after", std::string("30s"));
    EXPECT_EQ(error_message(create(after_only)),
              "key 'dropout_after': dropout_after and dropout_for go together");
    auto for_only = config("sim://wattmeter");
    for_only.options.set("dropout_for", std::string("30s"));
    EXPECT_EQ(error_message(create(for_only)),
              "key 'dropout_for': dropout_after and dropout_for go together");
}

TEST(Config, FirstProblemWins) {
    auto c = config("sim://wattmeter");
    c.options.set("seed", std::string("x"));
    c.options.set("noise", 0.9);
    EXPECT_EQ(error_message(create(c)), "key 'seed': expected an integer");
}

TEST(Config, UnknownKeyIsReportedByTheRegistry) {
    auto c = config("sim://wattmeter");
    c.options.set("sed", std::int64_t{1});
    EXPECT_EQ(error_message(create(c)), "unknown key 'sed' for driver 'sim'");
}

TEST(Config, FactoryDoesNoIo) {
    auto c = config("sim://wattmeter");
    c.options.set("proc_stat", std::string("/nonexistent/wattbench/stat"));
    auto made = create(c);
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<api::Device>>(made));
    auto e = std::get<std::unique_ptr<api::Device>>(made)->open();
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind, api::ErrorKind::unreachable);
    EXPECT_EQ(e->message, "cannot read /nonexistent/wattbench/stat: No such file or directory");
}

// End to end through the registry: a stat file stands in for /proc/stat.
TEST(Config, ProcStatOptionDrivesThePower) {
    // The pid keeps parallel runs from several build trees apart.
    const auto path = std::filesystem::path(::testing::TempDir()) /
                      ("wattbench_sim_stat_" + std::to_string(::getpid()));
    const std::string cpus = "cpu0 0 0 0 0\ncpu1 0 0 0 0\ncpu2 0 0 0 0\ncpu3 0 0 0 0\n";
    std::ofstream(path) << "cpu  1000 0 0 1000 0 0 0 0 0 0\n" << cpus;

    auto c = config("sim://wattmeter");
    c.options.set("proc_stat", path.string());
    c.options.set("noise", 0.0);
    c.options.set("seed", std::int64_t{3});
    auto made = create(c);
    ASSERT_TRUE(std::holds_alternative<std::unique_ptr<api::Device>>(made));
    auto& device = std::get<std::unique_ptr<api::Device>>(made);
    ASSERT_EQ(device->open(), std::nullopt);

    // Half of four CPUs busy since open: two busy CPUs.
    std::ofstream(path) << "cpu  1100 0 0 1100 0 0 0 0 0 0\n" << cpus;
    auto r = device->poll(std::chrono::steady_clock::now() + std::chrono::seconds(1));
    ASSERT_FALSE(r.error);
    EXPECT_DOUBLE_EQ(r.readings.at(Wattmeter::power).value, 114.0);

    std::ofstream(path) << "cpu  1400 0 0 1100 0 0 0 0 0 0\n" << cpus;
    r = device->poll(std::chrono::steady_clock::now() + std::chrono::seconds(1));
    ASSERT_FALSE(r.error);
    EXPECT_DOUBLE_EQ(r.readings.at(Wattmeter::power).value, 145.0);
    std::filesystem::remove(path);
}

TEST(Config, RealProcStatGivesAPlausiblePower) {
    auto made = create(config("sim://wattmeter"));
    auto& device = std::get<std::unique_ptr<api::Device>>(made);
    ASSERT_EQ(device->open(), std::nullopt);
    auto r = device->poll(std::chrono::steady_clock::now() + std::chrono::seconds(1));
    ASSERT_FALSE(r.error);
    EXPECT_GT(r.readings.at(Wattmeter::power).value, 50.0);
    EXPECT_EQ(device->identity().model, "sim-wattmeter");
}

}  // namespace
}  // namespace wattbench::drivers::sim
