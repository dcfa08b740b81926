#include "app/core/report/samples_scan.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <unordered_map>

#include <fmt/format.h>

#include "app/core/report/utc_time.hpp"

namespace wattbench::core::report {

namespace {

constexpr std::string_view kHeader = "time,elapsed_s,phase,stage,device,channel,value,unit,status";
constexpr std::array<std::string_view, 9> kColumns{
    "time", "elapsed_s", "phase", "stage", "device", "channel", "value", "unit", "status"};
enum Column : std::size_t {
    kTime,
    kElapsed,
    kPhase,
    kStage,
    kDevice,
    kChannel,
    kValue,
    kUnit,
    kStatus
};
constexpr std::size_t kColumnCount = kColumns.size();

// A row is a few dozen bytes; a megabyte read at a time keeps syscalls rare, and a row that
// does not fit (a runaway quoted field) is an error rather than a reason to grow.
constexpr std::size_t kBufferBytes = std::size_t{1} << 20;
// The finest bucket: the fastest instruments read at 10 Hz.
constexpr std::int64_t kFirstWidthMs = 100;

enum class Stage { warmup, window, between };
enum class Status { ok, overrange, unavailable, error };

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
    const std::int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

struct StringHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept {
        return std::hash<std::string_view>{}(s);
    }
};
template <typename V>
using StringMap = std::unordered_map<std::string, V, StringHash, std::equal_to<>>;

struct Bucket {
    double min = 0.0;
    double max = 0.0;
    double sum = 0.0;
    std::uint32_t count = 0;

