#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

// The PTDaemon line protocol as a client sees it, without I/O: commands out, each reply line
// classified and parsed. Facts: ../shared/analyzers.md, "SPEC PTDaemon, as a client reads an
// analyzer through it"; forms the sources leave open are accepted in every plausible variant.
namespace wattbench::drivers::ptdaemon {

// One command line as sent: PTD clients end lines with CRLF.
std::string encode(std::string_view command);

// `Identify`: driver/IDN first, then fixed positions up to `version=`; a model whose IDN holds
// commas shifts them, so positions are counted back from the `version=` field when there is
// one. Everything after `channels` is optional and ignored.
struct Identity {
    std::string model;
    std::optional<int> interval_ms;
    std::optional<bool> accepted;
    std::string version;  // "1.11.1" of "version=1.11.1-1fee1ded-20161226"
    std::string version_crc;
    std::string version_date;
    std::string os;
    std::string mode;  // power | temperature
    std::optional<bool> can_rangeset;
    std::optional<int> channels;
};

// `RR`: one (auto, range) pair per quantity and channel; the sum channel first.
struct ChannelRanges {
    int amps_auto = -1;  // -1 unknown, 0 off, 1 on
    std::optional<double> amps;
    int volts_auto = -1;
    std::optional<double> volts;
};
struct Ranges {
    std::vector<ChannelRanges> channels;
};

// A value of a sample: nullopt when PTD had none (`-1.000000`) or the field was not a number.
struct Quantities {
    std::optional<double> watts;
    std::optional<double> volts;
    std::optional<double> amps;
    std::optional<double> pf;
};
// One line after `Last N samples`.
struct Sample {
    std::int64_t time_ms = 0;  // PTD host's local time as written, ms since 1970 (no zone)
    std::string time_text;
    Quantities sum;
    std::vector<Quantities> channels;  // Ch1, Ch2, … on a multichannel analyzer
    std::string mark;
};

struct SamplesHeader {
    int count = 0;
};

// `Watts,<avg>,<min>,<max>,<samples>,<errors>,<valid>`: the measurement's own summary.
struct WattsSummary {
    std::optional<double> avg;
    std::optional<double> min;
    std::optional<double> max;
    std::optional<std::int64_t> samples;
    std::optional<std::int64_t> errors;
    std::string valid;  // as PTD writes it; its meaning is not in the sources
};

// `Uncertainty,` then 7-tuples avg,min,max,total,invalid,valid,unknown (sum channel first).
struct UncertaintyTuple {
    std::optional<double> avg;
    std::optional<double> min;
    std::optional<double> max;
    std::optional<std::int64_t> total;
    std::optional<std::int64_t> invalid;
    std::optional<std::int64_t> valid;
    std::optional<std::int64_t> unknown;
};
struct Uncertainty {
    std::vector<UncertaintyTuple> tuples;
};

struct Hello {};
struct RangeChanged {
    char quantity = '?';  // 'V' or 'A'
};
struct Started {
    std::string text;
};
struct Stopped {};

enum class ErrorCode {
    invalid_parameter_count,  // Invalid number of parameters
    bad_parameter,            // Error in parameter
    busy,                     // Meter busy
    invalid_channel,          // Invalid channel
    unknown_command,          // Unknown command
    nothing_to_stop,          // Error: no measurement to stop
    other,                    // any other line starting "Error"
};
struct ErrorReply {
    ErrorCode code = ErrorCode::other;
    std::string text;
};

// A line none of the above: noise, or an answer this client does not know (Mark's, Reset's).
struct Other {
    std::string text;
};

using Reply = std::variant<Hello, Identity, Ranges, RangeChanged, Started, Stopped, SamplesHeader,
                           Sample, WattsSummary, Uncertainty, ErrorReply, Other>;

// One reply line, LF already split off; a trailing CR and blanks are stripped here.
Reply parse_reply(std::string_view line);

// `MM-DD-YYYY hh:mm:ss[.fff]` as ms since 1970, the zone ignored (only differences matter).
std::optional<std::int64_t> parse_time(std::string_view text);

// A number as PTD writes it; `-1.000000` (no value) and anything unparsable give nullopt.
std::optional<double> parse_value(std::string_view text);

}  // namespace wattbench::drivers::ptdaemon
