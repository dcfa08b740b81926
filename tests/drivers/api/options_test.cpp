#include "drivers/api/options.hpp"

#include <gtest/gtest.h>

namespace wattbench::drivers::api {
namespace {

TEST(Options, AbsentKeyIsNulloptWithoutError) {
    Options o;
    EXPECT_FALSE(o.has("seed"));
    EXPECT_EQ(o.take_integer("seed"), std::nullopt);
    EXPECT_EQ(o.take_number("seed"), std::nullopt);
    EXPECT_EQ(o.take_bool("seed"), std::nullopt);
    EXPECT_EQ(o.take_string("seed"), std::nullopt);
    EXPECT_FALSE(o.error());
    EXPECT_EQ(o.error_key(), "");
}

TEST(Options, TakesEachType) {
    Options o;
    o.set("i", std::int64_t{42});
    o.set("d", 2.5);
    o.set("b", true);
    o.set("s", std::string("A"));
    EXPECT_TRUE(o.has("i"));
    EXPECT_EQ(o.take_integer("i"), 42);
    EXPECT_EQ(o.take_number("d"), 2.5);
    EXPECT_EQ(o.take_bool("b"), true);
    EXPECT_EQ(o.take_string("s"), "A");
    EXPECT_FALSE(o.error());
    EXPECT_TRUE(o.unused().empty());
}

TEST(Options, IntegerIsAcceptedAsNumber) {
    Options o;
    o.set("idle_power", std::int64_t{80});
    EXPECT_EQ(o.take_number("idle_power"), 80.0);
    EXPECT_FALSE(o.error());
}

TEST(Options, NumberIsNotAnInteger) {
    Options o;
    o.set("seed", 1.5);
    EXPECT_EQ(o.take_integer("seed"), std::nullopt);
    ASSERT_TRUE(o.error());
    EXPECT_EQ(o.error()->kind, ErrorKind::config);
    EXPECT_EQ(o.error()->message, "key 'seed': expected an integer");
    EXPECT_EQ(o.error_key(), "seed");
}

TEST(Options, WrongTypeMessagesNameTheExpectedType) {
    struct Case {
        const char* expected;
        void (*take)(Options&);
    };
    const Case cases[] = {
        {"key 'k': expected a number", [](Options& o) { o.take_number("k"); }},
        {"key 'k': expected true or false", [](Options& o) { o.take_bool("k"); }},
        {"key 'k': expected a string", [](Options& o) { o.take_string("k"); }},
    };
    for (const auto& c : cases) {
        Options o;
        o.set("k", std::vector<double>{1.0, 2.0});
        c.take(o);
        ASSERT_TRUE(o.error()) << c.expected;
        EXPECT_EQ(o.error()->message, c.expected);
        EXPECT_EQ(o.error_key(), "k");
    }
}

TEST(Options, FirstErrorIsKept) {
    Options o;
    o.set("a", std::string("x"));
    o.set("b", std::string("y"));
    o.take_bool("b");
    o.take_integer("a");
    ASSERT_TRUE(o.error());
    EXPECT_EQ(o.error_key(), "b");
    EXPECT_EQ(o.error()->message, "key 'b': expected true or false");
}

TEST(Options, WrongTypeStillCountsAsUsed) {
    Options o;
    o.set("a", true);
    o.take_string("a");
    EXPECT_TRUE(o.unused().empty());
}

TEST(Options, UnusedListsUntakenKeysInOrder) {
    Options o;
    o.set("zeta", true);
    o.set("alpha", std::int64_t{1});
    o.set("mid", 1.0);
    o.take_number("mid");
    EXPECT_EQ(o.unused(), (std::vector<std::string>{"alpha", "zeta"}));
}

TEST(Options, CommaListFromAStringOrAList) {
    Options o;
    o.set("text", std::string("opensesspriv,authcap"));
    o.set("list", std::vector<std::string>{"opensesspriv", "authcap"});
    o.set("one", std::vector<std::string>{"CPU1 Temp"});
    o.set("empty", std::vector<double>{});  // how TOML's `[]` arrives
    EXPECT_EQ(o.take_comma_list("text"), "opensesspriv,authcap");
    EXPECT_EQ(o.take_comma_list("list"), "opensesspriv,authcap");
    EXPECT_EQ(o.take_comma_list("one"), "CPU1 Temp");
    EXPECT_EQ(o.take_comma_list("empty"), "");
    EXPECT_EQ(o.take_comma_list("absent"), std::nullopt);
    EXPECT_FALSE(o.error());
    EXPECT_TRUE(o.unused().empty());
}

TEST(Options, CommaListRefusesOtherTypesWithTheFormExpected) {
    Options o;
    o.set("sensors", std::int64_t{5});
    EXPECT_EQ(o.take_comma_list("sensors"), std::nullopt);
    ASSERT_TRUE(o.error());
    EXPECT_EQ(o.error()->message,
              "key 'sensors': expected a string like \"a,b\" or a list of strings");
    EXPECT_EQ(o.error_key(), "sensors");

    Options numbers;
    numbers.set("types", std::vector<double>{1, 2});
    EXPECT_EQ(numbers.take_comma_list("types"), std::nullopt);
    ASSERT_TRUE(numbers.error());
    EXPECT_EQ(numbers.error()->message,
              "key 'types': expected a string like \"a,b\" or a list of strings");
}

TEST(Options, CommaListItemMustNotHoldACommaOrBeEmpty) {
    for (const std::string bad : {"CPU1 Temp,System Input Power", ""}) {
        Options o;
        o.set("sensors", std::vector<std::string>{"FAN 1", bad});
        EXPECT_EQ(o.take_comma_list("sensors"), std::nullopt);
        ASSERT_TRUE(o.error());
        EXPECT_EQ(o.error()->message,
                  "key 'sensors': expected a list of non-empty names without commas, such as "
                  "[\"a\", \"b\"]");
    }
}

TEST(Options, StringRefusesAList) {
    Options o;
    o.set("privilege", std::vector<std::string>{"admin"});
    EXPECT_EQ(o.take_string("privilege"), std::nullopt);
    ASSERT_TRUE(o.error());
    EXPECT_EQ(o.error()->message, "key 'privilege': expected one string, not a list");
}

TEST(Options, SetReplacesValue) {
    Options o;
    o.set("k", std::int64_t{1});
    o.set("k", std::string("two"));
    EXPECT_EQ(o.take_string("k"), "two");
}

}  // namespace
}  // namespace wattbench::drivers::api
