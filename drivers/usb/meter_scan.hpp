#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace wattbench::drivers::usb {

// A USB sound level meter found on the bus, for `wattbench devices --scan`.
struct FoundMeter {
    std::string driver;      // "wensn-ws1361", "gm1356"
    std::string connection;  // "usb://16c0:05dc" (with ?serial=… when it has one)
    std::string product;     // the descriptor's product string; empty when unreadable
    std::string note;        // "permission denied: …" when it could not be opened
};

// Lists present devices with the meters' VID:PIDs. Never fails: no libusb, no bus or no
// device all give an empty list.
std::vector<FoundMeter> scan_sound_meters();

}  // namespace wattbench::drivers::usb
