#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace wattbench::drivers::transport {

// A serial port as the system lists it, with its USB identity when it sits on USB.
struct SerialPortInfo {
    std::string path;         // /dev/ttyUSB0
    std::string description;  // libserialport's one-line description
    std::string bus;          // "usb", "native", "bluetooth"
    std::optional<std::uint16_t> vid;
    std::optional<std::uint16_t> pid;
    std::string manufacturer;
    std::string product;
    std::string serial;
};

// Real serial ports through libserialport. Pseudo-terminals and socat/ser2net links are not
// listed (libserialport does not enumerate them); they are still usable by path.
std::vector<SerialPortInfo> list_serial_ports();

// What a USB ID most likely is, from a fixed table of instruments and USB-serial chips.
// `product_contains` narrows shared IDs by the product string (case-insensitive; empty: any).
struct KnownUsbDevice {
    std::uint16_t vid = 0;
    std::optional<std::uint16_t> pid;  // nullopt: any product of the vendor
    std::string_view product_contains;
    std::string_view kind;     // "wattmeter", "serial adapter", "sound level meter"
    std::string_view name;     // "Yokogawa WT300 series (USBTMC)"
    std::string_view drivers;  // wattbench drivers to try, comma-separated; may be empty
    std::string_view note;     // what to do with it, or empty
};

std::span<const KnownUsbDevice> known_usb_devices();

// The first table entry matching, exact product ID before vendor-wide ones.
const KnownUsbDevice* identify_usb(std::uint16_t vid, std::uint16_t pid, std::string_view product);

}  // namespace wattbench::drivers::transport
