#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "drivers/transport/transport.hpp"
#include "drivers/transport/usbtmc_link.hpp"

namespace wattbench::drivers::transport {

// A byte stream over USBTMC, so a SCPI driver does not know its instrument sits on USB. Each
// write() is one device-dependent message (EOM on its last transfer); a read() with nothing
// buffered asks the device for its answer (REQUEST_DEV_DEP_MSG_IN) and hands the data on as it
// arrives, over as many transfers as the device splits it into. An answer that does not come
// by the read's deadline is aborted (INITIATE_ABORT_BULK_IN, CHECK_ABORT_BULK_IN_STATUS), a
// command the device does not take likewise (…_BULK_OUT, then the endpoint's halt cleared), so
// a late reply is never taken for the next one. open() clears the device (INITIATE_CLEAR).
class UsbtmcTransport : public Transport {
public:
    explicit UsbtmcTransport(std::unique_ptr<UsbtmcLink> link) : link_(std::move(link)) {}
    ~UsbtmcTransport() override { close(); }

    std::optional<api::DeviceError> open() override;
    ReadResult read(std::span<std::uint8_t> buffer, Deadline deadline) override;
    std::optional<api::DeviceError> write(std::span<const std::uint8_t> bytes,
                                          Deadline deadline) override;
    void discard_input() override;
    void close() override;
    bool is_open() const override { return link_->is_open(); }
    std::string name() const override { return link_->name(); }

    // The data bytes the device may send per REQUEST_DEV_DEP_MSG_IN; with the header it fills
    // one 4 KiB bulk-IN transfer, a multiple of every bulk packet size.
    static constexpr std::uint32_t kMaxInData = 4096 - 12;

private:
    std::optional<api::DeviceError> request_answer(Deadline deadline);
    // Takes one bulk-IN read into pending_; an error is the read's result.
    std::optional<api::DeviceError> take_transfer(const std::vector<std::uint8_t>& bytes);
    void take_data(std::span<const std::uint8_t> data);
    void forget_answer();
    void abort_bulk_in();
    void abort_bulk_out(std::uint8_t tag);
    void clear_device();
    void drain_bulk_in();
    std::uint8_t take_tag();
    api::DeviceError lost(const api::DeviceError& e);
    std::size_t serve(std::span<std::uint8_t> buffer);

    std::unique_ptr<UsbtmcLink> link_;
    std::uint8_t tag_ = 0;              // the last bTag used
    std::uint8_t in_tag_ = 0;           // the outstanding request's
    bool in_flight_ = false;            // an answer was requested and has not fully arrived
    std::uint32_t remaining_ = 0;       // data bytes of the current transfer still to come
    bool stale_ = false;                // they belong to an aborted answer
    std::vector<std::uint8_t> header_;  // a reply header read so far
    std::vector<std::uint8_t> pending_;
    std::size_t pending_pos_ = 0;
};

}  // namespace wattbench::drivers::transport
