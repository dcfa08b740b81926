#include "app/core/remote/remote_load_line.hpp"

#include <gtest/gtest.h>

namespace wattbench::core::remote {
namespace {

RemoteLine parsed(std::string_view text) {
    auto r = parse_remote_line(text);
    if (auto* e = std::get_if<RemoteLineError>(&r)) {
        ADD_FAILURE() << "'" << text << "': byte " << e->offset << ": " << e->message;
        return RemoteEnd{};
    }
    return std::get<RemoteLine>(r);
}

std::string error_of(std::string_view text) {
    auto r = parse_remote_line(text);
    if (auto* e = std::get_if<RemoteLineError>(&r)) {
        return std::to_string(e->offset) + ": " + e->message;
    }
    return "(parsed)";
}

TEST(RemoteLoadLine, FormatsEveryKindByteExact) {
    EXPECT_EQ(format_remote_line(RemoteHello{1, "0.1.0"}), "hello proto=1 version=0.1.0\n");
    EXPECT_EQ(format_remote_line(RemoteFact{"cpu_model", "Intel(R) Xeon(R) E-2234"}),
              "fact cpu_model Intel(R) Xeon(R) E-2234\n");
    EXPECT_EQ(format_remote_line(RemoteCpu{{3, 1, 7}}), "cpu cpu=3 package=1 core=7\n");
    EXPECT_EQ(format_remote_line(RemoteAllowed{{0, 1, 2, 3}}), "allowed cpus=0,1,2,3\n");
    EXPECT_EQ(format_remote_line(RemoteReady{"cpu", {0, 2, 0}}), "ready load=cpu cpus=0,2,0\n");
    EXPECT_EQ(format_remote_line(RemoteReady{"idle", {}}), "ready load=idle cpus=-\n");
    RemoteStatus s;
    s.dt = 0.5004;
    s.values = {{"cpu_util", 51.234}, {"cpu0_util", 99.999}, {"cpu1_util", std::nullopt}};
    s.disk_bytes = 1048576;
    EXPECT_EQ(format_remote_line(s),
              "status dt=0.500 cpu_util=51.23 cpu0_util=100.00 cpu1_util=- disk_bytes=1048576\n");
    EXPECT_EQ(format_remote_line(RemoteError{"disk full\nsecond line\x01"}),
              "error disk full second line \n");
    EXPECT_EQ(format_remote_line(RemoteEnd{}), "end\n");
}

TEST(RemoteLoadLine, ParsesWhatTheTargetWrites) {
    const auto h = std::get<RemoteHello>(parsed("hello proto=1 version=0.1.0"));
    EXPECT_EQ(h.protocol, 1);
    EXPECT_EQ(h.version, "0.1.0");
    const auto f = std::get<RemoteFact>(parsed("fact kernel Linux 6.1.0-13-amd64 #1 SMP"));
    EXPECT_EQ(f.key, "kernel");
    EXPECT_EQ(f.value, "Linux 6.1.0-13-amd64 #1 SMP");
    const auto c = std::get<RemoteCpu>(parsed("cpu cpu=12 package=1 core=4"));
    EXPECT_EQ(c.cpu.cpu, 12);
    EXPECT_EQ(c.cpu.package, 1);
    EXPECT_EQ(c.cpu.core, 4);
    EXPECT_EQ(std::get<RemoteAllowed>(parsed("allowed cpus=0-3,8")).cpus,
              (std::vector<int>{0, 1, 2, 3, 8}));
    const auto r = std::get<RemoteReady>(parsed("ready load=cpu cpus=1,0"));
    EXPECT_EQ(r.load, "cpu");
    EXPECT_EQ(r.cpus, (std::vector<int>{1, 0}));
    EXPECT_TRUE(std::get<RemoteReady>(parsed("ready load=idle cpus=-")).cpus.empty());
    const auto s = std::get<RemoteStatus>(
        parsed("status dt=0.250 cpu_util=51.20 cpu0_util=- disk_bytes=18446744073709551615\r"));
    EXPECT_DOUBLE_EQ(s.dt, 0.25);
    ASSERT_EQ(s.values.size(), 2u);
    EXPECT_EQ(s.values[0].first, "cpu_util");
    EXPECT_DOUBLE_EQ(*s.values[0].second, 51.2);
    EXPECT_EQ(s.values[1].first, "cpu0_util");
    EXPECT_FALSE(s.values[1].second);
    EXPECT_EQ(*s.disk_bytes, 18446744073709551615ull);
    EXPECT_EQ(std::get<RemoteError>(parsed("error no space left on device")).message,
              "no space left on device");
    EXPECT_TRUE(std::holds_alternative<RemoteEnd>(parsed("end")));
}

TEST(RemoteLoadLine, RoundTrips) {
    RemoteStatus s;
    s.dt = 1.0;
    s.values = {{"cpu_util", 12.5}, {"cpu3_util", std::nullopt}};
    const auto back = std::get<RemoteStatus>(
        parsed(format_remote_line(s).substr(0, format_remote_line(s).size() - 1)));
    EXPECT_EQ(back.values, s.values);
    EXPECT_DOUBLE_EQ(back.dt, 1.0);
}

TEST(RemoteLoadLine, NewerHelloKeysAreIgnoredOtherUnknownKeysAreNot) {
    EXPECT_EQ(std::get<RemoteHello>(parsed("hello proto=2 version=0.2.0 features=x")).protocol, 2);
    EXPECT_EQ(error_of("ready load=cpu cpus=0 extra=1"), "22: unknown key 'extra' in a ready line");
    EXPECT_EQ(error_of("cpu cpu=0 package=0 core=0 smt=1"), "27: unknown key 'smt' in a cpu line");
}

TEST(RemoteLoadLine, BrokenLinesSayWhereAndWhy) {
    EXPECT_EQ(error_of(""), "0: empty line");
    EXPECT_EQ(error_of("bogus x=1"), "0: unknown line kind 'bogus'");
    EXPECT_EQ(error_of("status"), "6: a status line needs fields");
    EXPECT_EQ(error_of("status cpu_util=1"), "17: a status line needs dt=");
    EXPECT_EQ(error_of("status dt=1 cpu_util=nan"), "12: cpu_util: expected a number or -");
    EXPECT_EQ(error_of("status dt=1 cpu_util=1e5"), "12: cpu_util: expected a number or -");
    EXPECT_EQ(error_of("status dt=-1"), "7: dt: expected seconds");
    EXPECT_EQ(error_of("status dt=1  cpu_util=1"), "12: expected key=value");
    EXPECT_EQ(error_of("status dt=1 "), "11: trailing space");
    EXPECT_EQ(error_of("status dt=1 dt=2"), "12: dt: given twice");
    EXPECT_EQ(error_of("status dt=1 Cpu=1"), "12: a key is made of a-z, 0-9 and _");
    EXPECT_EQ(error_of("status dt="), "10: dt: empty value");
    EXPECT_EQ(error_of("status dt=1 disk_bytes=-1"), "12: disk_bytes: expected a byte count");
    EXPECT_EQ(error_of("hello version=1"), "15: a hello line needs proto=");
    EXPECT_EQ(error_of("hello proto=0"), "6: proto: expected a protocol number");
    EXPECT_EQ(error_of("cpu cpu=0 package=0"), "19: a cpu line needs core=");
    EXPECT_EQ(error_of("cpu cpu=x package=0 core=0"), "4: cpu: expected a number");
    EXPECT_EQ(error_of("allowed cpus=3-1"), "8: cpus: expected a CPU list such as 0,1 or -");
    EXPECT_EQ(error_of("ready cpus=0"), "12: a ready line needs load=");
    EXPECT_EQ(error_of("fact Bad value"),
              "5: a fact line starts with a key made of a-z, 0-9 and _");
    EXPECT_EQ(error_of("end now"), "3: an end line has nothing after 'end'");
    EXPECT_EQ(error_of("error a\tb"), "7: control byte 0x09");
    EXPECT_EQ(error_of(std::string(remote_max_line + 1, 'a')), "65536: line too long");
}

}  // namespace
}  // namespace wattbench::core::remote
