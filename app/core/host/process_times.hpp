#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wattbench::core::host {

// CPU time one process has used so far, from /proc/<pid>/stat.
struct ProcessTimes {
    int pid = 0;
    std::string name;               // comm: the executable's name, at most 15 characters
    std::uint64_t ticks = 0;        // utime + stime, in clock ticks, summed over its threads
    std::uint64_t start_ticks = 0;  // starttime after boot: tells a reused pid from its owner
};

// Parses the text of /proc/<pid>/stat. The name is what lies between the first '(' and the
// last ')', since a process may put spaces and parentheses into its own name. nullopt when the
// line is cut short or a field is not a number.
std::optional<ProcessTimes> parse_process_stat(std::string_view text);

// Every process under PROC_ROOT (its numeric directories), sorted by pid. A process that exits
// while being read is left out. The root is a parameter so tests can read a fixture tree.
std::vector<ProcessTimes> read_process_times(const std::string& proc_root = "/proc");

struct ProcessUse {
    int pid = 0;
    std::string name;
    double cpu_percent = 0.0;  // of one CPU, over the interval (a 4-thread spinner: ~400)
};

// The `count` processes that used the most CPU between two readings `seconds` apart (each sorted
// by pid, as read_process_times gives them), busiest first; processes that used none are left
// out. A pid in `after` only (or reused: another start time) started within the interval, so all
// of its time counts. Names are not compared: kernel workers rename themselves as they work.
std::vector<ProcessUse> busiest_processes(const std::vector<ProcessTimes>& before,
                                          const std::vector<ProcessTimes>& after, double seconds,
                                          double ticks_per_second, std::size_t count);

}  // namespace wattbench::core::host
