#include "app/core/remote/remote_load_line.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "app/core/load/cpu_list.hpp"

namespace wattbench::core::remote {

namespace {

struct Field {
    std::string_view key;
    std::string_view value;
    std::size_t offset = 0;  // of the key
};

RemoteLineError error_at(std::size_t offset, std::string message) {
    return RemoteLineError{offset, std::move(message)};
}

bool key_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

bool valid_key(std::string_view k) {
    return !k.empty() && std::all_of(k.begin(), k.end(), key_char);
}

bool printable(char c) {
    const auto u = static_cast<unsigned char>(c);
    return u >= 0x20 && u != 0x7f;
}

// Splits "k=v k=v" starting at `base` in the whole line; nullopt fields mean a syntax error,
// reported through `err`.
std::optional<std::vector<Field>> split_fields(std::string_view rest, std::size_t base,
                                               RemoteLineError& err) {
    std::vector<Field> fields;
    std::size_t pos = 0;
    while (pos < rest.size()) {
        const std::size_t end = std::min(rest.find(' ', pos), rest.size());
        const std::string_view token = rest.substr(pos, end - pos);
        const std::size_t eq = token.find('=');
        if (token.empty() || eq == std::string_view::npos) {
            err = error_at(base + pos, "expected key=value");
            return std::nullopt;
        }
        Field f{token.substr(0, eq), token.substr(eq + 1), base + pos};
        if (!valid_key(f.key)) {
            err = error_at(base + pos, "a key is made of a-z, 0-9 and _");
            return std::nullopt;
        }
        if (f.value.empty()) {
            err = error_at(base + pos + eq + 1, fmt::format("{}: empty value", f.key));
            return std::nullopt;
        }
        for (const auto& seen : fields) {
            if (seen.key == f.key) {
                err = error_at(base + pos, fmt::format("{}: given twice", f.key));
                return std::nullopt;
            }
        }
        fields.push_back(f);
        if (end == rest.size()) {
            break;
        }
        pos = end + 1;
        if (pos == rest.size()) {
            err = error_at(base + end, "trailing space");
            return std::nullopt;
        }
    }
    return fields;
}

template <typename T>
std::optional<T> integer(std::string_view s) {
    T v{};
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size()) {
        return std::nullopt;
    }
    return v;
}

std::optional<double> decimal(std::string_view s) {
    // from_chars also takes "nan", "inf" and exponents; the protocol has plain decimals only.
    if (s.empty() || !std::all_of(s.begin(), s.end(), [](char c) {
            return (c >= '0' && c <= '9') || c == '.' || c == '-';
        })) {
        return std::nullopt;
    }
    double v = 0.0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size() || !std::isfinite(v)) {
        return std::nullopt;
    }
    return v;
}

std::optional<std::vector<int>> cpu_list(std::string_view s) {
    if (s == "-") {
        return std::vector<int>{};
    }
    return load::parse_cpu_list(s);
}

// Fetches the fields a line kind needs and refuses any other.
class Fields {
public:
    Fields(std::vector<Field> fields, std::string_view kind)
        : fields_(std::move(fields)), kind_(kind) {}

    const Field* find(std::string_view key) {
        for (auto& f : fields_) {
            if (f.key == key) {
                used_.push_back(key);
                return &f;
            }
        }
        return nullptr;
    }

    std::optional<RemoteLineError> unknown() const {
        for (const auto& f : fields_) {
            if (std::find(used_.begin(), used_.end(), f.key) == used_.end()) {
                return error_at(f.offset,
                                fmt::format("unknown key '{}' in a {} line", f.key, kind_));
            }
        }
        return std::nullopt;
    }

private:
    std::vector<Field> fields_;
    std::string_view kind_;
    std::vector<std::string_view> used_;
};

using Parsed = std::variant<RemoteLine, RemoteLineError>;

Parsed missing(std::string_view kind, std::string_view key, std::size_t at) {
    return error_at(at, fmt::format("a {} line needs {}=", kind, key));
}

Parsed parse_fields_line(std::string_view kind, std::string_view rest, std::size_t base,
                         std::size_t line_size) {
    RemoteLineError err;
    auto split = split_fields(rest, base, err);
    if (!split) {
        return err;
    }
    Fields f(std::move(*split), kind);
    const auto bad = [](const Field* field, std::string_view what) {
        return error_at(field->offset, fmt::format("{}: expected {}", field->key, what));
    };
    Parsed out = RemoteEnd{};
    if (kind == "hello") {
        const Field* proto = f.find("proto");
        const Field* version = f.find("version");
        if (!proto) {
            return missing(kind, "proto", line_size);
        }
        RemoteHello h;
        const auto p = integer<int>(proto->value);
        if (!p || *p < 1) {
            return bad(proto, "a protocol number");
        }
        h.protocol = *p;
        if (version && version->value != "-") {
            h.version = std::string(version->value);
        }
        out = h;
    } else if (kind == "cpu") {
        RemoteCpu c;
        for (auto [key, target] :
             {std::pair{"cpu", &c.cpu.cpu}, std::pair{"package", &c.cpu.package},
              std::pair{"core", &c.cpu.core}}) {
            const Field* field = f.find(key);
            if (!field) {
                return missing(kind, key, line_size);
            }
            const auto v = integer<int>(field->value);
            if (!v || *v < 0) {
                return bad(field, "a number");
            }
            *target = *v;
        }
        out = c;
    } else if (kind == "allowed" || kind == "ready") {
        std::vector<int> cpus;
        if (const Field* field = f.find("cpus")) {
            auto list = cpu_list(field->value);
            if (!list) {
                return bad(field, "a CPU list such as 0,1 or -");
            }
            cpus = std::move(*list);
        } else {
            return missing(kind, "cpus", line_size);
        }
        if (kind == "allowed") {
            out = RemoteAllowed{std::move(cpus)};
        } else {
            const Field* load = f.find("load");
            if (!load) {
                return missing(kind, "load", line_size);
            }
            out = RemoteReady{std::string(load->value), std::move(cpus)};
        }
    }
    // A newer target may say more in its hello; the protocol number decides compatibility.
    if (auto e = f.unknown(); e && kind != "hello") {
        return *e;
    }
    return out;
}

