#include "app/core/host/host_facts.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <utility>

namespace wattbench::core::host {

namespace {

std::string read_first_line(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return line;
}

std::string trim(std::string s) {
    const auto b = s.find_first_not_of(" \t\"");
    const auto e = s.find_last_not_of(" \t\"");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

std::string value_after_colon(const std::string& line) {
    auto pos = line.find(':');
    return pos == std::string::npos ? std::string() : trim(line.substr(pos + 1));
}

void read_cpuinfo(const std::string& root, HostFacts& f) {
    std::ifstream in(root + "/proc/cpuinfo");
    std::string line;
    unsigned processors = 0;
    while (std::getline(in, line)) {
        if (line.rfind("processor", 0) == 0) {
            ++processors;
        } else if (f.cpu_model.empty() && line.rfind("model name", 0) == 0) {
            f.cpu_model = value_after_colon(line);
        }
    }
    if (processors > 0) {
        f.logical_cpus = processors;
    }
}

// Physical cores are distinct (package, sibling list) pairs: SMT siblings share their
// thread_siblings_list. core_id is the fallback only, since it repeats within a package on parts
// with several dies.
void read_topology(const std::string& root, HostFacts& f) {
    namespace fs = std::filesystem;
    std::set<std::pair<std::string, std::string>> cores;
    std::set<std::string> packages;
    std::error_code ec;
    const fs::path base = root + "/sys/devices/system/cpu";
    for (const auto& entry : fs::directory_iterator(base, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.size() < 4 || name.rfind("cpu", 0) != 0 ||
            name.find_first_not_of("0123456789", 3) != std::string::npos) {
            continue;
        }
        const std::string pkg =
            read_first_line((entry.path() / "topology/physical_package_id").string());
        const std::string core = read_first_line((entry.path() / "topology/core_id").string());
        if (core.empty()) {
            continue;
        }
        const std::string siblings =
            read_first_line((entry.path() / "topology/thread_siblings_list").string());
        cores.emplace(pkg, siblings.empty() ? "core " + core : siblings);
        packages.insert(pkg);
    }
    if (!cores.empty()) {
        f.physical_cores = static_cast<unsigned>(cores.size());
        f.packages = static_cast<unsigned>(packages.size());
    } else {
        f.physical_cores = f.logical_cpus;
    }
}

std::string read_os(const std::string& root) {
    std::ifstream in(root + "/etc/os-release");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("PRETTY_NAME=", 0) == 0) {
            return trim(line.substr(12));
        }
    }
    return {};
}

std::uint64_t read_memory(const std::string& root) {
    std::ifstream in(root + "/proc/meminfo");
    std::string key;
    std::uint64_t kib = 0;
    std::string unit;
    while (in >> key >> kib) {
        std::getline(in, unit);
        if (key == "MemTotal:") {
            return kib * 1024;
        }
    }
    return 0;
}

}  // namespace

HostFacts read_host_facts(const std::string& root) {
    HostFacts f;
    read_cpuinfo(root, f);
    if (root.empty()) {
        if (long n = sysconf(_SC_NPROCESSORS_ONLN); n > 0) {
            f.logical_cpus = static_cast<unsigned>(n);
        }
        char host[256] = {};
        if (gethostname(host, sizeof host - 1) == 0) {
            f.hostname = host;
        }
        utsname u{};
        if (uname(&u) == 0) {
            f.kernel = std::string(u.sysname) + " " + u.release + " " + u.version;
        }
    } else {
        f.hostname = read_first_line(root + "/etc/hostname");
        f.kernel = read_first_line(root + "/proc/version");
    }
    read_topology(root, f);
    f.os = read_os(root);
    f.memory_bytes = read_memory(root);
    return f;
}

nlohmann::json to_json(const HostFacts& f) {
    return nlohmann::json{{"hostname", f.hostname},
                          {"cpu_model", f.cpu_model},
                          {"logical_cpus", f.logical_cpus},
                          {"physical_cores", f.physical_cores},
                          {"packages", f.packages},
                          {"kernel", f.kernel},
                          {"os", f.os},
                          {"memory_bytes", f.memory_bytes}};
}

}  // namespace wattbench::core::host
