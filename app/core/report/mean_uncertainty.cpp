#include "app/core/report/mean_uncertainty.hpp"

#include <cmath>
#include <limits>

#include "app/core/report/student_t.hpp"

namespace wattbench::core::report {

double MeanUncertainty::combined() const {
    return std::hypot(statistical, meter);
}

MeanUncertainty mean_uncertainty(double mean, double stddev, double n, double rel_unc) {
    MeanUncertainty u;
    if (n >= 2.0 && std::isfinite(stddev)) {
        u.statistical = std::fabs(stddev) / std::sqrt(n);
        u.dof = n - 1.0;
        u.known = true;
    }
    if (std::isfinite(rel_unc)) {
        const double total = std::fabs(rel_unc * mean);
        u.meter = std::sqrt(std::max(0.0, total * total - u.statistical * u.statistical));
        u.known = true;
    }
    return u;
}

double welch_satterthwaite(const UncertaintyTerm* terms, int count) {
    double total = 0.0;
    double denominator = 0.0;
    for (int i = 0; i < count; ++i) {
        const double u2 = terms[i].u * terms[i].u;
        total += u2;
        if (std::isfinite(terms[i].dof) && terms[i].dof > 0.0) {
            denominator += u2 * u2 / terms[i].dof;
        }
    }
    if (denominator == 0.0) {
        return std::numeric_limits<double>::infinity();
    }
    return total * total / denominator;
}

double half_width_95(const MeanUncertainty& u) {
    const UncertaintyTerm terms[] = {{u.statistical, u.dof},
                                     {u.meter, std::numeric_limits<double>::infinity()}};
    return t_quantile(0.975, welch_satterthwaite(terms, 2)) * u.combined();
}

}  // namespace wattbench::core::report
