#include "drivers/wattsup/codec.hpp"

#include <charconv>

namespace wattbench::drivers::wattsup {
namespace {

constexpr std::size_t max_packet = 512;

// Where each record field lands: channel and divisor. Index = position among the 18 fields
// W,V,A,WH,Cost,WH/Mo,Cost/Mo,Wmax,Vmax,Amax,Wmin,Vmin,Amin,PF,DC,PC,Hz,VA.
struct FieldMap {
    std::size_t field;
    std::size_t channel;
    double divisor;
};
constexpr FieldMap record_fields[] = {
    {0, power, 10.0},          {1, voltage, 10.0},    {2, current, 1000.0},       {3, energy, 10.0},
    {13, power_factor, 100.0}, {16, frequency, 10.0}, {17, apparent_power, 10.0},
};

}  // namespace

std::string version_request() {
    return "#V,R,0;";
}

std::string logging_request(int interval_s) {
    return "#L,W,3,E,," + std::to_string(interval_s) + ";";
}

std::string stop_request() {
    return "#L,W,0;";
}

common::Scan scan_packet(std::span<const std::uint8_t> b) {
    std::size_t start = 0;
    while (start < b.size() && b[start] != '#') {
        ++start;
    }
    for (std::size_t i = start + 1; i < b.size(); ++i) {
        if (b[i] == ';') {
            return {start, i - start + 1};
        }
        if (b[i] == '#') {
            return {i, 0};  // torn packet: restart at the new '#'
        }
        if (i - start + 1 > max_packet) {
            return {start + 1, 0};
        }
    }
    return {start, 0};
}

std::variant<Packet, std::string> parse_packet(std::span<const std::uint8_t> frame) {
    std::string text;
    for (auto c : frame) {
        if (c != '\r' && c != '\n' && c != '\t') {
            text.push_back(static_cast<char>(c));
        }
    }
    if (text.size() < 2 || text.front() != '#' || text.back() != ';') {
        return std::string("not a packet");
    }
    std::vector<std::string> parts;
    std::string_view body(text.data() + 1, text.size() - 2);
    for (;;) {
        auto comma = body.find(',');
        parts.emplace_back(body.substr(0, comma));
        if (comma == std::string_view::npos) {
            break;
        }
        body.remove_prefix(comma + 1);
    }
    if (parts.size() < 3 || parts[0].size() != 1) {
        return std::string("packet without command, subcommand and count");
    }
    int n = -1;
    const auto& count = parts[2];
    auto [p, ec] = std::from_chars(count.data(), count.data() + count.size(), n);
    if (ec != std::errc() || p != count.data() + count.size() || n < 0) {
        return "argument count '" + count + "' is not a number";
    }
    if (static_cast<std::size_t>(n) != parts.size() - 3) {
        return "packet says " + std::to_string(n) + " arguments, has " +
               std::to_string(parts.size() - 3);
    }
    Packet out;
    out.command = parts[0][0];
    out.sub = parts[1];
    out.args.assign(parts.begin() + 3, parts.end());
    return out;
}

std::variant<std::vector<api::Reading>, std::string> decode_record(const Packet& p) {
    if (p.command != 'd') {
        return std::string("not a data record");
    }
    if (p.args.size() != 18) {
        return "record with " + std::to_string(p.args.size()) + " fields, expected 18";
    }
    std::vector<api::Reading> out(channel_count);
    for (const auto& f : record_fields) {
        auto& r = out[f.channel];
        r.channel = f.channel;
        const auto& a = p.args[f.field];
        if (a == "_" || a.empty()) {
            r.status = api::Status::unavailable;
            continue;
        }
        long long v = 0;
        auto [q, ec] = std::from_chars(a.data(), a.data() + a.size(), v);
        if (ec != std::errc() || q != a.data() + a.size()) {
            return "field " + std::to_string(f.field + 1) + " '" + a.substr(0, 16) +
                   "' is not an integer";
        }
        r.value = static_cast<double>(v) / f.divisor;
        r.status = api::Status::ok;
    }
    return out;
}

std::optional<api::DeviceIdentity> decode_version(const Packet& p) {
    if (p.command != 'v' || p.args.size() != 8) {
        return std::nullopt;
    }
    api::DeviceIdentity id;
    id.vendor = "Watts up?";
    // The protocol document numbers models without naming them; keep the number.
    id.model = "model " + p.args[0];
    id.firmware = p.args[4] + "." + p.args[5] + " (" + p.args[6] + ")";
    id.serial = "";
    return id;
}

}  // namespace wattbench::drivers::wattsup
