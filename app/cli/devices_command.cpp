#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "app/cli/commands.hpp"
#include "drivers/builtin_registry.hpp"
#include "drivers/catalogue/usb_catalogue.hpp"
#include "drivers/transport/serial_scan.hpp"
#include "drivers/transport/usbtmc_scan.hpp"
#include "drivers/usb/meter_scan.hpp"

namespace wattbench::cli {

namespace {

// Serial ports with their USB identity and the driver a known adapter or instrument most
// likely needs; instrument-specific probing belongs to the drivers that speak the protocols.
// Each bus has its own scan function printing `  <kind>  <where>  …` lines.
int scan_serial() {
    int found = 0;
    for (const auto& p : drivers::transport::list_serial_ports()) {
        std::string line = fmt::format("  serial  {:<14}", p.path);
        if (p.vid && p.pid) {
            line += fmt::format(" usb {:04x}:{:04x}", *p.vid, *p.pid);
            std::string who;
            for (const auto* part : {&p.manufacturer, &p.product}) {
                if (!part->empty()) {
                    who += (who.empty() ? "" : " / ") + *part;
                }
            }
            line += who.empty() ? "" : "  " + who;
            line += p.serial.empty() ? "" : "  serial " + p.serial;
            // An analyzer's CDC port by the ID its driver declares; else the adapter table.
            const auto analyzers = drivers::catalogue::drivers_for_usb(*p.vid, *p.pid);
            if (!analyzers.empty()) {
                line += "\n          → " +
                        drivers::catalogue::describe(analyzers, "serial://" + p.path);
            } else if (const auto* k =
                           drivers::transport::identify_usb(*p.vid, *p.pid, p.product)) {
                line += fmt::format("\n          → {}: {}", k->kind, k->name);
                if (!k->drivers.empty()) {
                    line += fmt::format("; driver {}", k->drivers);
                }
                if (!k->note.empty()) {
                    line += fmt::format(" ({})", k->note);
                }
            }
        } else {
            line += fmt::format(" {}  {}", p.bus, p.description);
        }
        fmt::print("{}\n", line);
        ++found;
    }
    return found;
}

// USB sound level meters (not serial devices, so not in the serial scan).
int scan_usb_meters() {
    int found = 0;
    for (const auto& m :
         drivers::usb::scan_sound_meters(drivers::catalogue::builtin_usb_models())) {
        fmt::print("  usb     {:<28} driver {}{}{}\n", m.connection, m.driver,
                   m.product.empty() ? "" : "  " + m.product,
                   m.note.empty() ? "" : "  (" + m.note + ")");
        ++found;
    }
    return found;
}

// USBTMC instruments (analyzers on their USB port), named by the IDs their drivers declare.
int scan_usbtmc_instruments() {
    int found = 0;
    for (const auto& u : drivers::transport::scan_usbtmc()) {
        std::string who = u.manufacturer;
        who += (who.empty() || u.product.empty() ? "" : " / ") + u.product;
        fmt::print("  usbtmc  {:<28}{}{}\n", u.connection, who.empty() ? "" : "  " + who,
                   u.note.empty() ? "" : "  (" + u.note + ")");
        const auto analyzers = drivers::catalogue::drivers_for_usb(u.vid, u.pid);
        if (!analyzers.empty()) {
            fmt::print("          → {}\n", drivers::catalogue::describe(analyzers, u.connection));
        }
        ++found;
    }
    return found;
}

int scan_ipmi() {
    std::error_code ec;
    if (std::filesystem::exists("/dev/ipmi0", ec)) {
        fmt::print("  ipmi    /dev/ipmi0 (in-band BMC: connection ipmi://local)\n");
        return 1;
    }
    return 0;
}

// Only hosts the user names: a BMC is never looked for on the network. The factory checks the
// connection string without any I/O.
int list_redfish(const std::vector<std::string>& hosts) {
    int found = 0;
    for (const auto& host : hosts) {
        drivers::api::DeviceConfig config{"bmc", "redfish", "redfish://USER@" + host, {}};
        auto device = drivers::builtin_registry().create(config);
        if (const auto* e = std::get_if<drivers::api::DeviceError>(&device)) {
            fmt::print("  redfish {:<14} not a host name: {}\n", host, e->message);
            continue;
        }
        fmt::print(
            "  redfish {:<14} connection redfish://USER@{}  driver redfish (named with "
            "--redfish, not probed)\n",
            host, host);
        ++found;
    }
    return found;
}

}  // namespace

int devices_command(bool scan, const std::vector<std::string>& redfish_hosts) {
    fmt::print("drivers:\n");
    const auto& all = drivers::builtin_registry().drivers();
    // Columns as wide as their longest entry, so "IPMI 2.0 LAN" or a long example connection
    // does not push the rest of its line out of line.
    std::size_t name_w = 0, transport_w = 0, example_w = 0;
    for (const auto* d : all) {
        name_w = std::max(name_w, d->name.size());
        transport_w = std::max(transport_w, d->transports.size());
        example_w = std::max(example_w, d->example_connection.size());
    }
    for (const auto* d : all) {
        fmt::print("  {:<{}}  {:<{}}  {:<{}}  {}\n", d->name, name_w, d->transports, transport_w,
                   d->example_connection, example_w, d->description);
    }
    if (scan) {
        fmt::print("found:\n");
        const int found = scan_serial() + scan_usb_meters() + scan_usbtmc_instruments() +
                          scan_ipmi() + list_redfish(redfish_hosts);
        if (found == 0) {
            fmt::print(
                "  no serial ports, USB sound meters or local BMC found (pseudo-terminals "
                "and tcp:// bridges are not listed; sim devices are always available)\n");
        }
    }
    return kExitOk;
}

}  // namespace wattbench::cli
