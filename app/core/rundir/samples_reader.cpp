#include "app/core/rundir/samples_reader.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <memory>

#include "app/core/rundir/utc_time.hpp"

namespace wattbench::core::rundir {

namespace {

constexpr std::array<std::string_view, kSampleColumns> kNames{
    "time", "elapsed_s", "phase", "stage", "device", "channel", "value", "unit", "status"};

// A row is a few dozen bytes; a megabyte read at a time keeps syscalls rare, and a row that
// does not fit (a runaway quoted field) is an error rather than a reason to grow.
constexpr std::size_t kBufferBytes = std::size_t{1} << 20;

bool digit(char c) {
    return c >= '0' && c <= '9';
}

}  // namespace

std::string_view column_name(SampleColumn c) {
    return kNames[static_cast<std::size_t>(c)];
}

std::optional<std::int64_t> SampleRow::time_ms() const {
    return reader_->parse_time((*this)[SampleColumn::time]);
}

std::optional<double> SampleRow::number(SampleColumn c) const {
    const std::string_view s = (*this)[c];
    if (s.empty()) {
        return std::nullopt;
    }
    double out = 0.0;
    const char* end = s.data() + s.size();
    const auto [ptr, ec] = std::from_chars(s.data(), end, out);
    if (ec != std::errc{} || ptr != end) {
        return std::nullopt;
    }
    return out;
}

ReadError SampleRow::error(SampleColumn c, std::string_view what) const {
    ReadError e;
    e.file = reader_->file();
    e.line = line_;
    e.where = "column '" + std::string(column_name(c)) + "'";
    e.message = std::string(what) + " '" + std::string((*this)[c]) + "'";
    return e;
}

SamplesReader::SamplesReader(std::string file) : file_(std::move(file)) {}

ReadError SamplesReader::error_at(std::string where, std::string message) const {
    ReadError e;
    e.file = file_;
    e.line = line_;
    e.where = std::move(where);
    e.message = std::move(message);
    return e;
}

std::optional<ReadError> SamplesReader::header(std::string_view text) {
    names_.clear();
    std::size_t start = 0;
    while (true) {
        const auto comma = text.find(',', start);
        names_.emplace_back(
            text.substr(start, comma == std::string_view::npos ? text.npos : comma - start));
        if (comma == std::string_view::npos) {
            break;
        }
        start = comma + 1;
    }
    for (std::size_t c = 0; c < kSampleColumns; ++c) {
        const auto it = std::find(names_.begin(), names_.end(), kNames[c]);
        if (it == names_.end()) {
            return error_at("", "not a samples.csv header: '" + std::string(text) + "'");
        }
        index_[c] = static_cast<std::size_t>(it - names_.begin());
    }
    f_.assign(names_.size(), {});
    unquoted_.assign(names_.size(), {});
    header_seen_ = true;
    return std::nullopt;
}

std::optional<ReadError> SamplesReader::feed(std::string_view data, bool eof, std::size_t& consumed,
                                             const SampleRowFn& row) {
    std::size_t pos = 0;
    while (pos < data.size()) {
        const std::size_t columns = f_.size();
        const char* begin = data.data() + pos;
        const auto* nl = static_cast<const char*>(std::memchr(begin, '\n', data.size() - pos));
        if (nl == nullptr) {
            break;
        }
        std::string_view text(begin, static_cast<std::size_t>(nl - begin));
        std::size_t next = pos + text.size() + 1;
        std::size_t lines = 1;
        std::size_t fields = 0;
        if (!text.empty() && text.back() == '\r') {
            text.remove_suffix(1);
        }
        if (!header_seen_) {
            if (auto e = header(text)) {
                return e;
            }
        } else if (text.empty()) {
            // A blank line carries no reading.
        } else if (std::memchr(text.data(), '"', text.size()) == nullptr) {
            const char* p = text.data();
            const char* const e = p + text.size();
            while (true) {
                const auto* comma = static_cast<const char*>(std::memchr(p, ',', e - p));
                const char* field_end = comma != nullptr ? comma : e;
                if (fields < columns) {
                    f_[fields] = std::string_view(p, static_cast<std::size_t>(field_end - p));
                }
                ++fields;
                if (comma == nullptr) {
                    break;
                }
                p = comma + 1;
            }
        } else {
            std::optional<ReadError> error;
            const auto end = split_quoted(data, pos, lines, error);
            if (error) {
                return error;
            }
            if (!end) {
                break;
            }
            next = *end;
            text = data.substr(pos, next - 1 - pos);
            if (!text.empty() && text.back() == '\r') {
                text.remove_suffix(1);
            }
            fields = columns;
        }
        if (fields != 0) {
            if (fields != columns) {
                return error_at(
                    "", std::to_string(fields) + " columns, expected " + std::to_string(columns));
            }
            SampleRow r;
            r.reader_ = this;
            r.fields_ = f_.data();
            r.index_ = index_.data();
            r.line_ = line_;
            r.text_ = text;
            if (auto e = row(r)) {
                return e;
            }
            ++info_.rows;
        }
        line_ += lines;
        pos = next;
    }
    consumed = pos;
    if (eof && pos < data.size()) {
        info_.truncated = true;
        consumed = data.size();
    }
    return std::nullopt;
}

std::optional<std::size_t> SamplesReader::split_quoted(std::string_view data, std::size_t pos,
                                                       std::size_t& lines,
                                                       std::optional<ReadError>& error) {
    const std::size_t columns = f_.size();
    std::size_t i = pos;
    std::size_t n = 0;
    lines = 1;
    const std::size_t size = data.size();
    while (true) {
        if (n == columns) {
            error = error_at("", "more than " + std::to_string(columns) + " columns");
            return std::nullopt;
        }
        std::size_t field_end = 0;
        if (i < size && data[i] == '"') {
            std::string& out = unquoted_[n];
            out.clear();
            ++i;
            while (true) {
                const auto* q =
                    static_cast<const char*>(std::memchr(data.data() + i, '"', size - i));
                if (q == nullptr) {
                    return std::nullopt;
                }
                const std::size_t at = static_cast<std::size_t>(q - data.data());
                const std::string_view part = data.substr(i, at - i);
                lines += static_cast<std::size_t>(std::count(part.begin(), part.end(), '\n'));
                out.append(part);
                i = at + 1;
                if (i == size) {
                    return std::nullopt;  // a doubled quote may follow in the next read
                }
                if (data[i] != '"') {
                    break;
                }
                out.push_back('"');
                ++i;
            }
            if (data[i] == '\r') {
                if (i + 1 == size) {
                    return std::nullopt;
                }
                if (data[i + 1] == '\n') {
                    ++i;
                }
            }
            if (data[i] != ',' && data[i] != '\n') {
                error = error_at("column '" + names_[n] + "'", "text after a closing quote");
                return std::nullopt;
            }
            f_[n] = out;
            field_end = i;
        } else {
            std::size_t j = i;
            while (j < size && data[j] != ',' && data[j] != '\n') {
                ++j;
            }
            if (j == size) {
                return std::nullopt;
            }
            std::size_t len = j - i;
            if (data[j] == '\n' && len > 0 && data[j - 1] == '\r') {
                --len;
            }
            f_[n] = data.substr(i, len);
            field_end = j;
        }
        ++n;
        if (data[field_end] == '\n') {
            if (n != columns) {
                error = error_at(
                    "", std::to_string(n) + " columns, expected " + std::to_string(columns));
                return std::nullopt;
            }
            return field_end + 1;
        }
        i = field_end + 1;
    }
}

std::optional<std::int64_t> SamplesReader::parse_time(std::string_view s) {
    // Rows of one day share the date: its days are computed once, the clock time per row.
    const bool fixed = s.size() == 24 && s[10] == 'T' && s[13] == ':' && s[16] == ':' &&
                       s[19] == '.' && s[23] == 'Z' && digit(s[11]) && digit(s[12]) &&
                       digit(s[14]) && digit(s[15]) && digit(s[17]) && digit(s[18]) &&
                       digit(s[20]) && digit(s[21]) && digit(s[22]);
    std::int64_t day_ms = 0;
    if (fixed) {
        const int hour = (s[11] - '0') * 10 + (s[12] - '0');
        const int minute = (s[14] - '0') * 10 + (s[15] - '0');
        const int second = (s[17] - '0') * 10 + (s[18] - '0');
        if (hour > 23 || minute > 59 || second > 60) {
            return std::nullopt;
        }
        day_ms = ((hour * 60LL + minute) * 60 + second) * 1000 + (s[20] - '0') * 100 +
                 (s[21] - '0') * 10 + (s[22] - '0');
        if (have_date_ && std::memcmp(s.data(), cached_date_.data(), cached_date_.size()) == 0) {
            return cached_day_ms_ + day_ms;
        }
    }
    const auto parsed = parse_utc_ms(s);
    if (parsed && fixed) {
        std::memcpy(cached_date_.data(), s.data(), cached_date_.size());
        cached_day_ms_ = *parsed - day_ms;
        have_date_ = true;
    }
    return parsed;
}

ReadResult<SamplesFileInfo> read_samples_text(std::string_view text, const std::string& file,
                                              const SampleRowFn& row) {
    SamplesReader reader(file);
    std::size_t consumed = 0;
    if (auto e = reader.feed(text, true, consumed, row)) {
        return *e;
    }
    return reader.info();
}

ReadResult<SamplesFileInfo> read_samples(const std::string& path, const SampleRowFn& row) {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                         &std::fclose);
    if (!file) {
        if (errno == ENOENT) {
            SamplesFileInfo info;
            info.missing = true;
            return info;
        }
        return ReadError{path, "", std::string("cannot read: ") + std::strerror(errno)};
    }
    SamplesReader reader(path);
    std::unique_ptr<char[]> buffer(new char[kBufferBytes]);
    std::size_t have = 0;
    while (true) {
        const std::size_t got = std::fread(buffer.get() + have, 1, kBufferBytes - have, file.get());
        if (got == 0 && std::ferror(file.get())) {
            return ReadError{path, "", std::string("cannot read: ") + std::strerror(errno)};
        }
        have += got;
        const bool eof = got == 0;
        std::size_t consumed = 0;
        if (auto e = reader.feed(std::string_view(buffer.get(), have), eof, consumed, row)) {
            return *e;
        }
        if (eof) {
            break;
        }
        if (consumed == 0 && have == kBufferBytes) {
            ReadError e{path, "", "row longer than " + std::to_string(kBufferBytes) + " bytes"};
            e.line = reader.line();
            return e;
        }
        std::memmove(buffer.get(), buffer.get() + consumed, have - consumed);
        have -= consumed;
    }
    return reader.info();
}

}  // namespace wattbench::core::rundir
