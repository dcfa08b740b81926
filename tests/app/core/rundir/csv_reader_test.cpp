#include "app/core/rundir/csv_reader.hpp"

#include <gtest/gtest.h>

#include "app/core/record/csv.hpp"

namespace wattbench::core::rundir {
namespace {

using record::append_csv_field;

using Fields = std::vector<std::string>;

Fields split(std::string_view line) {
    std::string error;
    auto fields = split_csv_line(line, &error);
    EXPECT_TRUE(fields.has_value()) << line << ": " << error;
    return fields.value_or(Fields{});
}

std::string split_error(std::string_view line) {
    std::string error;
    EXPECT_FALSE(split_csv_line(line, &error).has_value()) << line;
    return error;
}

TEST(SplitCsvLine, PlainFields) {
    EXPECT_EQ(split("a,b,c"), (Fields{"a", "b", "c"}));
    EXPECT_EQ(split("a,b,c\n"), (Fields{"a", "b", "c"}));
    EXPECT_EQ(split("a,b,c\r\n"), (Fields{"a", "b", "c"}));
    EXPECT_EQ(split(""), (Fields{""}));
    EXPECT_EQ(split(",,"), (Fields{"", "", ""}));
    EXPECT_EQ(split(" x , y "), (Fields{" x ", " y "}));
}

TEST(SplitCsvLine, QuotedFields) {
    EXPECT_EQ(split("\"a,b\",c"), (Fields{"a,b", "c"}));
    EXPECT_EQ(split("\"say \"\"hi\"\"\",x"), (Fields{"say \"hi\"", "x"}));
    EXPECT_EQ(split("\"\""), (Fields{""}));
    EXPECT_EQ(split("\"\",\"\""), (Fields{"", ""}));
    EXPECT_EQ(split("x,\"\"\"\""), (Fields{"x", "\""}));
    EXPECT_EQ(split("\"multi\nline\",z"), (Fields{"multi\nline", "z"}));
}

TEST(SplitCsvLine, RoundTripsQuotedFields) {
    const Fields fields{"plain", "a,b", "q\"uote", "", "line\nbreak", "cr\r\nlf", "\"\""};
    std::string line;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i > 0) {
            line += ',';
        }
        append_csv_field(line, fields[i]);
    }
    EXPECT_EQ(split(line), fields);
}

TEST(SplitCsvLine, Errors) {
    EXPECT_EQ(split_error("\"abc"), "unterminated quoted field");
    EXPECT_EQ(split_error("ab\"c"), "quote inside an unquoted field");
    EXPECT_EQ(split_error("\"a\"b,c"), "unexpected character after closing quote");
    EXPECT_EQ(split_error("a\nb"), "line break outside a quoted field");
}

TEST(CsvReader, RecordsLineNumbersAcrossQuotedLineBreaks) {
    CsvReader r("h1,h2\r\n\"two\nlines\",x\r\nlast,y");
    Fields f;
    ASSERT_TRUE(r.next(f));
    EXPECT_EQ(r.line(), 1u);
    EXPECT_EQ(f, (Fields{"h1", "h2"}));
    ASSERT_TRUE(r.next(f));
    EXPECT_EQ(r.line(), 2u);
    EXPECT_EQ(f, (Fields{"two\nlines", "x"}));
    ASSERT_TRUE(r.next(f));
    EXPECT_EQ(r.line(), 4u);
    EXPECT_EQ(f, (Fields{"last", "y"}));
    EXPECT_FALSE(r.next(f));
    EXPECT_FALSE(r.error().has_value());
}

TEST(CsvReader, RecordTextIsTheRecordsBytesWithoutItsLineBreak) {
    CsvReader r("\xEF\xBB\xBFh1,h2\r\n\"two\nlines\",\"a\"\"b\"\n\nlast,y");
    std::vector<std::string> f;
    ASSERT_TRUE(r.next(f));
    EXPECT_EQ(r.record_text(), "h1,h2");
    ASSERT_TRUE(r.next(f));
    EXPECT_EQ(r.record_text(), "\"two\nlines\",\"a\"\"b\"");
    EXPECT_EQ(f, (std::vector<std::string>{"two\nlines", "a\"b"}));
    ASSERT_TRUE(r.next(f));
    EXPECT_EQ(r.record_text(), "");
    ASSERT_TRUE(r.next(f));
    EXPECT_EQ(r.record_text(), "last,y");
    EXPECT_FALSE(r.next(f));
}

TEST(CsvReader, SkipsByteOrderMarkAndReportsErrorLine) {
    CsvReader r(
        "\xEF\xBB\xBF"
        "a,b\nc,d\n\"open,e\n");
    Fields f;
    ASSERT_TRUE(r.next(f));
    EXPECT_EQ(f, (Fields{"a", "b"}));
    ASSERT_TRUE(r.next(f));
    EXPECT_FALSE(r.next(f));
    ASSERT_TRUE(r.error().has_value());
    EXPECT_EQ(*r.error(), "unterminated quoted field");
    EXPECT_EQ(r.line(), 3u);
}

TEST(CsvReader, BlankLineIsOneEmptyField) {
    CsvReader r("a\n\nb\n");
    Fields f;
    ASSERT_TRUE(r.next(f));
    ASSERT_TRUE(r.next(f));
    EXPECT_EQ(f, (Fields{""}));
    EXPECT_EQ(r.line(), 2u);
    ASSERT_TRUE(r.next(f));
    EXPECT_EQ(f, (Fields{"b"}));
    EXPECT_FALSE(r.next(f));
}

}  // namespace
}  // namespace wattbench::core::rundir
