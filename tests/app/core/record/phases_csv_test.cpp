#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "app/core/record/phases_csv_writer.hpp"
#include "app/core/rundir/phases_csv_reader.hpp"
#include "tests/app/core/record/temp_dir.hpp"

namespace wattbench::core::record {
namespace {

using namespace std::chrono;
using namespace std::chrono_literals;
using rundir::parse_phases_csv;
using rundir::read_phases_csv;
using stats::ChannelSummary;
using testing::read_file;
using testing::TempDir;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
const system_clock::time_point kStart =
    system_clock::time_point{sys_days{2026y / 11 / 29}} + 19h + 50min + 40s + 123ms;

ChannelSummary numeric() {
    ChannelSummary r;
    r.phase = "cpu-1";
    r.load = "cpu";
    r.device = "wattmeter";
    r.channel = "power";
    r.unit = "W";
    r.samples = 600;
    r.mean = 100.0 / 3.0;
    r.min = 1e-7;
    r.max = 163.1;
    r.stddev = 0.30000000000000004;
    r.coverage = 2.0 / 3.0;
    r.start = kStart;
    r.end = kStart + 10min;
    return r;
}

ChannelSummary empty_channel() {
    ChannelSummary r = numeric();
    r.device = "slm";
    r.channel = "spl";
    r.unit = "dBA";
    r.samples = 0;
    r.mean = r.min = r.max = r.stddev = kNaN;
    r.coverage = 0.0;
    return r;
}

ChannelSummary discrete() {
    ChannelSummary r = numeric();
    r.phase = "model, \"web\"";
    r.load = "command";
    r.device = "bmc";
    r.channel = "cpu_temp";
    r.unit = "state";
    r.samples = 300;
    r.mean = r.min = r.max = r.stddev = kNaN;
    r.coverage = 1.0;
    r.states = {{"Low", 300}};
    return r;
}

TEST(PhasesCsvWriter, RowsAreByteExact) {
    EXPECT_EQ(PhasesCsvWriter::format_row(numeric()),
              "cpu-1,cpu,wattmeter,power,W,33.333333333333336,1e-07,163.1,0.30000000000000004,"
              "600,0.6667,2026-11-29T19:50:40.123Z,2026-11-29T20:00:40.123Z,,,,\n");
    EXPECT_EQ(PhasesCsvWriter::format_row(empty_channel()),
              "cpu-1,cpu,slm,spl,dBA,,,,,0,0.0000,2026-11-29T19:50:40.123Z,"
              "2026-11-29T20:00:40.123Z,,,,\n");
    EXPECT_EQ(PhasesCsvWriter::format_row(discrete()),
              "\"model, \"\"web\"\"\",command,bmc,cpu_temp,state,,,,,300,1.0000,"
              "2026-11-29T19:50:40.123Z,2026-11-29T20:00:40.123Z,,,,\n");
    ChannelSummary flagged = numeric();
    flagged.flags = "load_short;warmup_max";
    const std::string row = PhasesCsvWriter::format_row(flagged);
    EXPECT_EQ(row.substr(row.size() - 26), ",load_short;warmup_max,,,\n");
    ChannelSummary measured = numeric();
    measured.uncertainty = 0.0042;
    const std::string with_u = PhasesCsvWriter::format_row(measured);
    EXPECT_EQ(with_u.substr(with_u.size() - 13), ",,0.004200,,\n");
    ChannelSummary sound = empty_channel();
    sound.samples = 600;
    sound.mean = 67.0;
    sound.min = 50.0;
    sound.max = 70.0;
    sound.stddev = 10.0;
    sound.l10 = 70.0;
    sound.l90 = 50.5;
    const std::string with_levels = PhasesCsvWriter::format_row(sound);
    EXPECT_EQ(with_levels.substr(with_levels.size() - 11), ",,,70,50.5\n");
}

TEST(PhasesCsvWriter, HeaderEndsWithTheSoundLevelColumns) {
    EXPECT_EQ(PhasesCsvWriter::kHeader,
              "phase,load,device,channel,unit,mean,min,max,stddev,samples,coverage,start,end,"
              "flags,uncertainty,l10,l90\n");
}

TEST(PhasesCsvWriter, StatisticsOfAnEmptyWindowAreEmptyEvenIfNotNaN) {
    ChannelSummary r = empty_channel();
    r.mean = r.min = r.max = r.stddev = 0.0;
    EXPECT_EQ(PhasesCsvWriter::format_row(r).substr(0, 30), "cpu-1,cpu,slm,spl,dBA,,,,,0,0.");
}

TEST(PhasesCsvWriter, EachPhaseIsOnDiskWhenWriteReturns) {
    TempDir dir;
    const auto path = dir.file("phases.csv");
    PhasesCsvWriter w(path);
    EXPECT_EQ(read_file(path), PhasesCsvWriter::kHeader);
    w.write({numeric(), empty_channel()});
    EXPECT_EQ(read_file(path), std::string(PhasesCsvWriter::kHeader) +
                                   PhasesCsvWriter::format_row(numeric()) +
                                   PhasesCsvWriter::format_row(empty_channel()));
    w.write({discrete()});
    EXPECT_EQ(std::get<0>(read_phases_csv(path)).size(), 3u);
}

void expect_same_or_both_nan(double a, double b) {
    if (std::isnan(b)) {
        EXPECT_TRUE(std::isnan(a)) << a;
    } else {
        EXPECT_EQ(a, b);
    }
}

TEST(PhasesCsv, RoundTrip) {
    TempDir dir;
    const auto path = dir.file("phases.csv");
    std::vector<ChannelSummary> rows{numeric(), empty_channel(), discrete(), empty_channel()};
    rows[0].flags = "load_short";
    rows[3].phase = "cpu-2";
    rows[3].samples = 10;
    rows[3].mean = 67.0;
    rows[3].min = 50.0;
    rows[3].max = 70.0;
    rows[3].stddev = 10.5;
    rows[3].l10 = 70.0;
    rows[3].l90 = 50.1;
    {
        PhasesCsvWriter w(path);
        w.write(rows);
    }
    const auto result = read_phases_csv(path);
    ASSERT_EQ(result.index(), 0u) << std::get<1>(result).to_string();
    const auto& back = std::get<0>(result);
    ASSERT_EQ(back.size(), rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(back[i].phase, rows[i].phase);
        EXPECT_EQ(back[i].load, rows[i].load);
        EXPECT_EQ(back[i].device, rows[i].device);
        EXPECT_EQ(back[i].channel, rows[i].channel);
        EXPECT_EQ(back[i].unit, rows[i].unit);
        EXPECT_EQ(back[i].flags, rows[i].flags);
        EXPECT_EQ(back[i].samples, rows[i].samples);
        expect_same_or_both_nan(back[i].mean, rows[i].mean);  // shortest form reads back exactly
        expect_same_or_both_nan(back[i].min, rows[i].min);
        expect_same_or_both_nan(back[i].max, rows[i].max);
        expect_same_or_both_nan(back[i].stddev, rows[i].stddev);
        EXPECT_NEAR(back[i].coverage, rows[i].coverage, 0.00005);
        EXPECT_EQ(back[i].start, rows[i].start);
        EXPECT_EQ(back[i].end, rows[i].end);
        expect_same_or_both_nan(back[i].l10, rows[i].l10);
        expect_same_or_both_nan(back[i].l90, rows[i].l90);
        EXPECT_TRUE(std::isnan(back[i].energy_wh));
        EXPECT_EQ(back[i].invalid, 0u);
    }
}

// The header of files written before the flags column existed: the reader must keep reading
// them, and the rows below are in that shape.
std::string header() {
    return "phase,load,device,channel,unit,mean,min,max,stddev,samples,coverage,start,end\n";
}

const char* const kGoodRow =
    "idle,idle,wattmeter,power,W,71.5,70,73,0.5,600,1.0000,2026-11-29T19:50:40.123Z,"
    "2026-11-29T20:00:40.123Z\n";

std::string error_of(const std::string& text) {
    const auto result = parse_phases_csv(text, "run/phases.csv");
    EXPECT_EQ(result.index(), 1u) << text;
    return result.index() == 1 ? std::get<1>(result).to_string() : std::string();
}

TEST(PhasesCsvReader, ErrorsNameFileLineAndColumn) {
    EXPECT_EQ(error_of(""), "run/phases.csv:1: empty file, expected the header");
    EXPECT_EQ(error_of("phase,load,device,channel,unit,mean,min,max,stddev,samples,start,end\n"),
              "run/phases.csv:1: coverage: column missing from the header");
    EXPECT_EQ(error_of(header() + kGoodRow +
                       "idle,idle,wattmeter,power,W,abc,70,73,0.5,600,1.0000,"
                       "2026-11-29T19:50:40.123Z,2026-11-29T20:00:40.123Z\n"),
              "run/phases.csv:3: mean: not a number: 'abc'");
    EXPECT_EQ(error_of(header() + "idle,idle,wattmeter,power,W,71.5,70,73,0.5,-1,1.0000,"
                                  "2026-11-29T19:50:40.123Z,2026-11-29T20:00:40.123Z\n"),
              "run/phases.csv:2: samples: not a count: '-1'");
    EXPECT_EQ(error_of(header() + "idle,idle,wattmeter,power,W,71.5,70,73,0.5,600,1.5,"
                                  "2026-11-29T19:50:40.123Z,2026-11-29T20:00:40.123Z\n"),
              "run/phases.csv:2: coverage: not a share between 0 and 1: '1.5'");
    EXPECT_EQ(error_of(header() + "idle,idle,wattmeter,power,W,71.5,70,73,0.5,600,1.0000,"
                                  "2026-11-29 19:50:40,2026-11-29T20:00:40.123Z\n"),
              "run/phases.csv:2: start: not a UTC time like 2026-11-29T19:50:40.123Z: "
              "'2026-11-29 19:50:40'");
    EXPECT_EQ(error_of(header() + kGoodRow + "idle,idle,wattmeter\n"),
              "run/phases.csv:3: expected 13 fields as in the header, found 3");
    EXPECT_EQ(error_of(header() + kGoodRow + "\"idle,idle\n"),
              "run/phases.csv:3: unterminated quoted field");
}

TEST(PhasesCsvReader, RefusesNonFiniteFiguresEmptyNamesAndSecondRows) {
    EXPECT_EQ(error_of(header() + "idle,idle,wattmeter,power,W,71.5,70,73,nan,600,1.0000,"
                                  "2026-11-29T19:50:40.123Z,2026-11-29T20:00:40.123Z\n"),
              "run/phases.csv:2: stddev: not a number: 'nan'");
    EXPECT_EQ(error_of(header() + "idle,idle,wattmeter,,W,71.5,70,73,0.5,600,1.0000,"
                                  "2026-11-29T19:50:40.123Z,2026-11-29T20:00:40.123Z\n"),
              "run/phases.csv:2: channel: empty");
    EXPECT_EQ(error_of(header() + kGoodRow + kGoodRow),
              "run/phases.csv:3: second row for phase 'idle' channel 'wattmeter/power' (first on "
              "line 2)");
}

TEST(PhasesCsvReader, LineNumbersCountLineBreaksInsideQuotedFields) {
    EXPECT_EQ(error_of(header() + "\"two\nlines\",idle,wattmeter,power,W,71.5,70,73,0.5,600,1.0000,"
                                  "2026-11-29T19:50:40.123Z,2026-11-29T20:00:40.123Z\n"
                                  "idle,idle,wattmeter,power,W,71.5,70,73,0.5,600,1.0000,"
                                  "2026-11-29T19:50:40.123Z,xx\n"),
              "run/phases.csv:4: end: not a UTC time like 2026-11-29T19:50:40.123Z: 'xx'");
}

TEST(PhasesCsvReader, MissingFileHasNoLineNumber) {
    TempDir dir;
    const auto result = read_phases_csv(dir.file("nope.csv"));
    ASSERT_EQ(result.index(), 1u);
    EXPECT_EQ(std::get<1>(result).line, 0u);
    EXPECT_EQ(std::get<1>(result).to_string(),
              dir.file("nope.csv") + ": No such file or directory");
}

TEST(PhasesCsvReader, ToleratesCrLfBomBlankLinesAndExtraColumns) {
    const std::string text =
        "\xEF\xBB\xBFphase,load,device,channel,unit,mean,min,max,stddev,samples,coverage,start,"
        "end,energy_wh,note\r\n"
        "idle,idle,wattmeter,power,W,71.5,70,73,0.5,600,0.9983,2026-11-29T19:50:40.123Z,"
        "2026-11-29T20:00:40.123Z,11.9,\"free, text\"\r\n"
        "\r\n";
    const auto result = parse_phases_csv(text, "x.csv");
    ASSERT_EQ(result.index(), 0u) << std::get<1>(result).to_string();
    const auto& rows = std::get<0>(result);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].mean, 71.5);
    EXPECT_EQ(rows[0].coverage, 0.9983);
    EXPECT_EQ(rows[0].energy_wh, 11.9);
}