    void add(double v) {
        if (count == 0) {
            min = max = v;
        } else {
            min = std::min(min, v);
            max = std::max(max, v);
        }
        sum += v;
        ++count;
    }
    void merge(const Bucket& o) {
        if (o.count == 0) {
            return;
        }
        if (count == 0) {
            *this = o;
            return;
        }
        min = std::min(min, o.min);
        max = std::max(max, o.max);
        sum += o.sum;
        count += o.count;
    }
};

struct Channel {
    std::string device;
    std::string channel;
    std::string unit;
    std::int64_t lo = 0;  // bucket number of buckets[0]
    std::vector<Bucket> buckets;
    // The phase of the last window row and its WindowCounts: a phase's rows come together.
    std::uint32_t last_phase = std::numeric_limits<std::uint32_t>::max();
    std::size_t last_window = 0;
    std::vector<std::pair<std::uint32_t, std::size_t>> windows;  // phase id -> window index
};

struct Window {
    std::uint32_t phase = 0;
    std::size_t channel = 0;
    std::uint64_t total = 0;
    std::uint64_t invalid = 0;
    std::uint64_t overrange = 0;
    StringMap<std::uint64_t> states;
};

bool digit(char c) {
    return c >= '0' && c <= '9';
}

bool parse_double(std::string_view s, double& out) {
    if (s.empty()) {
        return false;
    }
    const char* end = s.data() + s.size();
    const auto [ptr, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc{} && ptr == end;
}

class Scanner {
public:
    Scanner(std::string path, const ScanOptions& options)
        : path_(std::move(path)), max_buckets_(std::max<std::size_t>(options.max_buckets, 1)) {}

    // Parses the complete records at the start of `data` and returns how many bytes they took.
    // At `eof` a record without its line break is a cut-off line: it sets `truncated`.
    std::optional<std::string> feed(std::string_view data, bool eof, std::size_t& consumed);

    std::size_t line() const { return line_; }
    SamplesScan finish();

private:
    // nullopt: the record goes on past the end of `data`.
    std::optional<std::size_t> split_quoted(std::string_view data, std::size_t pos,
                                            std::size_t& lines, std::string& error);
    std::optional<std::string> row();
    bool parse_time(std::string_view s, std::int64_t& ms);
    std::size_t channel_index(std::string_view device, std::string_view channel,
                              std::string_view unit);
    std::uint32_t phase_id(std::string_view phase);
    Window& window(Channel& ch, std::size_t ch_index, std::uint32_t phase);
    void add_to_series(Channel& ch, std::int64_t ms, double v);
    void widen();
    std::string column_error(Column c, std::string_view what, std::string_view text) const {
        return fmt::format("{}:{}: column '{}': {} '{}'", path_, line_, kColumns[c], what, text);
    }

    std::string path_;
    std::size_t max_buckets_;
    std::size_t line_ = 1;  // where the next record starts
    bool header_seen_ = false;
    bool truncated_ = false;

    std::array<std::string_view, kColumnCount> f_{};
    std::array<std::string, kColumnCount> unquoted_;  // quoted fields, unescaped
    std::string key_;

    std::array<char, 10> cached_date_{};
    bool have_date_ = false;
    std::int64_t cached_day_ms_ = 0;

    std::uint64_t rows_ = 0;
    std::int64_t first_ms_ = 0;
    std::int64_t last_ms_ = 0;
    std::int64_t origin_ms_ = 0;
    std::int64_t width_ms_ = kFirstWidthMs;

    StringMap<std::size_t> channel_ids_;
    std::vector<Channel> channels_;
    StringMap<std::uint32_t> phase_ids_;
    std::vector<std::string> phases_;
    std::string last_phase_text_;
    std::uint32_t last_phase_id_ = std::numeric_limits<std::uint32_t>::max();
    std::vector<Window> windows_;
};

std::optional<std::string> Scanner::feed(std::string_view data, bool eof, std::size_t& consumed) {
    std::size_t pos = 0;
    while (pos < data.size()) {
        const char* begin = data.data() + pos;
        const std::size_t rest = data.size() - pos;
        const auto* nl = static_cast<const char*>(std::memchr(begin, '\n', rest));
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
            if (text != kHeader) {
                return fmt::format("{}:{}: not a samples.csv header: '{}'", path_, line_, text);
            }
            header_seen_ = true;
        } else if (text.empty()) {
            // A blank line carries no reading.
        } else if (std::memchr(text.data(), '"', text.size()) == nullptr) {
            const char* p = text.data();
            const char* const e = p + text.size();
            while (true) {
                const auto* comma = static_cast<const char*>(std::memchr(p, ',', e - p));
                const char* field_end = comma != nullptr ? comma : e;
                if (fields < kColumnCount) {
                    f_[fields] = std::string_view(p, static_cast<std::size_t>(field_end - p));
                }
                ++fields;
                if (comma == nullptr) {
                    break;
                }
                p = comma + 1;
            }
        } else {
            std::string error;
            const auto end = split_quoted(data, pos, lines, error);
            if (!error.empty()) {
                return error;
            }
            if (!end) {
                break;
            }
            next = *end;
            fields = kColumnCount;
        }
        if (fields != 0) {
            if (fields != kColumnCount) {
                return fmt::format("{}:{}: {} columns, expected {}", path_, line_, fields,
                                   kColumnCount);
            }
            if (auto err = row()) {
                return err;
            }
        }
        line_ += lines;
        pos = next;
    }
    consumed = pos;
    if (eof && pos < data.size()) {
        truncated_ = true;
        consumed = data.size();
    }
    return std::nullopt;
}

std::optional<std::size_t> Scanner::split_quoted(std::string_view data, std::size_t pos,
                                                 std::size_t& lines, std::string& error) {
    std::size_t i = pos;
    std::size_t n = 0;
    lines = 1;
    const std::size_t size = data.size();
    while (true) {
        if (n == kColumnCount) {
            error = fmt::format("{}:{}: more than {} columns", path_, line_, kColumnCount);
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
                error = fmt::format("{}:{}: column '{}': text after a closing quote", path_, line_,
                                    kColumns[n]);
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
            if (n != kColumnCount) {
                error =
                    fmt::format("{}:{}: {} columns, expected {}", path_, line_, n, kColumnCount);
                return std::nullopt;
            }
            return field_end + 1;
        }
        i = field_end + 1;
    }
}

bool Scanner::parse_time(std::string_view s, std::int64_t& ms) {
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
            return false;
        }
        day_ms = ((hour * 60LL + minute) * 60 + second) * 1000 + (s[20] - '0') * 100 +
                 (s[21] - '0') * 10 + (s[22] - '0');
        if (have_date_ && std::memcmp(s.data(), cached_date_.data(), cached_date_.size()) == 0) {
            ms = cached_day_ms_ + day_ms;
            return true;
        }
    }
    const auto parsed = parse_utc_ms(s);
    if (!parsed) {
        return false;
    }
    ms = *parsed;
    if (fixed) {
        std::memcpy(cached_date_.data(), s.data(), cached_date_.size());
        cached_day_ms_ = *parsed - day_ms;
        have_date_ = true;
    }
    return true;
}

std::size_t Scanner::channel_index(std::string_view device, std::string_view channel,
                                   std::string_view unit) {
    // Length-prefixed so that no device or channel text can make two pairs collide.
    key_.clear();
    const auto len = static_cast<std::uint32_t>(device.size());
    key_.append(reinterpret_cast<const char*>(&len), sizeof(len));
    key_.append(device);
    key_.append(channel);
    const auto it = channel_ids_.find(std::string_view(key_));
    if (it != channel_ids_.end()) {
        return it->second;
    }
    Channel ch;
    ch.device = device;
    ch.channel = channel;
    ch.unit = unit;
    channels_.push_back(std::move(ch));
    channel_ids_.emplace(key_, channels_.size() - 1);
    return channels_.size() - 1;
}

