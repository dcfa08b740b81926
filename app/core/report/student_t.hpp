#pragma once

namespace wattbench::core::report {

// The p-quantile (0 < p < 1) of Student's t distribution with `dof` degrees of freedom. `dof`
// need not be an integer (Welch-Satterthwaite gives fractional ones); an infinite `dof` is the
// standard normal's quantile. t_quantile(0.975, 10) = 2.228.
double t_quantile(double p, double dof);

// P(T <= t) for Student's t with `dof` degrees of freedom (infinite: standard normal).
double t_cdf(double t, double dof);

}  // namespace wattbench::core::report