TEST(PhasesCsvReader, HeaderOnlyIsNoRows) {
    const auto result = parse_phases_csv(header(), "x.csv");
    ASSERT_EQ(result.index(), 0u);
    EXPECT_TRUE(std::get<0>(result).empty());
}

}  // namespace
}  // namespace wattbench::core::record

namespace wattbench::core::record {
namespace {

TEST(PhasesCsvReader, ReadsUncertaintyWhenPresent) {
    stats::ChannelSummary measured;
    measured.phase = "idle";
    measured.load = "idle";
    measured.device = "wattmeter";
    measured.channel = "power";
    measured.unit = "W";
    measured.samples = 10;
    measured.mean = measured.min = measured.max = 71.5;
    measured.stddev = 0.0;
    measured.coverage = 1.0;
    measured.uncertainty = 0.0042;
    stats::ChannelSummary other = measured;
    other.channel = "voltage";
    other.uncertainty = std::numeric_limits<double>::quiet_NaN();
    const std::string text = std::string(PhasesCsvWriter::kHeader) +
                             PhasesCsvWriter::format_row(measured) +
                             PhasesCsvWriter::format_row(other);
    const auto result = parse_phases_csv(text, "run/phases.csv");
    ASSERT_TRUE(std::holds_alternative<std::vector<stats::ChannelSummary>>(result));
    const auto& rows = std::get<std::vector<stats::ChannelSummary>>(result);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_DOUBLE_EQ(rows[0].uncertainty, 0.0042);
    EXPECT_TRUE(std::isnan(rows[1].uncertainty));
}

}  // namespace
}  // namespace wattbench::core::record
