#include "drivers/pdu_snmp/snmp_session.hpp"

// net-snmp's headers need this order: config first, then the library, then USM.
#include <net-snmp/net-snmp-config.h>
// clang-format off
#include <net-snmp/net-snmp-includes.h>
#include <net-snmp/library/snmpusm.h>
// clang-format on

#include <algorithm>
#include <cstring>
#include <mutex>

namespace wattbench::drivers::pdu_snmp {

namespace {

// net-snmp's library state (MIB tree, USM user list, engine boots) is process-wide: set up
// once, and sessions opened under a lock because opening a v3 session adds to the user list.
std::mutex& open_lock() {
    static std::mutex m;
    return m;
}

// net-snmp drops a v3 answer it cannot authenticate (a report keyed with the agent's
// passphrase, not ours) and only logs it, so the request ends as a timeout. The log line, seen
// on the thread that sent the request, tells a refused passphrase from a dead agent.
thread_local bool auth_failure_logged = false;

int on_log(int, int, void* message, void*) {
    const auto* m = static_cast<const snmp_log_message*>(message);
    if (m && m->msg && std::strstr(m->msg, "Authentication failed")) {
        auth_failure_logged = true;
    }
    return SNMP_ERR_NOERROR;
}

void init_library() {
    static std::once_flag once;
    std::call_once(once, [] {
        // No snmp.conf, no persistent files (~/.snmp), no MIB parsing: a PDU poll needs none,
        // and a user's snmp.conf must not change what the driver sends.
        netsnmp_ds_set_boolean(NETSNMP_DS_LIBRARY_ID, NETSNMP_DS_LIB_DONT_READ_CONFIGS, 1);
        netsnmp_ds_set_boolean(NETSNMP_DS_LIBRARY_ID, NETSNMP_DS_LIB_DISABLE_PERSISTENT_LOAD, 1);
        netsnmp_ds_set_boolean(NETSNMP_DS_LIBRARY_ID, NETSNMP_DS_LIB_DISABLE_PERSISTENT_SAVE, 1);
        netsnmp_ds_set_int(NETSNMP_DS_LIBRARY_ID, NETSNMP_DS_LIB_MIB_WARNINGS, 0);
        // Nothing of net-snmp's reaches stderr; its log lines only feed on_log.
        netsnmp_register_loghandler(NETSNMP_LOGHANDLER_CALLBACK, LOG_DEBUG);
        snmp_register_callback(SNMP_CALLBACK_LIBRARY, SNMP_CALLBACK_LOGGING, on_log, nullptr);
        init_snmp("wattbench");
    });
}

void wipe(std::string& s) {
    if (!s.empty()) {
        ::explicit_bzero(s.data(), s.size());
    }
    s.clear();
}

Varbind convert(const netsnmp_variable_list* v) {
    Varbind out;
    out.oid.assign(v->name, v->name + v->name_length);
    switch (v->type) {
        case ASN_INTEGER:
            out.type = VarType::integer;
            out.number = static_cast<std::int32_t>(*v->val.integer);
            break;
        case ASN_GAUGE:
        case ASN_COUNTER:
        case ASN_TIMETICKS:
            out.type = VarType::unsigned_;
            out.number = static_cast<std::int64_t>(static_cast<std::uint32_t>(*v->val.integer));
            break;
        case ASN_COUNTER64:
            out.type = VarType::unsigned_;
            out.number = static_cast<std::int64_t>(
                (static_cast<std::uint64_t>(v->val.counter64->high) << 32) | v->val.counter64->low);
            break;
        case ASN_OCTET_STR:
            out.type = VarType::text;
            out.text.assign(reinterpret_cast<const char*>(v->val.string), v->val_len);
            break;
        case ASN_OBJECT_ID: {
            out.type = VarType::object_id;
            Oid o(v->val.objid, v->val.objid + v->val_len / sizeof(oid));
            out.text = to_string(o);
            break;
        }
        case SNMP_NOSUCHOBJECT:
        case SNMP_NOSUCHINSTANCE:
        case SNMP_ENDOFMIBVIEW:
        case ASN_NULL:
            out.type = VarType::missing;
            break;
        default:
            out.type = VarType::other;
            break;
    }
    return out;
}

bool auth_failure(int liberr) {
    return liberr == SNMPERR_AUTHENTICATION_FAILURE || liberr == SNMPERR_UNKNOWN_USER_NAME ||
           liberr == SNMPERR_DECRYPTION_ERR || liberr == SNMPERR_USM_AUTHENTICATIONFAILURE ||
           liberr == SNMPERR_USM_UNKNOWNSECURITYNAME || liberr == SNMPERR_USM_DECRYPTIONERROR;
}

std::pair<const oid*, std::size_t> auth_oid(AuthProtocol a) {
    switch (a) {
        case AuthProtocol::md5:
            return {usmHMACMD5AuthProtocol, OID_LENGTH(usmHMACMD5AuthProtocol)};
        case AuthProtocol::sha:
            return {usmHMACSHA1AuthProtocol, OID_LENGTH(usmHMACSHA1AuthProtocol)};
        case AuthProtocol::sha224:
            return {usmHMAC128SHA224AuthProtocol, OID_LENGTH(usmHMAC128SHA224AuthProtocol)};
        case AuthProtocol::sha256:
            return {usmHMAC192SHA256AuthProtocol, OID_LENGTH(usmHMAC192SHA256AuthProtocol)};
        case AuthProtocol::sha384:
            return {usmHMAC256SHA384AuthProtocol, OID_LENGTH(usmHMAC256SHA384AuthProtocol)};
        case AuthProtocol::sha512:
            return {usmHMAC384SHA512AuthProtocol, OID_LENGTH(usmHMAC384SHA512AuthProtocol)};
        case AuthProtocol::none:
            break;
    }
    return {usmNoAuthProtocol, OID_LENGTH(usmNoAuthProtocol)};
}

}  // namespace

SnmpSession::~SnmpSession() {
    close();
}

std::optional<api::DeviceError> SnmpSession::open(const Settings& settings,
                                                  Credentials credentials) {
    close();
    init_library();
    settings_ = settings;
    credentials_ = std::move(credentials);
    netsnmp_session s;
    snmp_sess_init(&s);
    std::string peer = settings_.peer();
    s.peername = peer.data();
    s.retries = settings_.retries;
    s.timeout = static_cast<long>(settings_.timeout_ms) * 1000L;
    std::string user = settings_.user;
    std::string context = settings_.context;
    if (!settings_.v3) {
        s.version = SNMP_VERSION_2c;
        s.community = reinterpret_cast<u_char*>(credentials_.community.data());
        s.community_len = credentials_.community.size();
    } else {
        s.version = SNMP_VERSION_3;
        s.securityName = user.data();
        s.securityNameLen = user.size();
        if (!context.empty()) {
            s.contextName = context.data();
            s.contextNameLen = context.size();
        }
        s.securityLevel = settings_.auth == AuthProtocol::none   ? SNMP_SEC_LEVEL_NOAUTH
                          : settings_.priv == PrivProtocol::none ? SNMP_SEC_LEVEL_AUTHNOPRIV
                                                                 : SNMP_SEC_LEVEL_AUTHPRIV;
        if (settings_.auth != AuthProtocol::none) {
            const auto [proto, len] = auth_oid(settings_.auth);
            s.securityAuthProto = const_cast<oid*>(proto);
            s.securityAuthProtoLen = len;
            s.securityAuthKeyLen = USM_AUTH_KU_LEN;
            auto& pass = credentials_.auth_passphrase;
            if (generate_Ku(s.securityAuthProto, static_cast<u_int>(s.securityAuthProtoLen),
                            reinterpret_cast<const u_char*>(pass.data()), pass.size(),
                            s.securityAuthKey, &s.securityAuthKeyLen) != SNMPERR_SUCCESS) {
                return api::DeviceError{api::ErrorKind::auth,
                                        "the SNMPv3 auth passphrase was refused (net-snmp needs "
                                        "at least 8 characters)"};
            }
        }
        if (settings_.priv != PrivProtocol::none) {
            if (settings_.priv == PrivProtocol::des) {
                s.securityPrivProto = usmDESPrivProtocol;
                s.securityPrivProtoLen = OID_LENGTH(usmDESPrivProtocol);
            } else {
                s.securityPrivProto = usmAESPrivProtocol;
                s.securityPrivProtoLen = OID_LENGTH(usmAESPrivProtocol);
            }
            s.securityPrivKeyLen = USM_PRIV_KU_LEN;
            auto& pass = credentials_.priv_passphrase;
            if (generate_Ku(s.securityAuthProto, static_cast<u_int>(s.securityAuthProtoLen),
                            reinterpret_cast<const u_char*>(pass.data()), pass.size(),
                            s.securityPrivKey, &s.securityPrivKeyLen) != SNMPERR_SUCCESS) {
                return api::DeviceError{api::ErrorKind::auth,
                                        "the SNMPv3 privacy passphrase was refused (net-snmp "
                                        "needs at least 8 characters)"};
            }
        }
    }
    {
        std::lock_guard lock(open_lock());
        handle_ = snmp_sess_open(&s);
    }
    ::explicit_bzero(s.securityAuthKey, sizeof s.securityAuthKey);
    ::explicit_bzero(s.securityPrivKey, sizeof s.securityPrivKey);
    if (!handle_) {
        return api::DeviceError{api::ErrorKind::unreachable,
                                "cannot open an SNMP session to " + peer};
    }
    return std::nullopt;
}

void SnmpSession::close() {
    if (handle_) {
        std::lock_guard lock(open_lock());
        // net-snmp keeps the keys of a v3 user in a process-wide list by engine and name; left
        // there, they would answer for the next open with other passphrases.
        netsnmp_session* sess = snmp_sess_session(handle_);
        if (settings_.v3 && sess && sess->securityEngineIDLen > 0) {
            if (auto* user = usm_get_user(sess->securityEngineID, sess->securityEngineIDLen,
                                          sess->securityName)) {
                usm_remove_user(user);
                usm_free_user(user);
            }
        }
        snmp_sess_close(handle_);
        handle_ = nullptr;
    }
    wipe(credentials_.community);
    wipe(credentials_.auth_passphrase);
    wipe(credentials_.priv_passphrase);
}

SnmpSession::Answer SnmpSession::request(int command, const std::vector<Oid>& oids,
                                         int max_repetitions, Clock::time_point deadline) {
    if (!handle_) {
        return api::DeviceError{api::ErrorKind::link_lost, "no SNMP session"};
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::microseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
        return api::DeviceError{api::ErrorKind::timeout, "no time left before the next poll"};
    }
    netsnmp_session* sess = snmp_sess_session(handle_);
    // Each try waits `timeout`; with one retry the two together must fit before the deadline.
    const long per_try = std::min<long>(static_cast<long>(settings_.timeout_ms) * 1000L,
                                        static_cast<long>(left) / (settings_.retries + 1));
    sess->timeout = std::max(per_try, 1000L);
    netsnmp_pdu* pdu = snmp_pdu_create(command);
    if (command == SNMP_MSG_GETBULK) {
        pdu->non_repeaters = 0;
        pdu->max_repetitions = max_repetitions;
    }
    for (const auto& o : oids) {
        std::vector<oid> arcs(o.begin(), o.end());
        snmp_add_null_var(pdu, arcs.data(), arcs.size());
    }
    netsnmp_pdu* response = nullptr;
    ++round_trips_;
    auth_failure_logged = false;
    const int status = snmp_sess_synch_response(handle_, pdu, &response);
    if (status == STAT_TIMEOUT) {
        if (response) {
            snmp_free_pdu(response);
        }
        if (auth_failure_logged) {
            return api::DeviceError{
                api::ErrorKind::auth,
                "SNMPv3 authentication failed at " + settings_.peer() + " for user '" +
                    settings_.user + "' (check auth_protocol, priv_protocol and the passphrases)"};
        }
        return api::DeviceError{
            api::ErrorKind::timeout,
            "no answer from " + settings_.peer() +
                (settings_.v3 ? "" : " (wrong community, or the agent is down)")};
    }
    if (status != STAT_SUCCESS || !response) {
        int liberr = 0;
        int syserr = 0;
        char* text = nullptr;
        snmp_sess_error(handle_, &liberr, &syserr, &text);
        std::string msg = text ? text : "SNMP error";
        SNMP_FREE(text);
        if (response) {
            snmp_free_pdu(response);
        }
        if (auth_failure(liberr)) {
            return api::DeviceError{
                api::ErrorKind::auth,
                "SNMPv3 authentication refused by " + settings_.peer() + " for user '" +
                    settings_.user + "': " + msg +
                    " (check auth_protocol, priv_protocol and the passphrases)"};
        }
        return api::DeviceError{api::ErrorKind::protocol, settings_.peer() + ": " + msg};
    }
    if (response->errstat == SNMP_ERR_TOOBIG) {
        snmp_free_pdu(response);
        return api::DeviceError{api::ErrorKind::protocol, "tooBig"};
    }
    if (response->errstat != SNMP_ERR_NOERROR) {
        std::string msg = snmp_errstring(static_cast<int>(response->errstat));
        snmp_free_pdu(response);
        return api::DeviceError{api::ErrorKind::protocol,
                                settings_.peer() + " answered with an error: " + msg};
    }
    std::vector<Varbind> out;
    for (auto* v = response->variables; v; v = v->next_variable) {
        out.push_back(convert(v));
    }
    snmp_free_pdu(response);
    return out;
}

SnmpSession::Answer SnmpSession::get(const std::vector<Oid>& oids, Clock::time_point deadline) {
    std::vector<Varbind> all;
    all.reserve(oids.size());
    std::size_t i = 0;
    while (i < oids.size()) {
        const std::size_t n = std::min(batch_, oids.size() - i);
        std::vector<Oid> part(oids.begin() + static_cast<std::ptrdiff_t>(i),
                              oids.begin() + static_cast<std::ptrdiff_t>(i + n));
        auto got = request(SNMP_MSG_GET, part, 0, deadline);
        if (auto* e = std::get_if<api::DeviceError>(&got)) {
            if (e->message == "tooBig" && batch_ > 1) {
                batch_ = std::max<std::size_t>(1, batch_ / 2);
                continue;
            }
            return got;
        }
        auto& vars = std::get<std::vector<Varbind>>(got);
        all.insert(all.end(), std::make_move_iterator(vars.begin()),
                   std::make_move_iterator(vars.end()));
        i += n;
    }
    return all;
}

SnmpSession::Answer SnmpSession::walk(const Oid& root, Clock::time_point deadline) {
    std::vector<Varbind> all;
    Oid next = root;
    int repetitions = 40;
    for (int guard = 0; guard < 10000; ++guard) {
        auto got = request(SNMP_MSG_GETBULK, {next}, repetitions, deadline);
        if (auto* e = std::get_if<api::DeviceError>(&got)) {
            if (e->message == "tooBig" && repetitions > 1) {
                repetitions /= 2;
                continue;
            }
            return got;
        }
        auto& vars = std::get<std::vector<Varbind>>(got);
        if (vars.empty()) {
            return all;
        }
        for (auto& v : vars) {
            // An agent that does not move forward would loop for ever.
            if (v.type == VarType::missing || !starts_with(v.oid, root) || v.oid <= next) {
                return all;
            }
            next = v.oid;
            all.push_back(std::move(v));
        }
    }
    return all;
}

}  // namespace wattbench::drivers::pdu_snmp
