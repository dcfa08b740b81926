#include "drivers/transport/usbtmc_transport.hpp"

#include <algorithm>
#include <thread>

#include "drivers/transport/usbtmc_control.hpp"
#include "drivers/transport/usbtmc_header.hpp"

namespace wattbench::drivers::transport {
namespace {

using std::chrono::milliseconds;

// Aborts and clears run after the read's deadline has passed, so each step has its own short
// budget; a device that keeps answering PENDING is given up on after kChecks polls.
constexpr milliseconds kControlTimeout{250};
constexpr milliseconds kDrainTimeout{50};
constexpr milliseconds kCheckPause{2};
constexpr int kChecks = 50;
constexpr int kDrains = 8;

milliseconds until(Deadline deadline) {
    auto left =
        std::chrono::duration_cast<milliseconds>(deadline - std::chrono::steady_clock::now());
    return std::max(left, milliseconds(1));
}

std::optional<UsbtmcControlReply> ask(UsbtmcLink& link, UsbtmcRequest request, std::uint8_t target,
                                      std::uint8_t tag = 0) {
    auto r = link.control_in(usbtmc_setup(request, target, tag), kControlTimeout);
    if (const auto* bytes = std::get_if<usb::Bytes>(&r)) {
        return decode_usbtmc_reply(request, *bytes);
    }
    return std::nullopt;
}

bool succeeded(const std::optional<UsbtmcControlReply>& r) {
    return r && r->status == static_cast<std::uint8_t>(UsbtmcStatus::success);
}

bool pending(const std::optional<UsbtmcControlReply>& r) {
    return r && r->status == static_cast<std::uint8_t>(UsbtmcStatus::pending);
}

}  // namespace

std::optional<api::DeviceError> UsbtmcTransport::open() {
    close();
    if (auto e = link_->open()) {
        return e;
    }
    clear_device();
    if (!link_->is_open()) {
        return api::DeviceError{api::ErrorKind::unreachable, name() + ": gone while clearing"};
    }
    return std::nullopt;
}

void UsbtmcTransport::close() {
    link_->close();
    forget_answer();
    pending_.clear();
    pending_pos_ = 0;
}

void UsbtmcTransport::forget_answer() {
    in_flight_ = false;
    remaining_ = 0;
    stale_ = false;
    header_.clear();
}

std::uint8_t UsbtmcTransport::take_tag() {
    tag_ = next_usbtmc_tag(tag_);
    return tag_;
}

api::DeviceError UsbtmcTransport::lost(const api::DeviceError& e) {
    close();
    return api::DeviceError{api::ErrorKind::link_lost, e.message};
}

std::size_t UsbtmcTransport::serve(std::span<std::uint8_t> buffer) {
    const std::size_t n = std::min(buffer.size(), pending_.size() - pending_pos_);
    std::copy_n(pending_.begin() + static_cast<std::ptrdiff_t>(pending_pos_), n, buffer.begin());
    pending_pos_ += n;
    if (pending_pos_ == pending_.size()) {
        pending_.clear();
        pending_pos_ = 0;
    }
    return n;
}

std::optional<api::DeviceError> UsbtmcTransport::request_answer(Deadline deadline) {
    in_tag_ = take_tag();
    const auto request = encode_request_dev_dep_msg_in(in_tag_, kMaxInData);
    if (auto e = link_->bulk_out(request, until(deadline))) {
        if (e->kind == api::ErrorKind::timeout) {
            abort_bulk_out(in_tag_);
            return e;
        }
        return lost(*e);
    }
    forget_answer();
    in_flight_ = true;
    return std::nullopt;
}

std::optional<api::DeviceError> UsbtmcTransport::take_transfer(
    const std::vector<std::uint8_t>& bytes) {
    if (remaining_ == 0) {
        // A header may come in pieces when the host's reads are short; a zero-length packet
        // closing an earlier transfer adds nothing.
        header_.insert(header_.end(), bytes.begin(), bytes.end());
        if (header_.size() < kUsbtmcHeaderSize && could_be_dev_dep_msg_in(header_)) {
            return std::nullopt;
        }
        auto h = decode_dev_dep_msg_in(header_);
        if (const auto* why = std::get_if<std::string>(&h)) {
            return lost({api::ErrorKind::protocol, name() + ": not a USBTMC reply: " + *why});
        }
        const auto& header = std::get<UsbtmcHeader>(h);
        const bool ours = header.tag == in_tag_;  // else the tail of an answer aborted earlier
        remaining_ = header.transfer_size;
        const std::vector<std::uint8_t> rest(header_.begin() + kUsbtmcHeaderSize, header_.end());
        header_.clear();
        if (!ours) {
            remaining_ -=
                std::min<std::uint32_t>(remaining_, static_cast<std::uint32_t>(rest.size()));
            stale_ = remaining_ > 0;
            return std::nullopt;
        }
        take_data(rest);
        return std::nullopt;
    }
    take_data(bytes);
    return std::nullopt;
}

void UsbtmcTransport::take_data(std::span<const std::uint8_t> data) {
    // What follows TransferSize is alignment padding.
    const auto take = std::min<std::size_t>(remaining_, data.size());
    if (!stale_) {
        pending_.insert(pending_.end(), data.begin(),
                        data.begin() + static_cast<std::ptrdiff_t>(take));
    }
    remaining_ -= static_cast<std::uint32_t>(take);
    if (remaining_ == 0) {
        // Without EOM the message goes on: the next read requests the rest.
        in_flight_ = stale_;
        stale_ = false;
    }
}

ReadResult UsbtmcTransport::read(std::span<std::uint8_t> buffer, Deadline deadline) {
    if (pending_pos_ < pending_.size()) {
        return {serve(buffer), std::nullopt};
    }
    if (!link_->is_open()) {
        return {0, api::DeviceError{api::ErrorKind::link_lost, name() + ": not open"}};
    }
    for (;;) {
        if (!in_flight_) {
            if (auto e = request_answer(deadline)) {
                return {0, e->kind == api::ErrorKind::timeout ? std::nullopt : e};
            }
        }
        auto r = link_->bulk_in(kMaxInData + kUsbtmcHeaderSize, until(deadline));
        if (const auto* e = std::get_if<api::DeviceError>(&r)) {
            if (e->kind == api::ErrorKind::timeout) {
                abort_bulk_in();
                return {0, std::nullopt};
            }
            return {0, lost(*e)};
        }
        if (auto e = take_transfer(std::get<usb::Bytes>(r))) {
            return {0, e};
        }
        if (pending_pos_ < pending_.size()) {
            return {serve(buffer), std::nullopt};
        }
        if (std::chrono::steady_clock::now() >= deadline) {
            if (in_flight_) {
                abort_bulk_in();
            }
            return {0, std::nullopt};
        }
    }
}

std::optional<api::DeviceError> UsbtmcTransport::write(std::span<const std::uint8_t> bytes,
                                                       Deadline deadline) {
    if (!link_->is_open()) {
        return api::DeviceError{api::ErrorKind::link_lost, name() + ": not open"};
    }
    if (in_flight_) {  // a new command: the rest of an unread answer is stale
        abort_bulk_in();
    }
    do {
        const auto n = std::min<std::size_t>(bytes.size(), kMaxInData);
        const bool last = n == bytes.size();
        const std::uint8_t tag = take_tag();
        const auto transfer = encode_dev_dep_msg_out(tag, bytes.first(n), last);
        if (auto e = link_->bulk_out(transfer, until(deadline))) {
            if (e->kind != api::ErrorKind::timeout) {
                return lost(*e);
            }
            abort_bulk_out(tag);
            return api::DeviceError{api::ErrorKind::timeout,
                                    name() + ": the device did not take the command in time"};
        }
        bytes = bytes.subspan(n);
    } while (!bytes.empty());
    return std::nullopt;
}

void UsbtmcTransport::discard_input() {
    pending_.clear();
    pending_pos_ = 0;
    if (in_flight_ && link_->is_open()) {
        abort_bulk_in();
    }
}

void UsbtmcTransport::drain_bulk_in() {
    const auto packet = std::max<std::size_t>(link_->interface().max_packet, 1);
    for (int i = 0; i < kDrains && link_->is_open(); ++i) {
        auto r = link_->bulk_in(kMaxInData + kUsbtmcHeaderSize, kDrainTimeout);
        const auto* bytes = std::get_if<usb::Bytes>(&r);
        if (bytes == nullptr || bytes->size() % packet != 0 || bytes->empty()) {
            return;  // a short packet ends the aborted transfer
        }
    }
}

void UsbtmcTransport::abort_bulk_in() {
    forget_answer();
    const auto ep = link_->interface().bulk_in;
    if (!succeeded(ask(*link_, UsbtmcRequest::initiate_abort_bulk_in, ep, in_tag_))) {
        return;  // FAILED or TRANSFER_NOT_IN_PROGRESS: nothing was under way
    }
    drain_bulk_in();
    for (int i = 0; i < kChecks && link_->is_open(); ++i) {
        auto check = ask(*link_, UsbtmcRequest::check_abort_bulk_in_status, ep);
        if (!pending(check)) {
            return;
        }
        if (check->fifo_has_data) {
            drain_bulk_in();
        } else {
            std::this_thread::sleep_for(kCheckPause);
        }
    }
}

void UsbtmcTransport::abort_bulk_out(std::uint8_t tag) {
    const auto ep = link_->interface().bulk_out;
    if (succeeded(ask(*link_, UsbtmcRequest::initiate_abort_bulk_out, ep, tag))) {
        for (int i = 0; i < kChecks && link_->is_open(); ++i) {
            if (!pending(ask(*link_, UsbtmcRequest::check_abort_bulk_out_status, ep))) {
                break;
            }
            std::this_thread::sleep_for(kCheckPause);
        }
    }
    if (link_->is_open()) {
        link_->clear_halt(ep);
    }
}

void UsbtmcTransport::clear_device() {
    const auto number = link_->interface().number;
    // A device without the request stalls it; it then has nothing to clear either.
    if (succeeded(ask(*link_, UsbtmcRequest::initiate_clear, number))) {
        for (int i = 0; i < kChecks && link_->is_open(); ++i) {
            auto check = ask(*link_, UsbtmcRequest::check_clear_status, number);
            if (!pending(check)) {
                break;
            }
            if (check->fifo_has_data) {
                drain_bulk_in();
            } else {
                std::this_thread::sleep_for(kCheckPause);
            }
        }
    }
    if (link_->is_open()) {
        link_->clear_halt(link_->interface().bulk_out);
    }
    forget_answer();
}

}  // namespace wattbench::drivers::transport
