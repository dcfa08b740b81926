#include "app/core/report/student_t.hpp"

#include <cmath>
#include <limits>

namespace wattbench::core::report {

namespace {

// Continued fraction of the regularized incomplete beta function (modified Lentz), which
// converges quickly for x < (a + 1) / (a + b + 2).
double beta_continued_fraction(double a, double b, double x) {
    constexpr double tiny = 1e-300;
    constexpr double eps = 1e-15;
    double c = 1.0;
    double d = 1.0 - (a + b) * x / (a + 1.0);
    d = std::fabs(d) < tiny ? tiny : d;
    d = 1.0 / d;
    double h = d;
    for (int m = 1; m <= 10000; ++m) {
        const double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
        d = 1.0 + aa * d;
        d = std::fabs(d) < tiny ? tiny : d;
        c = 1.0 + aa / c;
        c = std::fabs(c) < tiny ? tiny : c;
        d = 1.0 / d;
        h *= d * c;
        aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
        d = 1.0 + aa * d;
        d = std::fabs(d) < tiny ? tiny : d;
        c = 1.0 + aa / c;
        c = std::fabs(c) < tiny ? tiny : c;
        d = 1.0 / d;
        const double delta = d * c;
        h *= delta;
        if (std::fabs(delta - 1.0) < eps) {
            break;
        }
    }
    return h;
}

double regularized_beta(double a, double b, double x) {
    if (x <= 0.0) {
        return 0.0;
    }
    if (x >= 1.0) {
        return 1.0;
    }
    const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) +
                                  a * std::log(x) + b * std::log1p(-x));
    if (x < (a + 1.0) / (a + b + 2.0)) {
        return front * beta_continued_fraction(a, b, x) / a;
    }
    return 1.0 - front * beta_continued_fraction(b, a, 1.0 - x) / b;
}

// Beyond this the t distribution differs from the normal by less than the printed digits.
constexpr double kNormalDof = 1e7;

}  // namespace

double t_cdf(double t, double dof) {
    if (std::isnan(t) || !(dof > 0.0)) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    if (dof >= kNormalDof) {
        return 0.5 * std::erfc(-t / std::sqrt(2.0));
    }
    const double tail = 0.5 * regularized_beta(dof / 2.0, 0.5, dof / (dof + t * t));
    return t >= 0.0 ? 1.0 - tail : tail;
}

double t_quantile(double p, double dof) {
    if (!(p > 0.0 && p < 1.0) || !(dof > 0.0)) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    if (p < 0.5) {
        return -t_quantile(1.0 - p, dof);
    }
    if (p == 0.5) {
        return 0.0;
    }
    // The CDF is monotonic, so bisection is exact to the last bit and needs no derivative;
    // heavy tails (dof near 1) only widen the bracket.
    double lo = 0.0;
    double hi = 1.0;
    while (t_cdf(hi, dof) < p) {
        lo = hi;
        hi *= 2.0;
        if (!std::isfinite(hi)) {
            return hi;
        }
    }
    for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        (t_cdf(mid, dof) < p ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

}  // namespace wattbench::core::report
