#include "app/cli/prompt_answer.hpp"

#include <gtest/gtest.h>

namespace wattbench::cli {
namespace {

using core::engine::PromptRequest;

PromptRequest number(std::optional<double> def = std::nullopt) {
    PromptRequest r;
    r.kind = PromptRequest::Kind::number;
    r.unit = "kWh";
    r.default_value = def;
    return r;
}

TEST(PromptAnswer, Confirmations) {
    PromptRequest c;
    for (const char* yes : {"", "y", "YES", " ok "}) {
        const auto a = parse_prompt_answer(c, yes);
        EXPECT_FALSE(a.retry) << yes;
        EXPECT_EQ(a.value, 1.0) << yes;
    }
    for (const char* no : {"n", "No", "skip"}) {
        const auto a = parse_prompt_answer(c, no);
        EXPECT_FALSE(a.retry);
        EXPECT_FALSE(a.value);
    }
    EXPECT_TRUE(parse_prompt_answer(c, "maybe").retry);
}

TEST(PromptAnswer, Numbers) {
    EXPECT_EQ(parse_prompt_answer(number(), "1234.567").value, 1234.567);
    EXPECT_EQ(parse_prompt_answer(number(), " 1234,5 \r").value, 1234.5);
    EXPECT_FALSE(parse_prompt_answer(number(), "-").value);
    EXPECT_FALSE(parse_prompt_answer(number(), "-").retry);
    EXPECT_TRUE(parse_prompt_answer(number(), "").retry);
    EXPECT_EQ(parse_prompt_answer(number(7.0), "").value, 7.0);
    const auto bad = parse_prompt_answer(number(), "12 kWh");
    EXPECT_TRUE(bad.retry);
    EXPECT_EQ(bad.hint, "'12 kWh' is not a number; type the reading in kWh, or - to skip it");
    EXPECT_TRUE(parse_prompt_answer(number(), "nan").retry);
}

}  // namespace
}  // namespace wattbench::cli
