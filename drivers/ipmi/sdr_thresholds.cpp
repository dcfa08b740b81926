#include "drivers/ipmi/sdr_thresholds.hpp"

#include <freeipmi/freeipmi.h>

#include <cstdlib>

namespace wattbench::drivers::ipmi {

namespace {

// The parser fills every threshold field; only those the SDR marks readable are real limits
// (the others read as 0 and would put every fan "above UNR 0").
std::optional<double> take(double* p, std::uint8_t readable) {
    if (!p) {
        return std::nullopt;
    }
    const double v = *p;
    std::free(p);
    if (!readable) {
        return std::nullopt;
    }
    return v;
}

}  // namespace

std::optional<api::Thresholds> sdr_thresholds(ipmi_sdr_ctx* ctx, const std::uint8_t* record,
                                              unsigned length) {
    std::uint16_t id = 0;
    std::uint8_t type = 0;
    if (ipmi_sdr_parse_record_id_and_type(ctx, record, length, &id, &type) < 0 ||
        type != IPMI_SDR_FORMAT_FULL_SENSOR_RECORD) {
        return std::nullopt;
    }
    double *lnc = nullptr, *lc = nullptr, *lnr = nullptr;
    double *unc = nullptr, *uc = nullptr, *unr = nullptr;
    if (ipmi_sdr_parse_thresholds(ctx, record, length, &lnc, &lc, &lnr, &unc, &uc, &unr) < 0) {
        return std::nullopt;
    }
    std::uint8_t r_lnc = 0, r_lc = 0, r_lnr = 0, r_unc = 0, r_uc = 0, r_unr = 0;
    const bool masks = ipmi_sdr_parse_threshold_readable(ctx, record, length, &r_lnc, &r_lc, &r_lnr,
                                                         &r_unc, &r_uc, &r_unr) == 0;
    api::Thresholds t;
    t.lower_non_critical = take(lnc, masks && r_lnc);
    t.lower_critical = take(lc, masks && r_lc);
    t.lower_non_recoverable = take(lnr, masks && r_lnr);
    t.upper_non_critical = take(unc, masks && r_unc);
    t.upper_critical = take(uc, masks && r_uc);
    t.upper_non_recoverable = take(unr, masks && r_unr);
    return t;
}

}  // namespace wattbench::drivers::ipmi
