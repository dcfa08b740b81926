#include "app/core/record/samples_csv_writer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <system_error>

#include "tests/app/core/record/temp_dir.hpp"

namespace wattbench::core::record {
namespace {

using drivers::api::ChannelSpec;
using drivers::api::Quantity;
using drivers::api::Status;
using namespace std::chrono;
using namespace std::chrono_literals;
using testing::read_file;
using testing::TempDir;

ChannelSpec spec(std::string name, Quantity quantity, std::string unit,
                 std::vector<std::string> states = {}) {
    ChannelSpec s;
    s.name = std::move(name);
    s.quantity = quantity;
    s.unit = std::move(unit);
    s.states = std::move(states);
    return s;
}

Catalog make_catalog() {
    Catalog c;
    DeviceChannels wm;
    wm.device_id = "wattmeter";
    wm.channels = {spec("power", Quantity::power, "W"),
                   spec("power_factor", Quantity::power_factor, "1")};
    DeviceChannels bmc;
    bmc.device_id = "bmc";
    bmc.channels = {spec("cpu_temp", Quantity::state, "state", {"Low", "High"})};
    DeviceChannels odd;
    odd.device_id = "rack,2";
    odd.channels = {spec("temp", Quantity::temperature, "deg \"C\"")};
    c.devices = {wm, bmc, odd};
    c.phase_names = {"idle", "cpu, 1"};
    c.phase_loads = {"idle", "cpu"};
    return c;
}

const system_clock::time_point kT0 =
    system_clock::time_point{sys_days{2026y / 11 / 29}} + 19h + 50min + 40s;

Sample row(milliseconds t, std::uint32_t device, std::uint32_t channel, double value,
           Status status = Status::ok, std::string text = {}) {
    Sample s;
    s.utc = kT0 + t;
    s.mono = steady_clock::time_point{} + t;
    s.elapsed_s = duration<double>(t).count();
    s.device = device;
    s.channel = channel;
    s.status = status;
    s.value = value;
    s.text = std::move(text);
    return s;
}

TEST(SamplesCsvWriter, HeaderIsOnDiskAtOnce) {
    TempDir dir;
    const auto path = dir.file("samples.csv");
    SamplesCsvWriter w(path, make_catalog());
    EXPECT_EQ(read_file(path), "time,elapsed_s,phase,stage,device,channel,value,unit,status\n");
}

TEST(SamplesCsvWriter, RowsAreByteExact) {
    TempDir dir;
    const auto path = dir.file("samples.csv");
    {
        SamplesCsvWriter w(path, make_catalog());
        w.write(row(123ms, 0, 0, 71.5));
        auto s = row(1999ms, 0, 0, 5.0, Status::unavailable);
        s.phase = 0;
        s.stage = phases::Stage::warmup;
        w.write(s);
        s = row(2000ms, 0, 1, 0.1 + 0.2);
        s.phase = 1;
        s.stage = phases::Stage::window;
        w.write(s);
        s = row(2001ms, 1, 0, 0.0, Status::ok, "Low");
        s.phase = 1;
        s.stage = phases::Stage::window;
        w.write(s);
        s = row(2002ms, 1, 0, 1.0);  // a state given only by its index
        s.phase = 1;
        s.stage = phases::Stage::window;
        w.write(s);
        w.write(row(2003ms, 1, 0, 0.0, Status::ok, "Lo,w \"x\""));
        w.write(row(2004ms, 1, 0, 0.0, Status::error, "Low"));
        w.write(row(2005ms, 2, 0, -4.25));
        w.write(row(2006ms, 0, 0, 9999.0, Status::overrange));
        w.write(row(3'600'000ms, 0, 0, 1e-7));
        EXPECT_EQ(w.rows(), 10u);
    }
    EXPECT_EQ(read_file(path),
              "time,elapsed_s,phase,stage,device,channel,value,unit,status\n"
              "2026-11-29T19:50:40.123Z,0.123,,between,wattmeter,power,71.5,W,ok\n"
              "2026-11-29T19:50:41.999Z,1.999,idle,warmup,wattmeter,power,,W,unavailable\n"
              "2026-11-29T19:50:42.000Z,2.000,\"cpu, 1\",window,wattmeter,power_factor,"
              "0.30000000000000004,1,ok\n"
              "2026-11-29T19:50:42.001Z,2.001,\"cpu, 1\",window,bmc,cpu_temp,Low,state,ok\n"
              "2026-11-29T19:50:42.002Z,2.002,\"cpu, 1\",window,bmc,cpu_temp,High,state,ok\n"
              "2026-11-29T19:50:42.003Z,2.003,,between,bmc,cpu_temp,\"Lo,w \"\"x\"\"\",state,ok\n"
              "2026-11-29T19:50:42.004Z,2.004,,between,bmc,cpu_temp,,state,error\n"
              "2026-11-29T19:50:42.005Z,2.005,,between,\"rack,2\",temp,-4.25,\"deg \"\"C\"\"\",ok\n"
              "2026-11-29T19:50:42.006Z,2.006,,between,wattmeter,power,,W,overrange\n"
              "2026-11-29T20:50:40.000Z,3600.000,,between,wattmeter,power,1e-07,W,ok\n");
}

TEST(SamplesCsvWriter, ElapsedHasThreeDecimalsRounded) {
    TempDir dir;
    const auto path = dir.file("samples.csv");
    {
        SamplesCsvWriter w(path, make_catalog());
        auto s = row(0ms, 0, 0, 1.0);
        s.elapsed_s = 12.3456;
        w.write(s);
        // Rounded from the exact binary value: 2.0005 is stored a hair above the half,
        // 86400.0005 a hair below.
        s.elapsed_s = 2.0005;
        w.write(s);
        s.elapsed_s = 86400.0005;
        w.write(s);
    }
    const std::string text = read_file(path);
    EXPECT_NE(text.find(",12.346,"), std::string::npos);
    EXPECT_NE(text.find(",2.001,"), std::string::npos);
    EXPECT_NE(text.find(",86400.000,"), std::string::npos);
}

TEST(SamplesCsvWriter, FlushTiming) {
    TempDir dir;
    const auto path = dir.file("samples.csv");
    SamplesCsvWriter w(path, make_catalog());
    const auto now = steady_clock::time_point{} + 1000s;
    EXPECT_FALSE(w.flush_due(now));  // nothing buffered
    EXPECT_FALSE(w.flush_deadline().has_value());
    w.write(row(0ms, 0, 0, 1.0));
    EXPECT_GT(w.buffered_bytes(), 0u);
    EXPECT_TRUE(w.flush_due(now));  // never flushed on time yet
    w.maybe_flush(now);
    EXPECT_EQ(w.buffered_bytes(), 0u);
    const std::string first = read_file(path);
    EXPECT_EQ(std::count(first.begin(), first.end(), '\n'), 2);

    w.write(row(1ms, 0, 0, 2.0));
    EXPECT_EQ(w.flush_deadline(), now + 1s);
    EXPECT_FALSE(w.flush_due(now + 999ms));
    w.maybe_flush(now + 999ms);
    EXPECT_GT(w.buffered_bytes(), 0u);
    EXPECT_TRUE(w.flush_due(now + 1s));
    w.maybe_flush(now + 1s);
    EXPECT_EQ(w.buffered_bytes(), 0u);
    const std::string text = read_file(path);
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 3);
}

TEST(SamplesCsvWriter, FlushesByItselfWhenTheBufferFills) {
    TempDir dir;
    const auto path = dir.file("samples.csv");
    SamplesCsvWriter w(path, make_catalog());
    std::uint64_t n = 0;
    while (std::filesystem::file_size(path) == SamplesCsvWriter::kHeader.size()) {
        w.write(row(milliseconds(n), 0, 0, 100.0 + static_cast<double>(n)));
        ++n;
        ASSERT_LT(n, 100'000u);
    }
    EXPECT_GE(std::filesystem::file_size(path), SamplesCsvWriter::kFlushBytes);
    EXPECT_LT(w.buffered_bytes(), SamplesCsvWriter::kFlushBytes);
}

TEST(SamplesCsvWriter, RejectsSamplesTheCatalogDoesNotKnow) {
    TempDir dir;
    const auto path = dir.file("samples.csv");
    SamplesCsvWriter w(path, make_catalog());
    EXPECT_THROW(w.write(row(0ms, 3, 0, 1.0)), std::out_of_range);
    EXPECT_THROW(w.write(row(0ms, 0, 2, 1.0)), std::out_of_range);
    auto s = row(0ms, 0, 0, 1.0);
    s.phase = 2;
    EXPECT_THROW(w.write(s), std::out_of_range);
    s.phase = -2;
    EXPECT_THROW(w.write(s), std::out_of_range);
    EXPECT_EQ(w.rows(), 0u);
    EXPECT_EQ(w.buffered_bytes(), 0u);
}

TEST(SamplesCsvWriter, CatalogCanGrow) {
    TempDir dir;
    const auto path = dir.file("samples.csv");
    auto catalog = make_catalog();
    SamplesCsvWriter w(path, catalog);
    catalog.devices[1].channels.push_back(spec("fan1", Quantity::fan, "RPM"));
    w.set_catalog(catalog);
    w.write(row(0ms, 1, 1, 4200.0));
    w.flush();
    EXPECT_NE(read_file(path).find(",bmc,fan1,4200,RPM,ok\n"), std::string::npos);
}

TEST(SamplesCsvWriter, ConstructorThrowsWhenTheFileCannotBeCreated) {
    TempDir dir;
    try {
        SamplesCsvWriter w(dir.file("missing/samples.csv"), make_catalog());
        FAIL() << "no exception";
    } catch (const std::system_error& e) {
        EXPECT_EQ(e.code(), std::errc::no_such_file_or_directory);
        EXPECT_NE(std::string(e.what()).find("missing/samples.csv"), std::string::npos);
    }
}

TEST(SamplesCsvWriter, TruncatesAnExistingFile) {
    TempDir dir;
    const auto path = dir.file("samples.csv");
    {
        SamplesCsvWriter w(path, make_catalog());
        w.write(row(0ms, 0, 0, 1.0));
    }
    { SamplesCsvWriter w(path, make_catalog()); }
    EXPECT_EQ(read_file(path), SamplesCsvWriter::kHeader);
}

}  // namespace
}  // namespace wattbench::core::record
