#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/rundir/read_error.hpp"

namespace wattbench::core::rundir {

// The columns of samples.csv (docs/run-directory.md), in the order the engine writes them.
enum class SampleColumn : std::size_t {
    time,
    elapsed_s,
    phase,
    stage,
    device,
    channel,
    value,
    unit,
    status
};
inline constexpr std::size_t kSampleColumns = 9;
std::string_view column_name(SampleColumn c);

class SamplesReader;

// One data row, valid only inside the callback it is passed to.
class SampleRow {
public:
    std::string_view operator[](SampleColumn c) const {
        return fields_[index_[static_cast<std::size_t>(c)]];
    }
    std::size_t line() const { return line_; }
    // The row's bytes as in the file, without its line break (a quoted field may hold one).
    std::string_view text() const { return text_; }
    // Milliseconds since the epoch of the time column; nullopt when it is not a run-file time.
    std::optional<std::int64_t> time_ms() const;
    // The column as a number (from_chars: no spaces, "nan" and "inf" accepted).
    std::optional<double> number(SampleColumn c) const;
    // "file:line: column 'value': WHAT 'x1'", the one form of a bad value's error.
    ReadError error(SampleColumn c, std::string_view what) const;

private:
    friend class SamplesReader;
    SamplesReader* reader_ = nullptr;
    const std::string_view* fields_ = nullptr;
    const std::size_t* index_ = nullptr;
    std::size_t line_ = 0;
    std::string_view text_;
};

// How a read went: the data rows passed on, and whether the file ended in a cut-off line (a run
// killed mid-write; the rows before it count). A missing file reads as no rows, `missing`.
struct SamplesFileInfo {
    std::uint64_t rows = 0;
    bool truncated = false;
    bool missing = false;
};

// A row's verdict: nullopt to go on, an error to stop the read with it.
using SampleRowFn = std::function<std::optional<ReadError>(const SampleRow&)>;

// Streams samples.csv row by row in bounded memory (a megabyte buffer, whatever the file's
// length). Columns are found by their header names (extra columns are ignored, a missing one is
// an error); quoted fields, CRLF line ends and blank lines are read as the CSV writer allows.
class SamplesReader {
public:
    explicit SamplesReader(std::string file);

    // Feeds the complete records at the start of `data`; `consumed` is how many bytes they
    // took. At `eof` a last record without its line break is a cut-off line.
    std::optional<ReadError> feed(std::string_view data, bool eof, std::size_t& consumed,
                                  const SampleRowFn& row);
    const SamplesFileInfo& info() const { return info_; }
    std::size_t line() const { return line_; }
    const std::string& file() const { return file_; }

    std::optional<std::int64_t> parse_time(std::string_view s);

private:
    std::optional<ReadError> header(std::string_view text);
    std::optional<std::size_t> split_quoted(std::string_view data, std::size_t pos,
                                            std::size_t& lines, std::optional<ReadError>& error);
    ReadError error_at(std::string where, std::string message) const;

    std::string file_;
    std::size_t line_ = 1;  // where the next record starts
    bool header_seen_ = false;
    SamplesFileInfo info_;
    std::array<std::size_t, kSampleColumns> index_{};
    std::vector<std::string> names_;
    std::vector<std::string_view> f_;
    std::vector<std::string> unquoted_;  // quoted fields, unescaped
    std::array<char, 10> cached_date_{};
    bool have_date_ = false;
    std::int64_t cached_day_ms_ = 0;
};

// Reads the file at `path` through `row`.
ReadResult<SamplesFileInfo> read_samples(const std::string& path, const SampleRowFn& row);

// The same over content already in memory; `file` only names it in errors.
ReadResult<SamplesFileInfo> read_samples_text(std::string_view text, const std::string& file,
                                              const SampleRowFn& row);

}  // namespace wattbench::core::rundir
