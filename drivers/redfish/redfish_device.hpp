#pragma once

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/redfish/auth_session.hpp"
#include "drivers/redfish/poll_plan.hpp"
#include "drivers/redfish/service_parse.hpp"
#include "drivers/redfish/settings.hpp"

namespace wattbench::drivers::redfish {

// A Redfish BMC over one kept-alive HTTPS connection. The first open() logs in and discovers
// every chassis' readings (the channel table is fixed then); a reopen after a lost link only
// logs in again. Each poll requests the few resources that hold readings ($expand where the
// service allows it) and gives up at the deadline.
class RedfishDevice final : public api::Device {
public:
    explicit RedfishDevice(Settings settings);
    ~RedfishDevice() override;
    RedfishDevice(const RedfishDevice&) = delete;
    RedfishDevice& operator=(const RedfishDevice&) = delete;

    const std::vector<api::ChannelSpec>& channels() const override { return plan_.channels; }
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    api::DeviceIdentity identity() const override { return identity_; }

private:
    std::optional<api::DeviceError> discover(const ServiceRoot& root);
    std::optional<api::DeviceError> discover_chassis(const std::string& path, bool expand,
                                                     std::vector<DiscoveredChassis>& out);
    // GET + parse during discovery; nullopt with `error` set when it failed.
    std::optional<Json> fetch(const std::string& path, std::optional<api::DeviceError>& error);
    void note(std::string message, bool warning = false);
    std::chrono::milliseconds timeout() const;

    Settings settings_;
    std::unique_ptr<HttpClient> http_;
    std::unique_ptr<AuthSession> session_;
    PollPlan plan_;
    bool discovered_ = false;
    bool open_ = false;
    std::vector<api::Notice> pending_;  // handed over with the next poll
    std::set<std::string> logged_;      // problems already in events.log
    api::DeviceIdentity identity_;
};

}  // namespace wattbench::drivers::redfish
