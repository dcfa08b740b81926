#include "drivers/ipmi/sdr_thresholds.hpp"

#include <freeipmi/freeipmi.h>

#include <cstdlib>
#include <optional>

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

std::map<std::uint16_t, api::Thresholds> read_sdr_thresholds(const std::string& cache_file) {
    std::map<std::uint16_t, api::Thresholds> out;
    ipmi_sdr_ctx_t ctx = ipmi_sdr_ctx_create();
    if (!ctx) {
        return out;
    }
    if (ipmi_sdr_cache_open(ctx, nullptr, cache_file.c_str()) < 0) {
        ipmi_sdr_ctx_destroy(ctx);
        return out;
    }
    std::uint16_t count = 0;
    if (ipmi_sdr_cache_record_count(ctx, &count) == 0 && count > 0 &&
        ipmi_sdr_cache_first(ctx) == 0) {
        do {
            std::uint8_t buf[IPMI_SDR_MAX_RECORD_LENGTH];
            const int len = ipmi_sdr_cache_record_read(ctx, buf, sizeof buf);
            if (len <= 0) {
                continue;
            }
            std::uint16_t id = 0;
            std::uint8_t type = 0;
            if (ipmi_sdr_parse_record_id_and_type(ctx, buf, static_cast<unsigned>(len), &id,
                                                  &type) < 0 ||
                type != IPMI_SDR_FORMAT_FULL_SENSOR_RECORD) {
                continue;
            }
            double *lnc = nullptr, *lc = nullptr, *lnr = nullptr;
            double *unc = nullptr, *uc = nullptr, *unr = nullptr;
            if (ipmi_sdr_parse_thresholds(ctx, buf, static_cast<unsigned>(len), &lnc, &lc, &lnr,
                                          &unc, &uc, &unr) < 0) {
                continue;
            }
            std::uint8_t r_lnc = 0, r_lc = 0, r_lnr = 0, r_unc = 0, r_uc = 0, r_unr = 0;
            const bool masks =
                ipmi_sdr_parse_threshold_readable(ctx, buf, static_cast<unsigned>(len), &r_lnc,
                                                  &r_lc, &r_lnr, &r_unc, &r_uc, &r_unr) == 0;
            api::Thresholds t;
            t.lower_non_critical = take(lnc, masks && r_lnc);
            t.lower_critical = take(lc, masks && r_lc);
            t.lower_non_recoverable = take(lnr, masks && r_lnr);
            t.upper_non_critical = take(unc, masks && r_unc);
            t.upper_critical = take(uc, masks && r_uc);
            t.upper_non_recoverable = take(unr, masks && r_unr);
            out[id] = t;
        } while (ipmi_sdr_cache_next(ctx) == 1);
    }
    ipmi_sdr_cache_close(ctx);
    ipmi_sdr_ctx_destroy(ctx);
    return out;
}

}  // namespace wattbench::drivers::ipmi
