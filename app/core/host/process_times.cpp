#include "app/core/host/process_times.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <variant>

#include "drivers/transport/sysfs_file.hpp"

namespace wattbench::core::host {

namespace {

// Fields after the name, counted from `state` (field 3 of proc(5)): utime is field 14, stime 15,
// starttime 22.
constexpr std::size_t utime_index = 14 - 3;
constexpr std::size_t stime_index = 15 - 3;
constexpr std::size_t starttime_index = 22 - 3;

template <typename T>
std::optional<T> number(std::string_view text) {
    T v{};
    const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || r.ec != std::errc() || r.ptr != text.data() + text.size()) {
        return std::nullopt;
    }
    return v;
}

}  // namespace

std::optional<ProcessTimes> parse_process_stat(std::string_view text) {
    const auto open = text.find(" (");
    const auto close = text.rfind(')');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open + 2) {
        return std::nullopt;
    }
    ProcessTimes p;
    const auto pid = number<int>(text.substr(0, open));
    if (!pid) {
        return std::nullopt;
    }
    p.pid = *pid;
    p.name = std::string(text.substr(open + 2, close - open - 2));

    std::string_view rest = text.substr(close + 1);
    std::optional<std::uint64_t> utime;
    std::optional<std::uint64_t> stime;
    std::optional<std::uint64_t> starttime;
    for (std::size_t index = 0; index <= starttime_index; ++index) {
        while (!rest.empty() && rest.front() == ' ') {
            rest.remove_prefix(1);
        }
        const auto end = std::min(rest.find_first_of(" \n"), rest.size());
        const std::string_view field = rest.substr(0, end);
        if (field.empty()) {
            return std::nullopt;
        }
        if (index == utime_index) {
            utime = number<std::uint64_t>(field);
        } else if (index == stime_index) {
            stime = number<std::uint64_t>(field);
        } else if (index == starttime_index) {
            starttime = number<std::uint64_t>(field);
        }
        rest.remove_prefix(end);
    }
    if (!utime || !stime || !starttime) {
        return std::nullopt;
    }
    p.ticks = *utime + *stime;
    p.start_ticks = *starttime;
    return p;
}

std::vector<ProcessTimes> read_process_times(const std::string& proc_root) {
    std::vector<ProcessTimes> out;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(proc_root, ec)) {
        const std::string name = entry.path().filename().string();
        if (!number<int>(name)) {
            continue;
        }
        const auto text = drivers::transport::read_file(entry.path().string() + "/stat");
        if (const auto* s = std::get_if<std::string>(&text)) {
            if (auto p = parse_process_stat(*s)) {
                out.push_back(std::move(*p));
            }
        }
    }
    std::sort(out.begin(), out.end(),
              [](const ProcessTimes& a, const ProcessTimes& b) { return a.pid < b.pid; });
    return out;
}

std::vector<ProcessUse> busiest_processes(const std::vector<ProcessTimes>& before,
                                          const std::vector<ProcessTimes>& after, double seconds,
                                          double ticks_per_second, std::size_t count) {
    std::vector<std::pair<std::uint64_t, const ProcessTimes*>> used;
    for (const auto& a : after) {
        const auto it =
            std::lower_bound(before.begin(), before.end(), a.pid,
                             [](const ProcessTimes& p, int pid) { return p.pid < pid; });
        std::uint64_t start = 0;
        if (it != before.end() && it->pid == a.pid && it->start_ticks == a.start_ticks) {
            if (a.ticks < it->ticks) {
                continue;
            }
            start = it->ticks;
        }
        if (a.ticks > start) {
            used.emplace_back(a.ticks - start, &a);
        }
    }
    std::sort(used.begin(), used.end(), [](const auto& x, const auto& y) {
        return x.first != y.first ? x.first > y.first : x.second->pid < y.second->pid;
    });
    std::vector<ProcessUse> out;
    const double ticks_per_interval = seconds * ticks_per_second;
    for (std::size_t i = 0; i < used.size() && i < count; ++i) {
        out.push_back({used[i].second->pid, used[i].second->name,
                       ticks_per_interval > 0.0
                           ? 100.0 * static_cast<double>(used[i].first) / ticks_per_interval
                           : 0.0});
    }
    return out;
}

}  // namespace wattbench::core::host
