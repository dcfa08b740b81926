#pragma once

#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/http/plug_values.hpp"
#include "drivers/kasa/settings.hpp"
#include "drivers/transport/tcp_transport.hpp"

namespace wattbench::drivers::kasa {

// A TP-Link Kasa plug (HS110, KP115) or one outlet of a strip (HS300) over its local TCP
// protocol: one get_realtime request per poll on a kept connection, reconnected within the poll
// when the plug closed it. The first open() fixes the channels from what the plug reports.
class KasaDevice final : public api::Device {
public:
    explicit KasaDevice(Settings settings);
    ~KasaDevice() override { close(); }
    KasaDevice(const KasaDevice&) = delete;
    KasaDevice& operator=(const KasaDevice&) = delete;

    const std::vector<api::ChannelSpec>& channels() const override { return plug_.channels(); }
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    api::DeviceIdentity identity() const override { return identity_; }

private:
    // The plaintext answer to `request`, reconnecting once when a kept connection was closed.
    std::variant<std::string, api::DeviceError> exchange(const std::string& request,
                                                         transport::Deadline deadline);
    std::variant<std::string, api::DeviceError> exchange_once(const std::string& request,
                                                              transport::Deadline deadline);
    std::variant<http::PlugValues, api::DeviceError> read_realtime(transport::Deadline deadline);
    std::string where() const;

    Settings settings_;
    transport::TcpTransport transport_;
    http::PlugChannels plug_;
    std::string child_id_;
    std::vector<api::Notice> pending_;
    api::DeviceIdentity identity_;
};

}  // namespace wattbench::drivers::kasa
