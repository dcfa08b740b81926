#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "app/core/load/cpu_topology.hpp"

namespace wattbench::core::remote {

// The line protocol `wattbench load …` speaks on stdout, which the controlling wattbench reads
// through ssh (docs/load-stream.md). One line per message, ASCII, `\n`-terminated:
//
//   hello proto=1 version=0.1.0        first line of every `wattbench load` invocation
//   fact cpu_model Intel(R) Xeon(R) …  probe: a host fact, the value runs to the end of the line
//   cpu cpu=0 package=0 core=0         probe: one logical CPU of the target's topology
//   allowed cpus=0,1,2,3               probe: the CPUs wattbench may use there (affinity)
//   ready load=cpu cpus=0,1            the load runs; cpus are the CPUs it is pinned to, or "-"
//   status dt=0.500 cpu_util=51.20 cpu0_util=99.80 disk_bytes=1048576
//                                      every interval: dt seconds since the previous status,
//                                      channel values (`-` when unavailable) and, for a disk
//                                      load, the bytes written since it started
//   error disk full                    the load failed; free text to the end of the line
//   end                                the invocation is over (stdin closed, or probe done)
//
// Fields are `key=value` separated by single spaces; keys are [a-z0-9_]+. Numbers are plain
// decimals; CPU lists are comma-separated in worker order (ranges "0-3" are read too). A status
// line's other keys are channel names, a hello line's others are ignored; on the other lines
// an unknown key, like any line that breaks these rules, is an error, so a wrong binary on the
// target is noticed, not misread.
inline constexpr int remote_protocol = 1;
inline constexpr std::size_t remote_max_line = 65536;

struct RemoteHello {
    int protocol = remote_protocol;
    std::string version;
};
struct RemoteFact {
    std::string key;
    std::string value;
};
struct RemoteCpu {
    load::LogicalCpu cpu;
};
struct RemoteAllowed {
    std::vector<int> cpus;
};
struct RemoteReady {
    std::string load;
    std::vector<int> cpus;
};
struct RemoteStatus {
    double dt = 0.0;
    // Channel name (host device channels: cpu_util, cpuN_util) → value; nullopt: unavailable.
    std::vector<std::pair<std::string, std::optional<double>>> values;
    std::optional<std::uint64_t> disk_bytes;
};
struct RemoteError {
    std::string message;
};
struct RemoteEnd {};

using RemoteLine = std::variant<RemoteHello, RemoteFact, RemoteCpu, RemoteAllowed, RemoteReady,
                                RemoteStatus, RemoteError, RemoteEnd>;

struct RemoteLineError {
    std::size_t offset = 0;  // byte offset in the line where it went wrong
    std::string message;
};

// Parses one line without its `\n` (a trailing `\r` is tolerated).
std::variant<RemoteLine, RemoteLineError> parse_remote_line(std::string_view line);

// The line for a message, with its `\n`; parse_remote_line reads it back.
std::string format_remote_line(const RemoteLine& line);

// "0,1,0": one entry per worker in order, "-" when empty.
std::string format_cpu_list(const std::vector<int>& cpus);

}  // namespace wattbench::core::remote
