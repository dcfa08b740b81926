#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "app/cli/commands.hpp"
#include "drivers/builtin_registry.hpp"

namespace wattbench::cli {

namespace {

std::string read_line(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::string s;
    std::getline(in, s);
    return s;
}

// Serial ports with the USB identity the kernel knows for them; instrument-specific probing
// belongs to the drivers that speak their protocols.
void scan_serial() {
    namespace fs = std::filesystem;
    std::error_code ec;
    int found = 0;
    for (const auto& e : fs::directory_iterator("/sys/class/tty", ec)) {
        const std::string name = e.path().filename().string();
        if (name.rfind("ttyUSB", 0) != 0 && name.rfind("ttyACM", 0) != 0) {
            continue;
        }
        fs::path dev = fs::canonical(e.path() / "device", ec);
        std::string vid, pid, product;
        for (fs::path p = dev; !p.empty() && p != p.root_path(); p = p.parent_path()) {
            if (fs::exists(p / "idVendor", ec)) {
                vid = read_line(p / "idVendor");
                pid = read_line(p / "idProduct");
                product = read_line(p / "product");
                break;
            }
        }
        fmt::print("  serial  /dev/{:<10} usb {}:{} {}\n", name, vid.empty() ? "?" : vid,
                   pid.empty() ? "?" : pid, product);
        ++found;
    }
    if (fs::exists("/dev/ipmi0", ec)) {
        fmt::print("  ipmi    /dev/ipmi0 (in-band BMC: connection ipmi://local)\n");
        ++found;
    }
    if (found == 0) {
        fmt::print(
            "  no serial instruments or local BMC found (sim devices are always available)\n");
    }
}

}  // namespace

int devices_command(bool scan) {
    fmt::print("drivers:\n");
    for (const auto& d : drivers::builtin_registry().drivers()) {
        fmt::print("  {:<16} {:<10} {:<28} {}\n", d.name, d.transports, d.example_connection,
                   d.description);
    }
    if (scan) {
        fmt::print("found:\n");
        scan_serial();
    }
    return kExitOk;
}

}  // namespace wattbench::cli
