#include "drivers/transport/serial_scan.hpp"

#include <libserialport.h>

#include <algorithm>
#include <array>
#include <cctype>

namespace wattbench::drivers::transport {
namespace {

using namespace std::string_view_literals;

constexpr std::string_view serial_drivers = "yokogawa-wt310, yokogawa-wt210, eastron-sdm";

// Sources: protocols.md (Yokogawa USBTMC 0b21:0025, Watts up? on an FTDI FT232R 0403:6001,
// CEM DT-8852 on a CP2102) and the chips' vendors' published IDs for the adapters.
constexpr std::array<KnownUsbDevice, 16> table = {{
    {0x0b21, 0x0025, ""sv, "wattmeter"sv, "Yokogawa WT300 series (USBTMC)"sv, "yokogawa-wt310"sv,
     "USBTMC is not a serial port: connect as usbtmc://0b21:0025[/SERIAL], or through the "
     "meter's RS-232 or Ethernet (tcp://) interface"sv},
    {0x0b21, std::nullopt, ""sv, "wattmeter"sv, "Yokogawa instrument"sv,
     "yokogawa-wt310, yokogawa-wt210"sv, ""sv},
    {0x0403, 0x6001, "watts"sv, "wattmeter"sv, "Watts up? PRO / .NET (FTDI FT232R)"sv,
     "wattsup-pro"sv, "115200 baud (older meters 19200)"sv},
    {0x0403, 0x6001, ""sv, "serial adapter"sv, "FTDI FT232R USB-serial"sv,
     "wattsup-pro, yokogawa-wt310, yokogawa-wt210, eastron-sdm"sv,
     "a Watts up? PRO shows up as this chip too"sv},
    {0x0403, 0x6010, ""sv, "serial adapter"sv, "FTDI FT2232 USB-serial"sv, serial_drivers, ""sv},
    {0x0403, 0x6011, ""sv, "serial adapter"sv, "FTDI FT4232 USB-serial"sv, serial_drivers, ""sv},
    {0x0403, 0x6014, ""sv, "serial adapter"sv, "FTDI FT232H USB-serial"sv, serial_drivers, ""sv},
    {0x0403, 0x6015, ""sv, "serial adapter"sv, "FTDI FT231X/FT230X USB-serial"sv, serial_drivers,
     ""sv},
    {0x067b, 0x2303, ""sv, "serial adapter"sv, "Prolific PL2303 USB-serial"sv, serial_drivers,
     ""sv},
    {0x067b, 0x23a3, ""sv, "serial adapter"sv, "Prolific PL2303GC USB-serial"sv, serial_drivers,
     ""sv},
    {0x1a86, 0x7523, ""sv, "serial adapter"sv, "WCH CH340 USB-serial"sv, serial_drivers, ""sv},
    {0x1a86, 0x5523, ""sv, "serial adapter"sv, "WCH CH341 USB-serial"sv, serial_drivers, ""sv},
    {0x1a86, 0x55d4, ""sv, "serial adapter"sv, "WCH CH9102 USB-serial"sv, serial_drivers, ""sv},
    {0x10c4, 0xea60, ""sv, "serial adapter"sv, "Silicon Labs CP210x USB-serial"sv, serial_drivers,
     "a CEM DT-8852 sound level meter uses this chip (9600 8N1)"sv},
    {0x0557, 0x2008, ""sv, "serial adapter"sv, "ATEN UC-232A USB-serial"sv, serial_drivers, ""sv},
    {0x2341, std::nullopt, ""sv, "serial adapter"sv, "Arduino (USB CDC serial)"sv, ""sv, ""sv},
}};

bool contains_nocase(std::string_view hay, std::string_view needle) {
    if (needle.empty()) {
        return true;
    }
    auto it = std::search(hay.begin(), hay.end(), needle.begin(), needle.end(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) ==
               std::tolower(static_cast<unsigned char>(b));
    });
    return it != hay.end();
}

std::string text(const char* s) {
    return s ? std::string(s) : std::string();
}

}  // namespace

std::span<const KnownUsbDevice> known_usb_devices() {
    return table;
}

const KnownUsbDevice* identify_usb(std::uint16_t vid, std::uint16_t pid, std::string_view product) {
    const KnownUsbDevice* vendor_wide = nullptr;
    for (const auto& k : table) {
        if (k.vid != vid || !contains_nocase(product, k.product_contains)) {
            continue;
        }
        if (k.pid && *k.pid == pid) {
            return &k;
        }
        if (!k.pid && !vendor_wide) {
            vendor_wide = &k;
        }
    }
    return vendor_wide;
}

std::vector<SerialPortInfo> list_serial_ports() {
    std::vector<SerialPortInfo> out;
    sp_port** ports = nullptr;
    if (sp_list_ports(&ports) != SP_OK || !ports) {
        return out;
    }
    for (sp_port** p = ports; *p; ++p) {
        SerialPortInfo info;
        info.path = text(sp_get_port_name(*p));
        info.description = text(sp_get_port_description(*p));
        switch (sp_get_port_transport(*p)) {
            case SP_TRANSPORT_USB: {
                info.bus = "usb";
                int vid = 0;
                int pid = 0;
                if (sp_get_port_usb_vid_pid(*p, &vid, &pid) == SP_OK) {
                    info.vid = static_cast<std::uint16_t>(vid);
                    info.pid = static_cast<std::uint16_t>(pid);
                }
                info.manufacturer = text(sp_get_port_usb_manufacturer(*p));
                info.product = text(sp_get_port_usb_product(*p));
                info.serial = text(sp_get_port_usb_serial(*p));
                break;
            }
            case SP_TRANSPORT_BLUETOOTH:
                info.bus = "bluetooth";
                break;
            default:
                info.bus = "native";
                break;
        }
        out.push_back(std::move(info));
    }
    sp_free_port_list(ports);
    std::sort(out.begin(), out.end(),
              [](const SerialPortInfo& a, const SerialPortInfo& b) { return a.path < b.path; });
    return out;
}

}  // namespace wattbench::drivers::transport
