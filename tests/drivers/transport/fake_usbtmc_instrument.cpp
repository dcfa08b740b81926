#include "tests/drivers/transport/fake_usbtmc_instrument.hpp"

#include <algorithm>

#include "drivers/transport/usbtmc_control.hpp"
#include "drivers/transport/usbtmc_header.hpp"

namespace wattbench::drivers::transport {
namespace {

constexpr std::uint8_t kSuccess = 0x01;
constexpr std::uint8_t kPending = 0x02;
constexpr std::uint8_t kFailed = 0x80;
constexpr std::uint8_t kNotInProgress = 0x81;

usb::Bytes bytes_of(const std::string& s) {
    return {s.begin(), s.end()};
}

}  // namespace

void FakeUsbtmcInstrument::unplug() {
    plugged_ = false;
}

std::optional<api::DeviceError> FakeUsbtmcInstrument::gone() {
    if (plugged_) {
        return std::nullopt;
    }
    open_ = false;
    return api::DeviceError{api::ErrorKind::link_lost,
                            name() + ": No such device (it may have been disconnected)"};
}

std::optional<api::DeviceError> FakeUsbtmcInstrument::open() {
    if (!plugged_) {
        return api::DeviceError{api::ErrorKind::unreachable, name() + ": no such USB device"};
    }
    open_ = true;
    ++opens;
    return std::nullopt;
}

void FakeUsbtmcInstrument::queue_transfer(std::uint8_t tag, std::uint32_t max_size) {
    request_tag_.reset();
    if (stale_next) {
        stale_next = false;
        in_fifo_.push_back(encode_dev_dep_msg_in(static_cast<std::uint8_t>(tag + 100),
                                                 bytes_of("9.9E+9\n"), true));
    }
    if (garbage_next) {
        garbage_next = false;
        in_fifo_.push_back(bytes_of("1.2345E+02\n"));
        reply_.clear();
        return;
    }
    std::size_t n = std::min<std::size_t>(max_size, reply_.size());
    if (max_transfer_data > 0) {
        n = std::min(n, max_transfer_data);
    }
    const usb::Bytes data = bytes_of(reply_.substr(0, n));
    reply_.erase(0, n);
    in_fifo_.push_back(encode_dev_dep_msg_in(tag, data, reply_.empty() && !no_eom));
}

std::optional<api::DeviceError> FakeUsbtmcInstrument::bulk_out(std::span<const std::uint8_t> data,
                                                               std::chrono::milliseconds) {
    if (auto e = gone()) {
        return e;
    }
    if (refuse_out) {
        return api::DeviceError{api::ErrorKind::timeout,
                                name() + ": bulk OUT 01: Operation timed out"};
    }
    auto h = decode_bulk_out_header(data);
    if (const auto* why = std::get_if<std::string>(&h)) {
        return api::DeviceError{api::ErrorKind::protocol, name() + ": stall: " + *why};
    }
    const auto& header = std::get<UsbtmcHeader>(h);
    tags.push_back(header.tag);
    if (header.id == static_cast<std::uint8_t>(UsbtmcMsgId::dev_dep_msg_out)) {
        const auto end =
            std::min<std::size_t>(data.size(), kUsbtmcHeaderSize + header.transfer_size);
        incoming_.append(data.begin() + kUsbtmcHeaderSize,
                         data.begin() + static_cast<std::ptrdiff_t>(end));
        if (header.eom) {
            messages.push_back(incoming_);
            reply_ = answer_(incoming_);  // a new message replaces an answer never fetched
            incoming_.clear();
            if (request_tag_ && !silent && !reply_.empty()) {
                queue_transfer(*request_tag_, request_size_);
            }
        }
    } else if (header.id == static_cast<std::uint8_t>(UsbtmcMsgId::request_dev_dep_msg_in)) {
        if (silent || reply_.empty()) {
            request_tag_ = header.tag;
            request_size_ = header.transfer_size;
        } else {
            queue_transfer(header.tag, header.transfer_size);
        }
    }
    return std::nullopt;
}

usb::TransferResult FakeUsbtmcInstrument::bulk_in(std::size_t length, std::chrono::milliseconds) {
    if (auto e = gone()) {
        return *e;
    }
    if (in_fifo_.empty()) {
        return api::DeviceError{api::ErrorKind::timeout,
                                name() + ": bulk IN 82: Operation timed out"};
    }
    auto& front = in_fifo_.front();
    std::size_t n = std::min(length, front.size());
    if (bulk_chunk > 0) {
        n = std::min(n, bulk_chunk);
    }
    usb::Bytes piece(front.begin(), front.begin() + static_cast<std::ptrdiff_t>(n));
    front.erase(front.begin(), front.begin() + static_cast<std::ptrdiff_t>(n));
    if (front.empty()) {
        in_fifo_.pop_front();
    }
    return piece;
}

usb::Bytes FakeUsbtmcInstrument::check_reply(std::uint8_t length, bool fifo) {
    usb::Bytes r(length, 0);
    r[0] = checks_left_-- > 0 ? kPending : kSuccess;
    r[1] = fifo ? 1 : 0;
    return r;
}

usb::TransferResult FakeUsbtmcInstrument::control_in(const usb::SetupPacket& s,
                                                     std::chrono::milliseconds) {
    if (auto e = gone()) {
        return *e;
    }
    const auto request = static_cast<UsbtmcRequest>(s.request);
    const std::uint8_t target =
        request == UsbtmcRequest::initiate_clear || request == UsbtmcRequest::check_clear_status
            ? interface().number
        : request == UsbtmcRequest::initiate_abort_bulk_out ||
                request == UsbtmcRequest::check_abort_bulk_out_status
            ? interface().bulk_out
            : interface().bulk_in;
    if (s != usbtmc_setup(request, target, static_cast<std::uint8_t>(s.value))) {
        requests.push_back("BAD " + usb::describe(s));
        return api::DeviceError{api::ErrorKind::protocol, name() + ": stall"};
    }
    const auto tag = static_cast<std::uint8_t>(s.value);
    switch (request) {
        case UsbtmcRequest::initiate_clear:
            requests.push_back("INITIATE_CLEAR");
            incoming_.clear();
            reply_.clear();
            in_fifo_.clear();
            request_tag_.reset();
            checks_left_ = pending_checks;
            return usb::Bytes{kSuccess};
        case UsbtmcRequest::check_clear_status:
            requests.push_back("CHECK_CLEAR_STATUS");
            return check_reply(2, false);
        case UsbtmcRequest::initiate_abort_bulk_in: {
            requests.push_back("INITIATE_ABORT_BULK_IN tag " + std::to_string(tag));
            if (!request_tag_ && in_fifo_.empty()) {
                return usb::Bytes{kFailed, tag};
            }
            if (request_tag_ && *request_tag_ != tag) {
                return usb::Bytes{kNotInProgress, tag};
            }
            request_tag_.reset();
            reply_.clear();
            in_fifo_.clear();
            in_fifo_.push_back({});  // the short packet that ends the aborted transfer
            checks_left_ = pending_checks;
            return usb::Bytes{kSuccess, tag};
        }
        case UsbtmcRequest::check_abort_bulk_in_status:
            requests.push_back("CHECK_ABORT_BULK_IN_STATUS");
            return check_reply(8, !in_fifo_.empty());
        case UsbtmcRequest::initiate_abort_bulk_out:
            requests.push_back("INITIATE_ABORT_BULK_OUT tag " + std::to_string(tag));
            incoming_.clear();
            checks_left_ = pending_checks;
            return usb::Bytes{kSuccess, tag};
        case UsbtmcRequest::check_abort_bulk_out_status:
            requests.push_back("CHECK_ABORT_BULK_OUT_STATUS");
            return check_reply(8, false);
        default:
            requests.push_back("STALL " + usb::describe(s));
            return api::DeviceError{api::ErrorKind::protocol, name() + ": stall"};
    }
}

}  // namespace wattbench::drivers::transport
