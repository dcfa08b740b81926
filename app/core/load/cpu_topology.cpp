#include "app/core/load/cpu_topology.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <utility>

#include "app/core/load/cpu_list.hpp"

namespace wattbench::core::load {

namespace fs = std::filesystem;

namespace {

std::optional<int> read_int(const fs::path& path) {
    std::ifstream in(path);
    long long v = 0;
    if (!(in >> v)) {
        return std::nullopt;
    }
    return static_cast<int>(v);
}

std::optional<int> cpu_number(const std::string& name) {
    if (name.size() < 4 || name.compare(0, 3, "cpu") != 0) {
        return std::nullopt;
    }
    int n = 0;
    const char* first = name.data() + 3;
    const char* last = name.data() + name.size();
    const auto r = std::from_chars(first, last, n);
    if (r.ec != std::errc() || r.ptr != last) {
        return std::nullopt;
    }
    return n;
}

}  // namespace

std::size_t CpuTopology::packages() const {
    std::set<int> p;
    for (const auto& c : cpus) {
        p.insert(c.package);
    }
    return p.size();
}

std::size_t CpuTopology::physical_cores() const {
    std::set<std::pair<int, int>> cores;
    for (const auto& c : cpus) {
        cores.emplace(c.package, c.core);
    }
    return cores.size();
}

CpuTopology read_cpu_topology(const std::string& sysfs_root) {
    const fs::path base = fs::path(sysfs_root) / "devices/system/cpu";
    std::optional<std::vector<int>> online;
    {
        std::ifstream in(base / "online");
        std::string text;
        if (std::getline(in, text)) {
            online = parse_cpu_list(text);
        }
    }
    CpuTopology topo;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(base, ec)) {
        const auto n = cpu_number(entry.path().filename().string());
        if (!n) {
            continue;
        }
        if (online && std::find(online->begin(), online->end(), *n) == online->end()) {
            continue;
        }
        LogicalCpu c;
        c.cpu = *n;
        c.package = read_int(entry.path() / "topology/physical_package_id").value_or(0);
        c.core = read_int(entry.path() / "topology/core_id").value_or(*n);
        topo.cpus.push_back(c);
    }
    std::sort(topo.cpus.begin(), topo.cpus.end(),
              [](const LogicalCpu& a, const LogicalCpu& b) { return a.cpu < b.cpu; });
    return topo;
}

}  // namespace wattbench::core::load
