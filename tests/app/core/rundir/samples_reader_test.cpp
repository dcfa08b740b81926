#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/core/rundir/samples_reader.hpp"

namespace wattbench::core::rundir {
namespace {

const std::string kHeader = "time,elapsed_s,phase,stage,device,channel,value,unit,status\n";
const std::string kRow1 = "2026-11-29T19:50:40.123Z,0.5,idle,window,wm,power,101.5,W,ok";
const std::string kRow2 = "2026-11-29T19:50:41.123Z,1.5,idle,window,wm,power,102,W,ok";

struct Seen {
    std::size_t line;
    std::string device;
    std::string value;
    std::string text;
    std::optional<std::int64_t> ms;
};

ReadResult<SamplesFileInfo> read(const std::string& bytes, std::vector<Seen>& seen) {
    return read_samples_text(bytes, "run/samples.csv", [&](const SampleRow& r) {
        seen.push_back({r.line(), std::string(r[SampleColumn::device]),
                        std::string(r[SampleColumn::value]), std::string(r.text()), r.time_ms()});
        return std::optional<ReadError>{};
    });
}

TEST(SamplesReader, ReadsRowsWithTypedAccess) {
    std::vector<Seen> seen;
    const auto r = read(kHeader + kRow1 + "\n" + kRow2 + "\n", seen);
    ASSERT_TRUE(r.ok()) << r.error().text();
    EXPECT_EQ(r->rows, 2u);
    EXPECT_FALSE(r->truncated);
    ASSERT_EQ(seen.size(), 2u);
    EXPECT_EQ(seen[0].line, 2u);
    EXPECT_EQ(seen[0].device, "wm");
    EXPECT_EQ(seen[0].text, kRow1);
    EXPECT_EQ(*seen[1].ms - *seen[0].ms, 1000);
}

TEST(SamplesReader, CrlfLineEndsAndBlankLines) {
    std::vector<Seen> seen;
    std::string header = kHeader;
    header.insert(header.size() - 1, "\r");
    const auto r = read(header + kRow1 + "\r\n\r\n" + kRow2 + "\r\n", seen);
    ASSERT_TRUE(r.ok()) << r.error().text();
    ASSERT_EQ(seen.size(), 2u);
    EXPECT_EQ(seen[0].text, kRow1);
    EXPECT_EQ(seen[1].line, 4u);
}

TEST(SamplesReader, CutOffLastLineIsReportedNotRead) {
    std::vector<Seen> seen;
    const auto r = read(kHeader + kRow1 + "\n" + kRow2.substr(0, 30), seen);
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r->truncated);
    EXPECT_EQ(r->rows, 1u);
}

TEST(SamplesReader, QuotedFieldsAreUnescaped) {
    std::vector<Seen> seen;
    const auto r = read(
        kHeader + "2026-11-29T19:50:40.123Z,0.5,idle,window,\"w,m\",power,\"a\"\"b\",W,ok\n", seen);
    ASSERT_TRUE(r.ok()) << r.error().text();
    ASSERT_EQ(seen.size(), 1u);
    EXPECT_EQ(seen[0].device, "w,m");
    EXPECT_EQ(seen[0].value, "a\"b");
}

TEST(SamplesReader, ColumnsAreFoundByName) {
    std::vector<Seen> seen;
    const auto r = read(
        "status,unit,value,channel,device,stage,phase,elapsed_s,time,extra\n"
        "ok,W,7,power,wm,window,idle,0.5,2026-11-29T19:50:40.123Z,x\n",
        seen);
    ASSERT_TRUE(r.ok()) << r.error().text();
    ASSERT_EQ(seen.size(), 1u);
    EXPECT_EQ(seen[0].device, "wm");
    EXPECT_EQ(seen[0].value, "7");
}

TEST(SamplesReader, MissingColumnIsAnError) {
    std::vector<Seen> seen;
    const auto r = read("time,elapsed_s,phase,stage,device,channel,unit,status\n", seen);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().text(),
              "run/samples.csv:1: not a samples.csv header: "
              "'time,elapsed_s,phase,stage,device,channel,unit,status'");
}

TEST(SamplesReader, WrongColumnCountNamesTheLine) {
    std::vector<Seen> seen;
    const auto r = read(kHeader + kRow1 + "\n" + "a,b,c\n", seen);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().text(), "run/samples.csv:3: 3 columns, expected 9");
}

TEST(SamplesReader, BadNumberIsTheCallbacksErrorWithFileLineAndColumn) {
    const std::string bad = "2026-11-29T19:50:40.123Z,0.5,idle,window,wm,power,1..2,W,ok\n";
    const auto r =
        read_samples_text(kHeader + kRow1 + "\n" + bad, "f.csv", [](const SampleRow& row) {
            return row.number(SampleColumn::value)
                       ? std::nullopt
                       : std::optional<ReadError>(row.error(SampleColumn::value, "not a number"));
        });
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().text(), "f.csv:3: column 'value': not a number '1..2'");
}

TEST(SamplesReader, BadTimeIsNotATime) {
    std::vector<Seen> seen;
    const auto r = read(kHeader + "2026-11-29T25:50:40.123Z,0.5,idle,window,wm,p,1,W,ok\n" +
                            "2026-11-29T19:50:40.123Z,0.5,idle,window,wm,p,1,W,ok\n" +
                            "2026-11-29T19:50:41.123Z,0.5,idle,window,wm,p,1,W,ok\n",
                        seen);
    ASSERT_TRUE(r.ok());
    EXPECT_FALSE(seen[0].ms);
    // The second row of a day reuses the day's date; the answer is the same.
    EXPECT_EQ(*seen[2].ms - *seen[1].ms, 1000);
}

TEST(SamplesReader, FedInPiecesGivesTheSameRows) {
    const std::string text = kHeader + kRow1 + "\n" + kRow2 + "\n";
    for (std::size_t cut = 1; cut < text.size(); ++cut) {
        SamplesReader reader("f");
        std::vector<std::string> rows;
        const SampleRowFn fn = [&](const SampleRow& r) {
            rows.emplace_back(r.text());
            return std::optional<ReadError>{};
        };
        std::string buffer = text.substr(0, cut);
        std::size_t consumed = 0;
        ASSERT_FALSE(reader.feed(buffer, false, consumed, fn));
        buffer = buffer.substr(consumed) + text.substr(cut);
        ASSERT_FALSE(reader.feed(buffer, true, consumed, fn));
        EXPECT_EQ(rows, (std::vector<std::string>{kRow1, kRow2})) << cut;
    }
}

TEST(SamplesReader, MissingFileIsNoRows) {
    const auto r = read_samples("/nonexistent/samples.csv",
                                [](const SampleRow&) { return std::optional<ReadError>{}; });
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r->missing);
    EXPECT_EQ(r->rows, 0u);
}

}  // namespace
}  // namespace wattbench::core::rundir
