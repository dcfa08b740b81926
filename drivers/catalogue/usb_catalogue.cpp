#include "drivers/catalogue/usb_catalogue.hpp"

#include <algorithm>

namespace wattbench::drivers::catalogue {
namespace {

// `a` and `b` joined by ", ", each once.
void add_once(std::vector<std::string>& list, const std::string& item) {
    if (std::find(list.begin(), list.end(), item) == list.end()) {
        list.push_back(item);
    }
}

std::string joined(const std::vector<std::string>& list, const char* separator) {
    std::string out;
    for (const auto& item : list) {
        out += (out.empty() ? "" : separator) + item;
    }
    return out;
}

}  // namespace

const std::vector<api::UsbDeclaration>& builtin_usb_models() {
    static const std::vector<api::UsbDeclaration> all = [] {
        std::vector<api::UsbDeclaration> out;
        add_builtin_usb_models(out);
        return out;
    }();
    return all;
}

std::vector<api::UsbDeclaration> drivers_for_usb(std::span<const api::UsbDeclaration> declared,
                                                 std::uint16_t vendor, std::uint16_t product) {
    std::vector<api::UsbDeclaration> exact;
    std::vector<api::UsbDeclaration> vendor_wide;
    for (const auto& d : declared) {
        if (d.model.vendor != vendor) {
            continue;
        }
        if (!d.model.product) {
            vendor_wide.push_back(d);
        } else if (*d.model.product == product) {
            exact.push_back(d);
        }
    }
    return exact.empty() ? vendor_wide : exact;
}

std::vector<api::UsbDeclaration> drivers_for_usb(std::uint16_t vendor, std::uint16_t product) {
    return drivers_for_usb(builtin_usb_models(), vendor, product);
}

std::string describe(std::span<const api::UsbDeclaration> matches, const std::string& connection) {
    if (matches.empty()) {
        return {};
    }
    std::vector<std::string> kinds, names, drivers;
    bool confirmed = true;
    for (const auto& m : matches) {
        add_once(kinds, m.model.kind);
        add_once(names, m.model.description);
        add_once(drivers, m.driver);
        confirmed = confirmed && m.model.confirmed;
    }
    std::string out = joined(kinds, ", ") + ": " + joined(names, " / ");
    if (!matches.front().model.product) {
        out += " (by vendor ID only)";
    } else if (!confirmed) {
        out += " (ID UNCONFIRMED)";
    }
    out += drivers.size() == 1 ? "; driver " : "; drivers ";
    out += joined(drivers, ", ");
    if (!connection.empty()) {
        out += ", connection " + connection;
    }
    return out;
}

}  // namespace wattbench::drivers::catalogue
