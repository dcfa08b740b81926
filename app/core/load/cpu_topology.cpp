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

// A list that leaves out the CPU itself is not a sibling list to trust.
int first_sibling(const fs::path& path, int cpu) {
    std::ifstream in(path);
    std::string text;
    if (!std::getline(in, text)) {
        return -1;
    }
    const auto list = parse_cpu_list(text);
    if (!list || std::find(list->begin(), list->end(), cpu) == list->end()) {
        return -1;
    }
    return *std::min_element(list->begin(), list->end());
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
    std::set<PhysicalCoreKey> cores;
    for (const auto& c : cpus) {
        cores.insert(physical_core_key(c));
    }
    return cores.size();
}

PhysicalCoreKey physical_core_key(const LogicalCpu& c) {
    // The middle element keeps a sibling-list key from meeting a core_id key of equal number.
    return c.first_sibling >= 0 ? PhysicalCoreKey{c.package, 0, c.first_sibling}
                                : PhysicalCoreKey{c.package, 1, c.core};
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
        c.first_sibling = first_sibling(entry.path() / "topology/thread_siblings_list", *n);
        topo.cpus.push_back(c);
    }
    std::sort(topo.cpus.begin(), topo.cpus.end(),
              [](const LogicalCpu& a, const LogicalCpu& b) { return a.cpu < b.cpu; });
    return topo;
}

}  // namespace wattbench::core::load
