#pragma once

namespace wattbench::core::report {

// The standard uncertainty of a window mean, split into what the window's scatter says (Type A,
// with n - 1 degrees of freedom) and what only the meter's declared accuracy says (Type B,
// taken as known exactly: infinite degrees of freedom).
//
// phases.csv's `uncertainty` is relative and already combines the meter's accuracy with the
// standard error of the mean in quadrature (app/core/stats/uncertainty.cpp), with no coverage
// factor: it is used as a standard uncertainty (k = 1). So it is not added to stddev/sqrt(n) a
// second time: the meter part is what remains of it after the standard error is taken out.
struct MeanUncertainty {
    double statistical = 0.0;  // stddev / sqrt(n); 0 without a scatter figure
    double meter = 0.0;        // sqrt(max(0, (rel * |mean|)^2 - statistical^2))
    double dof = 0.0;          // of `statistical`: n - 1; 0 when there is no scatter figure
    bool known = false;        // false: neither scatter (n >= 2) nor a recorded uncertainty

    double combined() const;  // sqrt(statistical^2 + meter^2)
};

// stddev NaN or n < 2: no scatter figure. rel_unc NaN: no recorded uncertainty.
MeanUncertainty mean_uncertainty(double mean, double stddev, double n, double rel_unc);

// Welch-Satterthwaite: the effective degrees of freedom of sum(c_i * u_i) for terms with
// uncertainty u_i (already multiplied by its sensitivity c_i) and dof_i; infinite when every
// finite-dof term is zero.
struct UncertaintyTerm {
    double u = 0.0;
    double dof = 0.0;  // infinity for a Type B term
};
double welch_satterthwaite(const UncertaintyTerm* terms, int count);

// Half-width of the 95 % interval of one window mean: t(0.975, dof) * combined().
double half_width_95(const MeanUncertainty& u);

}  // namespace wattbench::core::report
