#include "app/core/report/samples_scan.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <optional>
#include <unordered_map>

#include "app/core/rundir/samples_reader.hpp"

namespace wattbench::core::report {

namespace {

using rundir::SampleColumn;
using rundir::SampleRow;

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

class Scanner {
public:
    explicit Scanner(const ScanOptions& options)
        : max_buckets_(std::max<std::size_t>(options.max_buckets, 1)) {}

    std::optional<rundir::ReadError> row(const SampleRow& r);
    SamplesScan finish(const rundir::SamplesFileInfo& info);

private:
    std::size_t channel_index(std::string_view device, std::string_view channel,
                              std::string_view unit);
    std::uint32_t phase_id(std::string_view phase);
    Window& window(Channel& ch, std::size_t ch_index, std::uint32_t phase);
    void add_to_series(Channel& ch, std::int64_t ms, double v);
    void widen();

    std::size_t max_buckets_;
    std::string key_;

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

std::optional<rundir::ReadError> Scanner::row(const SampleRow& r) {
    const auto ms = r.time_ms();
    if (!ms) {
        return r.error(SampleColumn::time, "not a time like 2026-11-29T19:50:40.123Z");
    }
    if (!r.number(SampleColumn::elapsed_s)) {
        return r.error(SampleColumn::elapsed_s, "not a number");
    }
    Stage stage{};
    const std::string_view st = r[SampleColumn::stage];
    if (st == "window") {
        stage = Stage::window;
    } else if (st == "warmup") {
        stage = Stage::warmup;
    } else if (st == "between") {
        stage = Stage::between;
    } else {
        return r.error(SampleColumn::stage, "not warmup, window or between");
    }
    Status status{};
    const std::string_view su = r[SampleColumn::status];
    if (su == "ok") {
        status = Status::ok;
    } else if (su == "error") {
        status = Status::error;
    } else if (su == "unavailable") {
        status = Status::unavailable;
    } else if (su == "overrange") {
        status = Status::overrange;
    } else {
        return r.error(SampleColumn::status, "not ok, overrange, unavailable or error");
    }
    const std::string_view unit = r[SampleColumn::unit];
    const std::string_view text = r[SampleColumn::value];
    const bool discrete = unit == "state";
    double value = 0.0;
    if (status == Status::ok && !discrete) {
        const auto v = r.number(SampleColumn::value);
        if (!v) {
            return r.error(SampleColumn::value, "not a number");
        }
        value = *v;
    }

    if (rows_ == 0) {
        first_ms_ = last_ms_ = origin_ms_ = *ms;
    } else {
        first_ms_ = std::min(first_ms_, *ms);
        last_ms_ = std::max(last_ms_, *ms);
    }
    ++rows_;

    const std::size_t ci = channel_index(r[SampleColumn::device], r[SampleColumn::channel], unit);
    Channel& ch = channels_[ci];
    if (status == Status::ok && !discrete && std::isfinite(value)) {
        add_to_series(ch, *ms, value);
    }
    const std::string_view phase = r[SampleColumn::phase];
    if (stage == Stage::window && !phase.empty()) {
        Window& w = window(ch, ci, phase_id(phase));
        ++w.total;
        if (status == Status::error || status == Status::unavailable) {
            ++w.invalid;
        } else if (status == Status::overrange) {
            ++w.overrange;
        } else if (discrete) {
            const auto it = w.states.find(text);
            if (it != w.states.end()) {
                ++it->second;
            } else {
                w.states.emplace(std::string(text), 1);
            }
        }
    }
    return std::nullopt;
}

SamplesScan Scanner::finish(const rundir::SamplesFileInfo& info) {
    SamplesScan scan;
    scan.truncated = info.truncated;
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
    Scanner scanner(options);
    const auto read =
        rundir::read_samples_text(text, path, [&](const SampleRow& r) { return scanner.row(r); });
    if (!read) {
        return read.error().text();
    }
    return scanner.finish(*read);
}

std::variant<SamplesScan, std::string> scan_samples(const std::string& run_dir,
                                                    const ScanOptions& options) {
    Scanner scanner(options);
    const auto read = rundir::read_samples(run_dir + "/samples.csv",
                                           [&](const SampleRow& r) { return scanner.row(r); });
    if (!read) {
        return read.error().text();
    }
    return scanner.finish(*read);
}

}  // namespace wattbench::core::report