std::uint32_t Scanner::phase_id(std::string_view phase) {
    if (last_phase_id_ != std::numeric_limits<std::uint32_t>::max() && phase == last_phase_text_) {
        return last_phase_id_;
    }
    const auto it = phase_ids_.find(phase);
    if (it != phase_ids_.end()) {
        last_phase_id_ = it->second;
    } else {
        last_phase_id_ = static_cast<std::uint32_t>(phases_.size());
        phases_.emplace_back(phase);
        phase_ids_.emplace(std::string(phase), last_phase_id_);
    }
    last_phase_text_.assign(phase);
    return last_phase_id_;
}

Window& Scanner::window(Channel& ch, std::size_t ch_index, std::uint32_t phase) {
    if (ch.last_phase != phase) {
        const auto it = std::find_if(ch.windows.begin(), ch.windows.end(),
                                     [&](const auto& w) { return w.first == phase; });
        if (it != ch.windows.end()) {
            ch.last_window = it->second;
        } else {
            Window w;
            w.phase = phase;
            w.channel = ch_index;
            windows_.push_back(std::move(w));
            ch.last_window = windows_.size() - 1;
            ch.windows.emplace_back(phase, ch.last_window);
        }
        ch.last_phase = phase;
    }
    return windows_[ch.last_window];
}

void Scanner::widen() {
    width_ms_ *= 2;
    for (auto& ch : channels_) {
        if (ch.buckets.empty()) {
            continue;
        }
        const std::int64_t lo = floor_div(ch.lo, 2);
        const std::int64_t hi =
            floor_div(ch.lo + static_cast<std::int64_t>(ch.buckets.size()) - 1, 2);
        std::vector<Bucket> merged(static_cast<std::size_t>(hi - lo + 1));
        for (std::size_t i = 0; i < ch.buckets.size(); ++i) {
            const std::int64_t k = floor_div(ch.lo + static_cast<std::int64_t>(i), 2);
            merged[static_cast<std::size_t>(k - lo)].merge(ch.buckets[i]);
        }
        ch.lo = lo;
        ch.buckets = std::move(merged);
    }
}

void Scanner::add_to_series(Channel& ch, std::int64_t ms, double v) {
    while (true) {
        // floor((t - origin) / 2w) == floor(floor((t - origin) / w) / 2), so widening keeps
        // every reading in the bucket it would have gone to at the wider width.
        const std::int64_t k = floor_div(ms - origin_ms_, width_ms_);
        if (ch.buckets.empty()) {
            ch.lo = k;
            ch.buckets.resize(1);
        } else if (k < ch.lo) {
            const auto need = static_cast<std::size_t>(ch.lo - k) + ch.buckets.size();
            if (need > max_buckets_) {
                widen();
                continue;
            }
            ch.buckets.insert(ch.buckets.begin(), static_cast<std::size_t>(ch.lo - k), Bucket{});
            ch.lo = k;
        } else if (k - ch.lo >= static_cast<std::int64_t>(ch.buckets.size())) {
            const auto need = static_cast<std::size_t>(k - ch.lo) + 1;
            if (need > max_buckets_) {
                widen();
                continue;
            }
            ch.buckets.resize(need);
        }
        ch.buckets[static_cast<std::size_t>(k - ch.lo)].add(v);
        return;
    }
}

std::optional<std::string> Scanner::row() {
    std::int64_t ms = 0;
    if (!parse_time(f_[kTime], ms)) {
        return column_error(kTime, "not a time like 2026-11-29T19:50:40.123Z", f_[kTime]);
    }
    double elapsed = 0.0;
    if (!parse_double(f_[kElapsed], elapsed)) {
        return column_error(kElapsed, "not a number", f_[kElapsed]);
    }
    Stage stage{};
    const std::string_view st = f_[kStage];
    if (st == "window") {
        stage = Stage::window;
    } else if (st == "warmup") {
        stage = Stage::warmup;
    } else if (st == "between") {
        stage = Stage::between;
    } else {
        return column_error(kStage, "not warmup, window or between", st);
    }
    Status status{};
    const std::string_view su = f_[kStatus];
    if (su == "ok") {
        status = Status::ok;
    } else if (su == "error") {
        status = Status::error;
    } else if (su == "unavailable") {
        status = Status::unavailable;
    } else if (su == "overrange") {
        status = Status::overrange;
    } else {
        return column_error(kStatus, "not ok, overrange, unavailable or error", su);
    }
    const bool discrete = f_[kUnit] == "state";
    double value = 0.0;
    if (status == Status::ok && !discrete && !parse_double(f_[kValue], value)) {
        return column_error(kValue, "not a number", f_[kValue]);
    }

    if (rows_ == 0) {
        first_ms_ = last_ms_ = origin_ms_ = ms;
    } else {
        first_ms_ = std::min(first_ms_, ms);
        last_ms_ = std::max(last_ms_, ms);
    }
    ++rows_;

    const std::size_t ci = channel_index(f_[kDevice], f_[kChannel], f_[kUnit]);
    Channel& ch = channels_[ci];
    if (status == Status::ok && !discrete && std::isfinite(value)) {
        add_to_series(ch, ms, value);
    }
    if (stage == Stage::window && !f_[kPhase].empty()) {
        Window& w = window(ch, ci, phase_id(f_[kPhase]));
        ++w.total;
        if (status == Status::error || status == Status::unavailable) {
            ++w.invalid;
        } else if (status == Status::overrange) {
            ++w.overrange;
        } else if (discrete) {
            const auto it = w.states.find(f_[kValue]);
            if (it != w.states.end()) {
                ++it->second;
            } else {
                w.states.emplace(std::string(f_[kValue]), 1);
            }
        }
    }
    return std::nullopt;
}

