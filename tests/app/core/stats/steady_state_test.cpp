#include "app/core/stats/steady_state.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <optional>
#include <random>

namespace wattbench::core::stats {
namespace {

SteadyStateRule absolute(double span_s, double tolerance) {
    return {span_s, tolerance, false};
}

// Feeds f(t) at `rate_hz` from t_begin to t_end and returns when the detector first said stable.
std::optional<double> first_stable(SteadyStateDetector& d, const std::function<double(double)>& f,
                                   double t_begin, double t_end, double rate_hz = 1.0) {
    const auto steps = static_cast<long>(std::lround((t_end - t_begin) * rate_hz));
    for (long i = 0; i <= steps; ++i) {
        const double t = t_begin + static_cast<double>(i) / rate_hz;
        d.add(t, f(t));
        if (d.stable()) {
            return t;
        }
    }
    return std::nullopt;
}

TEST(SteadyState, ConstantIsStableOnceTheSpanIsCoveredAndTheVerdictHeld) {
    SteadyStateDetector d(absolute(60.0, 0.5));
    const auto at = first_stable(
        d, [](double) { return 35.0; }, 0.0, 200.0);
    ASSERT_TRUE(at);
    EXPECT_DOUBLE_EQ(*at, 66.0);  // covered at 60 s, held for a tenth of the span
    const auto s = d.status();
    EXPECT_TRUE(s.full);
    EXPECT_DOUBLE_EQ(s.change, 0.0);
    EXPECT_DOUBLE_EQ(s.mean, 35.0);
    EXPECT_EQ(s.count, 61u);
}

TEST(SteadyState, WithinToleranceCountsOnlyAfterHoldingForATenthOfTheSpan) {
    SteadyStateDetector d(absolute(100.0, 1.0));
    for (int t = 0; t <= 100; ++t) {
        d.add(t, 7.0);
    }
    EXPECT_TRUE(d.status().within);
    EXPECT_FALSE(d.status().stable);
    for (int t = 101; t <= 109; ++t) {
        d.add(t, 7.0);
        EXPECT_FALSE(d.stable()) << "at " << t;
    }
    d.add(110.0, 7.0);
    EXPECT_TRUE(d.stable());
}

TEST(SteadyState, RampReportsItsChangeAcrossTheSpanAndNeverSettles) {
    SteadyStateDetector d(absolute(60.0, 1.0));
    EXPECT_FALSE(first_stable(
        d, [](double t) { return 100.0 + 0.5 * t; }, 0.0, 3600.0));
    const auto s = d.status();
    EXPECT_TRUE(s.full);
    EXPECT_NEAR(s.change, 30.0, 1e-9);  // 0.5 per second over 60 s
    EXPECT_DOUBLE_EQ(s.limit, 1.0);
}

TEST(SteadyState, FallingRampIsJudgedByItsMagnitude) {
    SteadyStateDetector d(absolute(60.0, 1.0));
    EXPECT_FALSE(first_stable(
        d, [](double t) { return 100.0 - 0.05 * t; }, 0.0, 600.0));
    EXPECT_NEAR(d.status().change, -3.0, 1e-9);
}

TEST(SteadyState, RampWithinToleranceCountsAsSteady) {
    SteadyStateDetector d(absolute(60.0, 1.0));
    const auto at = first_stable(
        d, [](double t) { return 100.0 + 0.01 * t; }, 0.0, 600.0);
    ASSERT_TRUE(at);
    EXPECT_DOUBLE_EQ(*at, 66.0);
    EXPECT_NEAR(d.status().change, 0.6, 1e-9);
}

TEST(SteadyState, NoiseAroundALevelIsSteady) {
    // σ = 1 W around 100 W, 1 % tolerance: the trend estimate's spread over 300 readings is
    // σ·√(12/300) = 0.2 W, five times inside the 1 W limit.
    SteadyStateDetector d({300.0, 0.01, true});
    std::mt19937 rng(7);
    std::normal_distribution<double> noise(0.0, 1.0);
    int stable = 0;
    int judged = 0;
    for (int t = 0; t <= 3600; ++t) {
        d.add(t, 100.0 + noise(rng));
        if (t >= 330) {
            ++judged;
            stable += d.stable() ? 1 : 0;
        } else {
            EXPECT_FALSE(d.stable()) << "at " << t;
        }
    }
    EXPECT_EQ(stable, judged);
    const auto s = d.status();
    EXPECT_NEAR(s.mean, 100.0, 0.3);
    EXPECT_NEAR(s.limit, 1.0, 0.003);
    EXPECT_LT(std::abs(s.change), 1.0);
}

TEST(SteadyState, NoisyRampAboveToleranceNeverSettles) {
    // 2 W per 300 s hidden in σ = 1 W noise: twice the 1 W limit, ten times the noise of the
    // estimate.
    SteadyStateDetector d(absolute(300.0, 1.0));
    std::mt19937 rng(11);
    std::normal_distribution<double> noise(0.0, 1.0);
    EXPECT_FALSE(first_stable(
        d, [&](double t) { return 100.0 + t * (2.0 / 300.0) + noise(rng); }, 0.0, 3600.0));
    EXPECT_NEAR(d.status().change, 2.0, 0.8);
}

TEST(SteadyState, StepKeepsTheWindowShutUntilTheNewLevelFillsMostOfTheSpan) {
    SteadyStateDetector d({300.0, 0.01, true});
    auto level = [](double t) { return t < 1000.0 ? 100.0 : 120.0; };
    for (int t = 0; t < 1000; ++t) {
        d.add(t, level(t));
    }
    EXPECT_TRUE(d.stable());
    std::optional<double> settled;
    for (int t = 1000; t <= 2000 && !settled; ++t) {
        d.add(t, level(t));
        if (t >= 1002 && d.stable()) {
            settled = t;
        }
    }
    ASSERT_TRUE(settled);
    // A 20 % step weighs on the trend until only a sliver of the old level is left in the span,
    // and the new verdict must then hold for 30 s.
    EXPECT_GT(*settled, 1000.0 + 0.9 * 300.0 + 30.0);
    EXPECT_LE(*settled, 1000.0 + 300.0 + 30.0);
}

TEST(SteadyState, StepStartingDuringTheFirstSpanIsNotTakenForALevel) {
    SteadyStateDetector d({300.0, 0.01, true});
    const auto at = first_stable(
        d, [](double t) { return t < 290.0 ? 100.0 : 120.0; }, 0.0, 2000.0);
    ASSERT_TRUE(at);
    EXPECT_GT(*at, 290.0 + 0.9 * 300.0);
}

TEST(SteadyState, ExponentialSettlingBecomesStableWhenTheDriftLeftPerSpanIsWithinTolerance) {
    // A system temperature settling from 31 °C to 35 °C with a 10 min time constant. The trend
    // over the 5 min span is the slope about half a span back, 4/600·e^(−(t−150)/600) per
    // second, i.e. a change of 2·e^(−(t−150)/600) °C per span: within 0.25 °C from t ≈ 1398 s,
    // stable 30 s later.
    SteadyStateDetector d(absolute(300.0, 0.25));
    auto temp = [](double t) { return 35.0 - 4.0 * std::exp(-t / 600.0); };
    const auto at = first_stable(d, temp, 0.0, 7200.0);
    ASSERT_TRUE(at);
    EXPECT_NEAR(*at, 150.0 + 600.0 * std::log(8.0) + 30.0, 5.0);
    for (double t = *at + 1.0; t <= 7200.0; t += 1.0) {
        d.add(t, temp(t));
        ASSERT_TRUE(d.stable()) << "at " << t;
    }
}

TEST(SteadyState, ExponentialSettlingWithNoiseAndQuantisationSettlesLater) {
    // The same temperature as a BMC reports it: whole degrees, with sensor noise.
    SteadyStateDetector d(absolute(600.0, 0.5));
    std::mt19937 rng(3);
    std::normal_distribution<double> noise(0.0, 0.3);
    auto temp = [&](double t) {
        return std::round(35.0 - 4.0 * std::exp(-t / 900.0) + noise(rng));
    };
    const auto at = first_stable(d, temp, 0.0, 7200.0);
    ASSERT_TRUE(at);
    // The noiseless trend per span, 600·4/900·e^(−(t−300)/900), is 0.5 °C at t ≈ 1940 s.
    EXPECT_GT(*at, 1500.0);
    EXPECT_LT(*at, 2600.0);
}

TEST(SteadyState, RelativeToleranceScalesWithTheMagnitudeOfTheMean) {
    SteadyStateDetector d({60.0, 0.01, true});
    for (int t = 0; t <= 60; ++t) {
        d.add(t, -200.0 + 0.02 * t);  // 1.2 per span against a limit of 1 % of |−199.4|
    }
    const auto s = d.status();
    EXPECT_NEAR(s.limit, 1.994, 1e-9);
    EXPECT_NEAR(s.change, 1.2, 1e-9);
    EXPECT_TRUE(s.within);
}

TEST(SteadyState, RelativeToleranceAroundZeroOnlyAcceptsAFlatLine) {
    SteadyStateDetector d({10.0, 0.01, true});
    for (int t = 0; t <= 12; ++t) {
        d.add(t, 0.0);
    }
    EXPECT_TRUE(d.stable());
    d.add(13.0, 0.001);
    EXPECT_FALSE(d.stable());
}

TEST(SteadyState, GapLongerThanAQuarterSpanWithholdsTheVerdictUntilRefilled) {
    SteadyStateDetector d(absolute(100.0, 1.0));
    for (int t = 0; t <= 200; ++t) {
        d.add(t, 50.0);
    }
    ASSERT_TRUE(d.stable());
    // The device was away for 150 s; three fresh readings must not decide on their own.
    for (int t = 350; t < 420; ++t) {
        d.add(t, 50.0 + 0.1 * (t % 2));
        EXPECT_FALSE(d.status().full) << "at " << t;
    }
    for (int t = 420; t <= 450; ++t) {
        d.add(t, 50.0);
    }
    EXPECT_TRUE(d.stable());
}

TEST(SteadyState, IgnoresNonFiniteAndOutOfOrderReadings) {
    SteadyStateDetector d(absolute(10.0, 0.1));
    for (int t = 0; t <= 12; ++t) {
        d.add(t, 5.0);
        d.add(t + 0.5, std::numeric_limits<double>::quiet_NaN());
        d.add(t + 0.5, std::numeric_limits<double>::infinity());
    }
    d.add(3.0, 1000.0);
    const auto s = d.status();
    EXPECT_EQ(s.count, 11u);  // 2 s … 12 s
    EXPECT_TRUE(s.stable);
    EXPECT_DOUBLE_EQ(s.mean, 5.0);
}

TEST(SteadyState, FewerThanThreeReadingsGiveNoVerdict) {
    SteadyStateDetector d(absolute(10.0, 1.0));
    d.add(0.0, 1.0);
    d.add(10.0, 1.0);
    EXPECT_FALSE(d.status().full);
    EXPECT_FALSE(d.stable());
}

TEST(SteadyState, ResetForgetsEverything) {
    SteadyStateDetector d(absolute(10.0, 1.0));
    for (int t = 0; t <= 20; ++t) {
        d.add(t, 1.0);
    }
    ASSERT_TRUE(d.stable());
    d.reset();
    EXPECT_EQ(d.status().count, 0u);
    d.add(21.0, 1.0);
    d.add(22.0, 1.0);
    d.add(23.0, 1.0);
    EXPECT_FALSE(d.stable());
}

TEST(SteadyState, StaysExactOverALongRunFarFromTheTimeOrigin) {
    // Ten hours at 10 Hz on a clock that reads a million seconds: the incremental sums are
    // rebuilt as readings leave, so the trend of an exact ramp is still exact at the end.
    SteadyStateDetector d(absolute(300.0, 1.0));
    const double origin = 1.0e6;
    for (long i = 0; i <= 360000; ++i) {
        const double t = origin + static_cast<double>(i) / 10.0;
        d.add(t, 230.0 + 0.001 * (t - origin));
    }
    const auto s = d.status();
    EXPECT_EQ(s.count, 3001u);
    EXPECT_NEAR(s.change, 0.3, 1e-6);
    EXPECT_NEAR(s.mean, 230.0 + 0.001 * (36000.0 - 150.0), 1e-6);
    EXPECT_TRUE(s.stable);
}

}  // namespace
}  // namespace wattbench::core::stats
