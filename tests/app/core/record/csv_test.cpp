#include "app/core/record/csv.hpp"

#include <gtest/gtest.h>

namespace wattbench::core::record {
namespace {

TEST(CsvField, PlainFieldsAreNotQuoted) {
    EXPECT_EQ(csv_field("power"), "power");
    EXPECT_EQ(csv_field(""), "");
    EXPECT_EQ(csv_field("System Temp"), "System Temp");
    EXPECT_EQ(csv_field(" leading and trailing "), " leading and trailing ");
    EXPECT_EQ(csv_field("degC;%"), "degC;%");
    EXPECT_EQ(csv_field("°C"), "°C");
}

TEST(CsvField, QuotesCommaQuoteAndLineBreaks) {
    EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
    EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    EXPECT_EQ(csv_field("\""), "\"\"\"\"");
    EXPECT_EQ(csv_field("line\nbreak"), "\"line\nbreak\"");
    EXPECT_EQ(csv_field("cr\r"), "\"cr\r\"");
    EXPECT_EQ(csv_field("crlf\r\nx"), "\"crlf\r\nx\"");
}

TEST(CsvField, NeedsQuotes) {
    EXPECT_FALSE(csv_needs_quotes("abc"));
    EXPECT_TRUE(csv_needs_quotes(","));
    EXPECT_TRUE(csv_needs_quotes("\""));
    EXPECT_TRUE(csv_needs_quotes("\r"));
    EXPECT_TRUE(csv_needs_quotes("\n"));
}

TEST(CsvField, AppendAddsToExistingText) {
    std::string row = "x,";
    append_csv_field(row, "a,b");
    row += ',';
    append_csv_field(row, "c");
    EXPECT_EQ(row, "x,\"a,b\",c");
}

}  // namespace
}  // namespace wattbench::core::record
