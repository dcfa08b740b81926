#include "app/core/i18n/catalog.hpp"

#include <cstdint>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace wattbench::core::i18n {

namespace {

constexpr std::uint32_t kMagic = 0x950412de;
constexpr std::uint32_t kMagicSwapped = 0xde120495;
// magic, revision, count, originals offset, translations offset, hash size, hash offset.
constexpr std::size_t kHeaderSize = 28;

std::uint32_t swap_bytes(std::uint32_t v) {
    return (v >> 24) | ((v >> 8) & 0xff00) | ((v << 8) & 0xff0000) | (v << 24);
}

// Little-endian words, swapped when the magic says the file was written big-endian; callers
// check bounds first.
class Reader {
public:
    explicit Reader(std::string_view bytes) : bytes_(bytes) {}

    std::uint32_t word(std::size_t offset) const {
        std::uint32_t v = 0;
        for (int i = 3; i >= 0; --i) {
            v = (v << 8) | static_cast<unsigned char>(bytes_[offset + static_cast<std::size_t>(i)]);
        }
        return swapped_ ? swap_bytes(v) : v;
    }

    bool fits(std::uint64_t offset, std::uint64_t length) const {
        return offset <= bytes_.size() && bytes_.size() - offset >= length;
    }

    void set_swapped(bool swapped) { swapped_ = swapped; }
    std::size_t size() const { return bytes_.size(); }
    std::string_view bytes() const { return bytes_; }

private:
    std::string_view bytes_;
    bool swapped_ = false;
};

// The string whose (length, offset) descriptor is at `entry`, or why it is not in the file.
std::variant<std::string_view, std::string> string_at(const Reader& reader, std::size_t entry,
                                                      std::string_view table, std::uint32_t i) {
    const std::uint32_t length = reader.word(entry);
    const std::uint32_t offset = reader.word(entry + 4);
    if (!reader.fits(offset, length)) {
        return fmt::format(
            "{} string {} (descriptor at byte {}): {} bytes at byte {} run past the end of "
            "the file ({} bytes)",
            table, i, entry, length, offset, reader.size());
    }
    return reader.bytes().substr(offset, length);
}

}  // namespace

std::variant<Catalog, std::string> Catalog::parse(std::string_view bytes) {
    Reader reader(bytes);
    if (!reader.fits(0, kHeaderSize)) {
        return fmt::format("not a .mo catalog: {} bytes, shorter than the {}-byte header",
                           bytes.size(), kHeaderSize);
    }
    const std::uint32_t magic = reader.word(0);
    if (magic != kMagic && magic != kMagicSwapped) {
        return fmt::format("not a .mo catalog: magic {:#010x} at byte 0", magic);
    }
    reader.set_swapped(magic == kMagicSwapped);
    // Major revisions other than 0 and 1 change the layout.
    if (const std::uint32_t major = reader.word(4) >> 16; major > 1) {
        return fmt::format(".mo major revision {} at byte 4 is not supported", major);
    }
    const std::uint32_t count = reader.word(8);
    const std::uint32_t tables[2] = {reader.word(12), reader.word(16)};
    const char* names[2] = {"original", "translation"};
    for (int t = 0; t < 2; ++t) {
        if (!reader.fits(tables[t], std::uint64_t{8} * count)) {
            return fmt::format(
                "{} table of {} entries at byte {} (from byte {}) runs past the end of the "
                "file ({} bytes)",
                names[t], count, tables[t], 12 + 4 * t, bytes.size());
        }
    }
    Catalog catalog;
    for (std::uint32_t i = 0; i < count; ++i) {
        const auto msgid = string_at(reader, tables[0] + std::size_t{8} * i, names[0], i);
        if (const auto* error = std::get_if<std::string>(&msgid)) {
            return *error;
        }
        const auto msgstr = string_at(reader, tables[1] + std::size_t{8} * i, names[1], i);
        if (const auto* error = std::get_if<std::string>(&msgstr)) {
            return *error;
        }
        const auto id = std::get<std::string_view>(msgid);
        // The empty msgid holds the header; a context ("ctx\x04id") is not used by wattbench.
        if (id.empty() || id.find('\x04') != std::string_view::npos) {
            continue;
        }
        catalog.messages_.emplace(std::string(id), std::string(std::get<std::string_view>(msgstr)));
    }
    return catalog;
}

std::variant<Catalog, std::string> Catalog::load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return "cannot open " + path;
    }
    std::ostringstream bytes;
    bytes << in.rdbuf();
    auto parsed = parse(bytes.str());
    if (auto* error = std::get_if<std::string>(&parsed)) {
        return path + ": " + *error;
    }
    return parsed;
}

std::optional<std::string_view> Catalog::find(std::string_view msgid) const {
    const auto it = messages_.find(std::string(msgid));
    if (it == messages_.end() || it->second.empty()) {
        return std::nullopt;
    }
    return std::string_view(it->second);
}

std::optional<std::string_view> Catalog::find_plural(std::string_view singular,
                                                     std::string_view plural, int index) const {
    std::string key(singular);
    key += '\0';
    key += plural;
    const auto it = messages_.find(key);
    if (it == messages_.end() || index < 0) {
        return std::nullopt;
    }
    std::string_view forms(it->second);
    for (int i = 0; i < index; ++i) {
        const auto end = forms.find('\0');
        if (end == std::string_view::npos) {
            return std::nullopt;
        }
        forms.remove_prefix(end + 1);
    }
    forms = forms.substr(0, forms.find('\0'));
    if (forms.empty()) {
        return std::nullopt;
    }
    return forms;
}

}  // namespace wattbench::core::i18n
