#include "drivers/ipmi/bmc_session.hpp"

#include <freeipmi/freeipmi.h>
#include <ipmi_monitoring.h>  // the workaround bits Settings keeps (macros only)

#include <array>

namespace wattbench::drivers::ipmi {

namespace {

// libipmimonitoring's workaround bits (kept in Settings) → libfreeipmi's out-of-band ones.
unsigned outofband_flags(unsigned monitoring_flags) {
    struct Pair {
        unsigned monitoring;
        unsigned freeipmi;
    };
    constexpr std::array<Pair, 7> pairs{{
        {IPMI_MONITORING_WORKAROUND_FLAGS_PROTOCOL_VERSION_2_0_AUTHENTICATION_CAPABILITIES,
         IPMI_WORKAROUND_FLAGS_OUTOFBAND_2_0_AUTHENTICATION_CAPABILITIES},
        {IPMI_MONITORING_WORKAROUND_FLAGS_PROTOCOL_VERSION_2_0_INTEL_2_0_SESSION,
         IPMI_WORKAROUND_FLAGS_OUTOFBAND_2_0_INTEL_2_0_SESSION},
        {IPMI_MONITORING_WORKAROUND_FLAGS_PROTOCOL_VERSION_2_0_SUPERMICRO_2_0_SESSION,
         IPMI_WORKAROUND_FLAGS_OUTOFBAND_2_0_SUPERMICRO_2_0_SESSION},
        {IPMI_MONITORING_WORKAROUND_FLAGS_PROTOCOL_VERSION_2_0_SUN_2_0_SESSION,
         IPMI_WORKAROUND_FLAGS_OUTOFBAND_2_0_SUN_2_0_SESSION},
        {IPMI_MONITORING_WORKAROUND_FLAGS_PROTOCOL_VERSION_2_0_OPEN_SESSION_PRIVILEGE,
         IPMI_WORKAROUND_FLAGS_OUTOFBAND_2_0_OPEN_SESSION_PRIVILEGE},
        {IPMI_MONITORING_WORKAROUND_FLAGS_PROTOCOL_VERSION_2_0_NON_EMPTY_INTEGRITY_CHECK_VALUE,
         IPMI_WORKAROUND_FLAGS_OUTOFBAND_2_0_NON_EMPTY_INTEGRITY_CHECK_VALUE},
        {IPMI_MONITORING_WORKAROUND_FLAGS_PROTOCOL_VERSION_2_0_NO_CHECKSUM_CHECK,
         IPMI_WORKAROUND_FLAGS_OUTOFBAND_2_0_NO_CHECKSUM_CHECK},
    }};
    unsigned out = 0;
    for (const auto& p : pairs) {
        if (monitoring_flags & p.monitoring) {
            out |= p.freeipmi;
        }
    }
    return out;
}

std::uint8_t privilege(Privilege p) {
    switch (p) {
        case Privilege::user:
            return IPMI_PRIVILEGE_LEVEL_USER;
        case Privilege::operator_:
            return IPMI_PRIVILEGE_LEVEL_OPERATOR;
        case Privilege::admin:
            return IPMI_PRIVILEGE_LEVEL_ADMIN;
    }
    return IPMI_PRIVILEGE_LEVEL_USER;
}

}  // namespace

BmcSession::~BmcSession() {
    close();
}

void BmcSession::close() {
    if (ctx_) {
        ipmi_ctx_close(ctx_);
        ipmi_ctx_destroy(ctx_);
        ctx_ = nullptr;
    }
}

int BmcSession::errnum() const {
    return ctx_ ? ipmi_ctx_errnum(ctx_) : 0;
}

std::optional<BmcSession::Failure> BmcSession::ensure_open(const Settings& s,
                                                           const std::string& password) {
    if (ctx_) {
        return std::nullopt;
    }
    ctx_ = ipmi_ctx_create();
    if (!ctx_) {
        return Failure{IPMI_ERR_OUT_OF_MEMORY, "libfreeipmi: out of memory"};
    }
    int rc = -1;
    if (s.target.lan) {
        const std::string host = s.target.address();
        rc = ipmi_ctx_open_outofband_2_0(ctx_, host.c_str(), s.target.user.c_str(),
                                         password.c_str(), nullptr, 0, privilege(s.privilege),
                                         static_cast<std::uint8_t>(s.cipher_suite),
                                         static_cast<unsigned>(s.session_timeout_ms),
                                         static_cast<unsigned>(s.retransmission_timeout_ms),
                                         outofband_flags(s.workaround_flags), IPMI_FLAGS_DEFAULT);
    } else {
        rc = ipmi_ctx_find_inband(ctx_, nullptr, 0, 0, 0, nullptr, 0, IPMI_FLAGS_DEFAULT);
        if (rc == 0) {
            rc = -1;
        }
    }
    if (rc < 0) {
        Failure f{ipmi_ctx_errnum(ctx_), ipmi_ctx_errormsg(ctx_)};
        close();
        return f;
    }
    return std::nullopt;
}

std::variant<DcmiPower, std::string> BmcSession::dcmi_power(const Settings& settings,
                                                            const std::string& password) {
    if (auto e = ensure_open(settings, password)) {
        return e->text;
    }
    const auto rq = dcmi_power_request();
    std::array<std::uint8_t, 64> rs{};
    const int n = ipmi_cmd_raw(ctx_, 0, kDcmiNetFn, rq.data(), static_cast<unsigned>(rq.size()),
                               rs.data(), static_cast<unsigned>(rs.size()));
    if (n < 0) {
        std::string why = ipmi_ctx_errormsg(ctx_);
        close();
        return why;
    }
    return parse_dcmi_power(rs.data(), static_cast<std::size_t>(n));
}

}  // namespace wattbench::drivers::ipmi

namespace wattbench::drivers::ipmi {

std::variant<SdrRepositoryInfo, std::string> BmcSession::sdr_repository_info(
    const Settings& settings, const std::string& password) {
    if (auto e = ensure_open(settings, password)) {
        return e->text;
    }
    fiid_obj_t rs = fiid_obj_create(tmpl_cmd_get_sdr_repository_info_rs);
    if (!rs) {
        return std::string("libfreeipmi: out of memory");
    }
    std::variant<SdrRepositoryInfo, std::string> out;
    if (ipmi_cmd_get_sdr_repository_info(ctx_, rs) < 0) {
        out = std::string(ipmi_ctx_errormsg(ctx_));
        fiid_obj_destroy(rs);
        close();
        return out;
    }
    std::uint64_t count = 0, added = 0, erased = 0;
    if (FIID_OBJ_GET(rs, "record_count", &count) < 0 ||
        FIID_OBJ_GET(rs, "most_recent_addition_timestamp", &added) < 0 ||
        FIID_OBJ_GET(rs, "most_recent_erase_timestamp", &erased) < 0) {
        out = std::string("Get SDR Repository Info: ") + fiid_obj_errormsg(rs);
    } else {
        SdrRepositoryInfo info;
        info.record_count = static_cast<std::uint16_t>(count);
        info.most_recent_addition = static_cast<std::uint32_t>(added);
        info.most_recent_erase = static_cast<std::uint32_t>(erased);
        out = info;
    }
    fiid_obj_destroy(rs);
    return out;
}

}  // namespace wattbench::drivers::ipmi
