#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/ipmi/bmc_session.hpp"
#include "drivers/ipmi/settings.hpp"

struct ipmi_monitoring_ctx;

namespace wattbench::drivers::ipmi {

// Every BMC sensor through libipmimonitoring (in-band or IPMI 2.0 LAN). Sensors are found
// at the first open(); each poll reads the chosen ones by SDR record id. libipmimonitoring
// sets up an RMCP+ session for each read and offers no way to keep one open.
class IpmiDevice final : public api::Device {
public:
    explicit IpmiDevice(Settings settings);
    ~IpmiDevice() override;
    IpmiDevice(const IpmiDevice&) = delete;
    IpmiDevice& operator=(const IpmiDevice&) = delete;

    const std::vector<api::ChannelSpec>& channels() const override { return channels_; }
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    api::DeviceIdentity identity() const override { return identity_; }

private:
    struct Read;
    std::optional<api::DeviceError> read_all(bool discover, api::PollResult* out);
    std::optional<api::DeviceError> prepare_cache_dir();
    std::string cache_file() const;
    bool drop_stale_cache();  // true when it found the cache stale and removed it
    void discover_dcmi();
    void poll_dcmi(api::PollResult& out);
    void wipe_password();

    Settings settings_;
    std::vector<api::ChannelSpec> channels_;
    std::vector<unsigned> record_ids_;                   // of the chosen sensors
    std::map<unsigned, std::size_t> channel_of_record_;  // record id → channel index
    ipmi_monitoring_ctx* ctx_ = nullptr;
    std::string password_;
    std::string cache_dir_;
    bool own_cache_dir_ = false;
    bool discovered_ = false;
    BmcSession session_;                // libfreeipmi requests: DCMI power, SDR repository info
    std::vector<std::string> notices_;  // for events.log, handed over with the next poll
    std::optional<std::size_t> dcmi_channel_;
    api::DeviceIdentity identity_;
};

}  // namespace wattbench::drivers::ipmi
