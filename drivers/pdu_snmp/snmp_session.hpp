#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "drivers/api/device_error.hpp"
#include "drivers/pdu_snmp/settings.hpp"
#include "drivers/pdu_snmp/varbind.hpp"

namespace wattbench::drivers::pdu_snmp {

// Secrets for one session, loaded at open; wiped when the session closes.
struct Credentials {
    std::string community;
    std::string auth_passphrase;
    std::string priv_passphrase;
};

// One net-snmp session through the single-session API (snmp_sess_*), so two PDUs on two
// sampler threads share no state. Requests are synchronous and end by the caller's deadline.
class SnmpSession {
public:
    SnmpSession() = default;
    ~SnmpSession();
    SnmpSession(const SnmpSession&) = delete;
    SnmpSession& operator=(const SnmpSession&) = delete;

    std::optional<api::DeviceError> open(const Settings& settings, Credentials credentials);
    void close();
    bool is_open() const { return handle_ != nullptr; }

    using Clock = std::chrono::steady_clock;
    using Answer = std::variant<std::vector<Varbind>, api::DeviceError>;

    // GET of every OID, in as few requests as the agent's size limit allows.
    Answer get(const std::vector<Oid>& oids, Clock::time_point deadline);
    // GETBULK walk of the subtree under `root`.
    Answer walk(const Oid& root, Clock::time_point deadline);

    std::uint64_t round_trips() const { return round_trips_; }

private:
    Answer request(int command, const std::vector<Oid>& oids, int max_repetitions,
                   Clock::time_point deadline);

    void* handle_ = nullptr;
    Settings settings_;
    Credentials credentials_;
    std::uint64_t round_trips_ = 0;
    std::size_t batch_ = 48;  // varbinds per GET; halved when the agent says tooBig
};

}  // namespace wattbench::drivers::pdu_snmp
