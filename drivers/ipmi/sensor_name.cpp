#include "drivers/ipmi/sensor_name.hpp"

namespace wattbench::drivers::ipmi {

std::string sensor_channel_name(std::string_view sensor_name) {
    // SDR ID strings are often space-padded to 16 bytes.
    while (!sensor_name.empty() && (sensor_name.back() == ' ' || sensor_name.back() == '\0')) {
        sensor_name.remove_suffix(1);
    }
    std::string out;
    out.reserve(sensor_name.size());
    for (char ch : sensor_name) {
        const unsigned char c = static_cast<unsigned char>(ch);
        if (c >= 'A' && c <= 'Z') {
            out += static_cast<char>(c - 'A' + 'a');
        } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            out += static_cast<char>(c);
        } else {
            out += '_';
        }
    }
    return out.empty() ? "sensor" : out;
}

}  // namespace wattbench::drivers::ipmi
