#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/common/update_interval.hpp"
#include "drivers/pdu_snmp/poll_plan.hpp"
#include "drivers/pdu_snmp/settings.hpp"
#include "drivers/pdu_snmp/snmp_session.hpp"

namespace wattbench::drivers::pdu_snmp {

// A metered PDU over SNMP. The first open() identifies the vendor (sysObjectID unless `vendor`
// is set) and walks its tables once with GETBULK to fix the channel table; every poll is then
// GETs of the known OIDs, a few varbinds-full requests. A reopen only checks the agent answers
// as the same vendor.
class PduDevice final : public api::Device {
public:
    explicit PduDevice(Settings settings);

    const std::vector<api::ChannelSpec>& channels() const override { return plan_.channels; }
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    api::DeviceIdentity identity() const override { return identity_; }

    std::uint64_t round_trips() const { return session_.round_trips(); }

private:
    std::optional<api::DeviceError> discover(const VendorTable& table,
                                             SnmpSession::Clock::time_point deadline);
    void read_identity(const VendorTable& table, const std::string& sys_descr,
                       SnmpSession::Clock::time_point deadline);
    void check_counters(const std::vector<api::Reading>& readings, api::PollResult& out);
    api::DeviceError named(api::DeviceError e) const;

    Settings settings_;
    SnmpSession session_;
    const VendorTable* table_ = nullptr;
    PollPlan plan_;
    std::vector<Oid> poll_oids_;
    bool discovered_ = false;
    std::vector<api::Notice> pending_;
    std::map<std::size_t, double> last_counter_;
    int timeouts_in_a_row_ = 0;
    common::UpdateInterval interval_{"the PDU"};
    api::DeviceIdentity identity_;
};

}  // namespace wattbench::drivers::pdu_snmp
