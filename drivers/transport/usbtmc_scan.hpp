#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace wattbench::drivers::transport {

// A device with a USBTMC interface, for `wattbench devices --scan`. Which analyzer it is comes
// from the IDs the drivers declare (drivers/catalogue), not from here.
struct FoundUsbtmc {
    std::string connection;  // "usbtmc://0b21:0025/91K000001" (no "/SERIAL" when it has none)
    std::uint16_t vid = 0;
    std::uint16_t pid = 0;
    std::string manufacturer;
    std::string product;
    std::string note;  // "permission denied: …" when its strings could not be read
};

// Lists the USBTMC interfaces on the bus. Never fails: no libusb, no bus or no device all give
// an empty list.
std::vector<FoundUsbtmc> scan_usbtmc();

}  // namespace wattbench::drivers::transport
