#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/ipmi/bmc_session.hpp"
#include "drivers/ipmi/settings.hpp"

struct ipmi_sdr_ctx;
struct ipmi_sensor_read_ctx;

namespace wattbench::drivers::ipmi {

// Every BMC sensor through libfreeipmi (in-band or IPMI 2.0 LAN) on one session kept open:
// the SDRs are read (or taken from the SDR cache) and parsed at open(); each poll is one Get
// Sensor Reading per chosen sensor, decoded with its SDR's factors by ipmi_sensor_read. A
// session the BMC dropped is reopened once within the poll before the link counts as lost.
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
    // A chosen sensor: its SDR record as the cache holds it, and the channel it feeds.
    struct Sensor {
        std::vector<std::uint8_t> record;
        std::uint8_t share_offset = 0;
        std::uint8_t sensor_number = 0;
        std::uint8_t event_reading_type_code = 0;
        std::uint8_t sensor_type = 0;
        std::size_t channel = 0;
    };
    std::optional<api::DeviceError> open_session();
    std::optional<api::DeviceError> load_sdrs(bool discover);
    std::optional<api::DeviceError> session_error(const std::string& what) const;
    bool read_sensor(const Sensor& sensor, api::Reading& out);
    std::optional<api::DeviceError> prepare_cache_dir();
    std::string cache_file() const;
    bool drop_stale_cache();  // true when it found the cache stale and removed it
    void discover_dcmi();
    void poll_dcmi(api::PollResult& out);
    void wipe_password();

    Settings settings_;
    std::vector<api::ChannelSpec> channels_;
    std::vector<Sensor> sensors_;
    ipmi_sdr_ctx* sdr_ = nullptr;             // parses records; the cache is closed after open()
    ipmi_sensor_read_ctx* reader_ = nullptr;  // bound to session_'s context of that time:
    const void* reader_session_ = nullptr;    // a reopened session needs a new reader
    bool opened_ = false;
    std::string password_;
    std::string cache_dir_;
    bool own_cache_dir_ = false;
    bool discovered_ = false;
    BmcSession session_;
    std::vector<std::string> notices_;  // for events.log, handed over with the next poll
    std::optional<std::size_t> dcmi_channel_;
    api::DeviceIdentity identity_;
};

}  // namespace wattbench::drivers::ipmi
