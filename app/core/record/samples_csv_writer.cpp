#include "app/core/record/samples_csv_writer.hpp"

#include <charconv>
#include <stdexcept>

#include "app/core/phases/stage.hpp"
#include "app/core/record/csv.hpp"
#include "drivers/api/enum_text.hpp"
#include "drivers/api/reading.hpp"

namespace wattbench::core::record {

namespace {

using drivers::api::Status;

constexpr std::array<Status, 4> kStatuses{Status::ok, Status::overrange, Status::unavailable,
                                          Status::error};

constexpr drivers::api::EnumTexts<phases::Stage, 3> kStageFields{{
    {phases::Stage::between, "between,"},
    {phases::Stage::warmup, "warmup,"},
    {phases::Stage::window, "window,"},
}};

constexpr std::string_view stage_field(phases::Stage stage) {
    return drivers::api::text_of(kStageFields, stage, "between,");
}

std::size_t status_index(Status s) {
    const auto i = static_cast<std::size_t>(s);
    return i < kStatuses.size() ? i : static_cast<std::size_t>(Status::error);
}

void append_number(std::string& out, double v, bool fixed3) {
    char buf[64];
    auto r = fixed3 ? std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::fixed, 3)
                    : std::to_chars(buf, buf + sizeof(buf), v);
    if (r.ec != std::errc{}) {
        // Only astronomically large values fail in fixed notation; shortest form always fits.
        r = std::to_chars(buf, buf + sizeof(buf), v);
    }
    out.append(buf, static_cast<std::size_t>(r.ptr - buf));
}

}  // namespace

SamplesCsvWriter::SamplesCsvWriter(const std::string& path, const Catalog& catalog) : file_(path) {
    buffer_.reserve(2 * kFlushBytes);
    set_catalog(catalog);
    // Best effort: a file system without flock (some network mounts) still records; readers
    // then cannot tell a live run from a killed one.
    (void)file_.try_lock_exclusive();
    file_.write_all(kHeader);
}

SamplesCsvWriter::~SamplesCsvWriter() {
    // Nothing can report a failure here; the caller that cares calls flush() itself.
    (void)flush();
}

void SamplesCsvWriter::set_catalog(const Catalog& catalog) {
    static_assert(static_cast<std::size_t>(Status::ok) == 0 &&
                  static_cast<std::size_t>(Status::error) == 3);
    phase_fields_.clear();
    for (const auto& name : catalog.phase_names) {
        phase_fields_.push_back(csv_field(name) + ",");
    }
    first_channel_.clear();
    channel_count_.clear();
    channels_.clear();
    for (const auto& device : catalog.devices) {
        first_channel_.push_back(channels_.size());
        channel_count_.push_back(device.channels.size());
        const std::string device_field = csv_field(device.device_id) + ",";
        for (const auto& spec : device.channels) {
            ChannelFields f;
            f.device_channel = device_field + csv_field(spec.name) + ",";
            const std::string unit = "," + csv_field(spec.unit) + ",";
            for (const Status s : kStatuses) {
                f.unit_status[status_index(s)] =
                    unit + std::string(drivers::api::to_string(s)) + "\n";
            }
            f.discrete = spec.discrete();
            if (f.discrete) {
                for (const auto& state : spec.states) {
                    f.states.push_back(csv_field(state));
                }
            }
            channels_.push_back(std::move(f));
        }
    }
}

std::optional<IoError> SamplesCsvWriter::write(const Sample& s) {
    if (s.device >= first_channel_.size() || s.channel >= channel_count_[s.device]) {
        throw std::out_of_range("samples.csv: sample for unknown device/channel " +
                                std::to_string(s.device) + "/" + std::to_string(s.channel));
    }
    if (s.phase < -1 ||
        (s.phase >= 0 && static_cast<std::size_t>(s.phase) >= phase_fields_.size())) {
        throw std::out_of_range("samples.csv: sample for unknown phase " + std::to_string(s.phase));
    }
    const ChannelFields& ch = channels_[first_channel_[s.device] + s.channel];

    buffer_.append(time_.format(s.utc));
    buffer_.push_back(',');
    append_number(buffer_, s.elapsed_s, true);
    buffer_.push_back(',');
    if (s.phase >= 0) {
        buffer_.append(phase_fields_[static_cast<std::size_t>(s.phase)]);
    } else {
        buffer_.push_back(',');
    }
    buffer_.append(stage_field(s.stage));
    buffer_.append(ch.device_channel);
    if (s.status == Status::ok) {
        if (!ch.discrete) {
            append_number(buffer_, s.value, false);
        } else if (!s.text.empty()) {
            append_csv_field(buffer_, s.text);
        } else if (s.value >= 0.0 && s.value < static_cast<double>(ch.states.size())) {
            buffer_.append(ch.states[static_cast<std::size_t>(s.value)]);
        }
    }
    buffer_.append(ch.unit_status[status_index(s.status)]);
    ++rows_;
    if (buffer_.size() >= kFlushBytes || failure_) {
        return flush();
    }
    return std::nullopt;
}

std::optional<IoError> SamplesCsvWriter::flush() {
    if (failure_) {
        buffer_.clear();
        return failure_;
    }
    if (buffer_.empty()) {
        return std::nullopt;
    }
    const std::uint64_t before = file_.size();
    std::size_t written = 0;
    if (auto e = file_.try_write_all(buffer_, &written)) {
        // Keep the whole rows that reached the disk and cut the one the failure split.
        const auto last_break = std::string_view(buffer_).substr(0, written).rfind('\n');
        const std::uint64_t whole = last_break == std::string_view::npos ? 0 : last_break + 1;
        if (written != whole) {
            (void)file_.try_truncate(before + whole);
        }
        failure_ = std::move(e);
        buffer_.clear();
        return failure_;
    }
    buffer_.clear();
    return std::nullopt;
}

bool SamplesCsvWriter::flush_due(std::chrono::steady_clock::time_point now) const {
    return !buffer_.empty() && now - last_timed_flush_ >= kFlushPeriod;
}

std::optional<IoError> SamplesCsvWriter::maybe_flush(std::chrono::steady_clock::time_point now) {
    if (flush_due(now)) {
        last_timed_flush_ = now;
        return flush();
    }
    return std::nullopt;
}

std::optional<std::chrono::steady_clock::time_point> SamplesCsvWriter::flush_deadline() const {
    if (buffer_.empty()) {
        return std::nullopt;
    }
    return last_timed_flush_ + kFlushPeriod;
}

}  // namespace wattbench::core::record