Parsed parse_status(std::string_view rest, std::size_t base, std::size_t line_size) {
    RemoteLineError err;
    auto fields = split_fields(rest, base, err);
    if (!fields) {
        return err;
    }
    const auto bad = [](const Field& field, std::string_view what) {
        return error_at(field.offset, fmt::format("{}: expected {}", field.key, what));
    };
    RemoteStatus s;
    bool have_dt = false;
    for (const auto& field : *fields) {
        if (field.key == "dt") {
            const auto d = decimal(field.value);
            if (!d || *d < 0.0) {
                return bad(field, "seconds");
            }
            s.dt = *d;
            have_dt = true;
        } else if (field.key == "disk_bytes") {
            const auto b = integer<std::uint64_t>(field.value);
            if (!b) {
                return bad(field, "a byte count");
            }
            s.disk_bytes = *b;
        } else if (field.value == "-") {
            s.values.emplace_back(std::string(field.key), std::nullopt);
        } else if (const auto v = decimal(field.value)) {
            s.values.emplace_back(std::string(field.key), *v);
        } else {
            return bad(field, "a number or -");
        }
    }
    if (!have_dt) {
        return missing("status", "dt", line_size);
    }
    return s;
}

std::string number(double v) {
    return fmt::format("{:.2f}", v);
}

// Free text must stay on its line and inside the protocol's byte range.
std::string one_line(std::string_view text) {
    std::string out;
    for (char c : text) {
        out += printable(c) ? c : ' ';
    }
    return out;
}

}  // namespace

std::variant<RemoteLine, RemoteLineError> parse_remote_line(std::string_view line) {
    if (!line.empty() && line.back() == '\r') {
        line.remove_suffix(1);
    }
    if (line.size() > remote_max_line) {
        return error_at(remote_max_line, "line too long");
    }
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (!printable(line[i])) {
            return error_at(
                i, fmt::format("control byte 0x{:02x}", static_cast<unsigned char>(line[i])));
        }
    }
    const std::size_t space = std::min(line.find(' '), line.size());
    const std::string_view kind = line.substr(0, space);
    const std::size_t base = std::min(space + 1, line.size());
    const std::string_view rest = line.substr(base);
    if (kind == "end") {
        if (!rest.empty() || space < line.size()) {
            return error_at(space, "an end line has nothing after 'end'");
        }
        return RemoteEnd{};
    }
    if (kind == "error") {
        return RemoteError{std::string(rest)};
    }
    if (kind == "fact") {
        const std::size_t gap = std::min(rest.find(' '), rest.size());
        const std::string_view key = rest.substr(0, gap);
        if (!valid_key(key)) {
            return error_at(base, "a fact line starts with a key made of a-z, 0-9 and _");
        }
        return RemoteFact{std::string(key), std::string(gap < rest.size() ? rest.substr(gap + 1)
                                                                          : std::string_view())};
    }
    if (kind == "hello" || kind == "cpu" || kind == "allowed" || kind == "ready" ||
        kind == "status") {
        if (space == line.size() || rest.empty()) {
            return error_at(line.size(), fmt::format("a {} line needs fields", kind));
        }
        if (kind == "status") {
            return parse_status(rest, base, line.size());
        }
        return parse_fields_line(kind, rest, base, line.size());
    }
    return error_at(
        0, kind.empty() ? std::string("empty line")
                        : fmt::format("unknown line kind '{}'", std::string(kind.substr(0, 32))));
}

std::string format_cpu_list(const std::vector<int>& cpus) {
    return cpus.empty() ? std::string("-") : fmt::format("{}", fmt::join(cpus, ","));
}

std::string format_remote_line(const RemoteLine& line) {
    struct Visitor {
        std::string operator()(const RemoteHello& h) const {
            return fmt::format("hello proto={} version={}\n", h.protocol,
                               h.version.empty() ? std::string("-") : h.version);
        }
        std::string operator()(const RemoteFact& f) const {
            return fmt::format("fact {} {}\n", f.key, one_line(f.value));
        }
        std::string operator()(const RemoteCpu& c) const {
            return fmt::format("cpu cpu={} package={} core={}\n", c.cpu.cpu, c.cpu.package,
                               c.cpu.core);
        }
        std::string operator()(const RemoteAllowed& a) const {
            return fmt::format("allowed cpus={}\n", format_cpu_list(a.cpus));
        }
        std::string operator()(const RemoteReady& r) const {
            return fmt::format("ready load={} cpus={}\n", r.load, format_cpu_list(r.cpus));
        }
        std::string operator()(const RemoteStatus& s) const {
            std::string out = fmt::format("status dt={:.3f}", s.dt);
            for (const auto& [name, value] : s.values) {
                out += fmt::format(" {}={}", name, value ? number(*value) : std::string("-"));
            }
            if (s.disk_bytes) {
                out += fmt::format(" disk_bytes={}", *s.disk_bytes);
            }
            return out + "\n";
        }
        std::string operator()(const RemoteError& e) const {
            return fmt::format("error {}\n", one_line(e.message));
        }
        std::string operator()(const RemoteEnd&) const { return "end\n"; }
    };
    return std::visit(Visitor{}, line);
}

}  // namespace wattbench::core::remote