SamplesScan Scanner::finish() {
    SamplesScan scan;
    scan.truncated = truncated_;
    scan.rows = rows_;
    if (rows_ > 0) {
        scan.first_time = static_cast<double>(first_ms_) / 1000.0;
        scan.last_time = static_cast<double>(last_ms_) / 1000.0;
    }
    for (auto& ch : channels_) {
        if (ch.unit == "state") {
            continue;
        }
        ChannelSeries s;
        s.device = ch.device;
        s.channel = ch.channel;
        s.unit = ch.unit;
        for (std::size_t i = 0; i < ch.buckets.size(); ++i) {
            const Bucket& b = ch.buckets[i];
            if (b.count == 0) {
                continue;
            }
            const std::int64_t t0 = origin_ms_ + (ch.lo + static_cast<std::int64_t>(i)) * width_ms_;
            SeriesBucket out;
            out.t0 = static_cast<double>(t0) / 1000.0;
            out.t1 = static_cast<double>(t0 + width_ms_) / 1000.0;
            out.min = b.min;
            out.max = b.max;
            out.mean = b.sum / b.count;
            out.count = b.count;
            s.buckets.push_back(out);
        }
        scan.series.push_back(std::move(s));
    }
    for (auto& w : windows_) {
        WindowCounts out;
        out.phase = phases_[w.phase];
        const Channel& ch = channels_[w.channel];
        out.device = ch.device;
        out.channel = ch.channel;
        out.total = w.total;
        out.invalid = w.invalid;
        out.overrange = w.overrange;
        out.states.assign(w.states.begin(), w.states.end());
        std::sort(out.states.begin(), out.states.end(), [](const auto& a, const auto& b) {
            return a.second != b.second ? a.second > b.second : a.first < b.first;
        });
        scan.windows.push_back(std::move(out));
    }
    return scan;
}

}  // namespace

std::variant<SamplesScan, std::string> scan_samples_text(std::string_view text,
                                                         const std::string& path,
                                                         const ScanOptions& options) {
    Scanner scanner(path, options);
    std::size_t consumed = 0;
    if (auto err = scanner.feed(text, true, consumed)) {
        return *err;
    }
    return scanner.finish();
}

std::variant<SamplesScan, std::string> scan_samples(const std::string& run_dir,
                                                    const ScanOptions& options) {
    const std::string path = run_dir + "/samples.csv";
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                         &std::fclose);
    if (!file) {
        if (errno == ENOENT) {
            return SamplesScan{};
        }
        return fmt::format("{}: cannot read: {}", path, std::strerror(errno));
    }
    Scanner scanner(path, options);
    std::unique_ptr<char[]> buffer(new char[kBufferBytes]);
    std::size_t have = 0;
    while (true) {
        const std::size_t got = std::fread(buffer.get() + have, 1, kBufferBytes - have, file.get());
        if (got == 0 && std::ferror(file.get())) {
            return fmt::format("{}: cannot read: {}", path, std::strerror(errno));
        }
        have += got;
        const bool eof = got == 0;
        std::size_t consumed = 0;
        if (auto err = scanner.feed(std::string_view(buffer.get(), have), eof, consumed)) {
            return *err;
        }
        if (eof) {
            break;
        }
        if (consumed == 0 && have == kBufferBytes) {
            return fmt::format("{}:{}: row longer than {} bytes", path, scanner.line(),
                               kBufferBytes);
        }
        std::memmove(buffer.get(), buffer.get() + consumed, have - consumed);
        have -= consumed;
    }
    return scanner.finish();
}

}  // namespace wattbench::core::report
