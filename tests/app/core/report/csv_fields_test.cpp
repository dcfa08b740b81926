#include "app/core/report/csv_fields.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace wattbench::core::report {
namespace {

using ::testing::ElementsAre;

std::vector<CsvRecord> records(std::string_view text) {
    auto result = split_csv(text);
    if (const auto* error = std::get_if<CsvError>(&result)) {
        ADD_FAILURE() << "line " << error->line << ": " << error->message;
        return {};
    }
    return std::get<std::vector<CsvRecord>>(result);
}

CsvError error(std::string_view text) {
    auto result = split_csv(text);
    EXPECT_TRUE(std::holds_alternative<CsvError>(result)) << text;
    return std::holds_alternative<CsvError>(result) ? std::get<CsvError>(result) : CsvError{};
}

TEST(CsvFields, SplitsPlainFieldsAndKeepsEmptyOnes) {
    const auto r = records("a,b,c\n1,,3\n");
    ASSERT_EQ(r.size(), 2u);
    EXPECT_THAT(r[0].fields, ElementsAre("a", "b", "c"));
    EXPECT_THAT(r[1].fields, ElementsAre("1", "", "3"));
    EXPECT_EQ(r[1].line, 2u);
}

TEST(CsvFields, TrailingCommaIsAnEmptyLastField) {
    const auto r = records("a,\n");
    ASSERT_EQ(r.size(), 1u);
    EXPECT_THAT(r[0].fields, ElementsAre("a", ""));
}

TEST(CsvFields, QuotedFieldsHoldCommasQuotesAndLineBreaks) {
    const auto r = records("\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\"\nnext,row\n");
    ASSERT_EQ(r.size(), 2u);
    EXPECT_THAT(r[0].fields, ElementsAre("a,b", "say \"hi\"", "two\nlines"));
    EXPECT_EQ(r[0].line, 1u);
    EXPECT_EQ(r[1].line, 3u);
}

TEST(CsvFields, AcceptsCrlfAndNoFinalNewline) {
    const auto r = records("a,b\r\n\"c\",d");
    ASSERT_EQ(r.size(), 2u);
    EXPECT_THAT(r[0].fields, ElementsAre("a", "b"));
    EXPECT_THAT(r[1].fields, ElementsAre("c", "d"));
}

TEST(CsvFields, SkipsBlankLinesButCountsThem) {
    const auto r = records("a\n\n\r\nb\n\n");
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[1].line, 4u);
}

TEST(CsvFields, ReportsMalformedQuotingWithItsLine) {
    const auto unclosed = error("a\nb,\"open\nstill open\n");
    EXPECT_EQ(unclosed.line, 2u);
    EXPECT_EQ(unclosed.message, "quoted field is never closed");

    const auto after = error("a\n\"x\"y,z\n");
    EXPECT_EQ(after.line, 2u);
    EXPECT_EQ(after.message, "text after the closing quote of a field");

    const auto inside = error("a,b\"c\n");
    EXPECT_EQ(inside.line, 1u);
    EXPECT_EQ(inside.message, "quote inside an unquoted field");

    EXPECT_EQ(error("a\rb\n").message, "carriage return not followed by a line feed");
}

TEST(CsvFields, QuotesOnlyWhenNeeded) {
    EXPECT_EQ(quote_csv_field("plain"), "plain");
    EXPECT_EQ(quote_csv_field(""), "");
    EXPECT_EQ(quote_csv_field("a,b"), "\"a,b\"");
    EXPECT_EQ(quote_csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    EXPECT_EQ(quote_csv_field("two\nlines"), "\"two\nlines\"");
}

TEST(CsvFields, QuotedOutputSplitsBackToTheSameFields) {
    const std::vector<std::string> fields{"a,b", "\"", "", "x\r\ny", "plain"};
    std::string line;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        line += (i > 0 ? "," : "") + quote_csv_field(fields[i]);
    }
    const auto r = records(line + "\n");
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].fields, fields);
}

}  // namespace
}  // namespace wattbench::core::report
