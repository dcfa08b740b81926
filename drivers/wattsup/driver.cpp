#include "drivers/wattsup/driver.hpp"

#include <algorithm>

#include "drivers/wattsup/codec.hpp"

namespace wattbench::drivers::wattsup {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

// The meter answers within 2 s (protocol document).
constexpr auto answer_timeout = 2s;

const common::Scanner scanner = [](std::span<const std::uint8_t> b) { return scan_packet(b); };

}  // namespace

WattsupDevice::WattsupDevice(int interval_s, std::unique_ptr<transport::Transport> transport)
    : interval_s_(interval_s), transport_(std::move(transport)), reader_(*transport_) {}

const std::vector<api::ChannelSpec>& WattsupDevice::channels() const {
    static const std::vector<api::ChannelSpec> table = [] {
        auto t = common::wattmeter_channels();
        t[power].accuracy = api::Accuracy{power_accuracy, 0.0, 0.0};
        return t;
    }();
    return table;
}

std::optional<api::DeviceError> WattsupDevice::send(const std::string& packet) {
    return transport_->write(
        std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(packet.data()),
                                      packet.size()),
        Clock::now() + answer_timeout);
}

std::optional<api::DeviceError> WattsupDevice::open() {
    if (auto e = transport_->open()) {
        return e;
    }
    reader_.reset();
    last_power_ = -1.0;
    auto fail = [this](api::DeviceError e) {
        transport_->close();
        return api::failed_open(std::move(e));
    };
    if (auto e = send(stop_request())) {
        return fail(*e);
    }
    if (auto e = send(version_request())) {
        return fail(*e);
    }
    // Banner lines, records still streaming from an earlier session and anything else come
    // first; only the #v answer identifies the meter.
    const auto deadline = Clock::now() + answer_timeout;
    for (;;) {
        auto frame = reader_.read_frame(scanner, deadline);
        if (auto* e = std::get_if<api::DeviceError>(&frame)) {
            return fail({e->kind, e->message + " (waiting for the #v version record)"});
        }
        auto packet = parse_packet(std::get<std::vector<std::uint8_t>>(frame));
        if (auto* p = std::get_if<Packet>(&packet)) {
            if (auto id = decode_version(*p)) {
                identity_ = *id;
                break;
            }
        }
    }
    if (auto e = send(logging_request(interval_s_))) {
        return fail(*e);
    }
    return std::nullopt;
}

api::PollResult WattsupDevice::poll(Clock::time_point deadline) {
    api::PollResult result;
    if (!transport_->is_open()) {
        result.error = api::DeviceError{api::ErrorKind::link_lost, "not open"};
        return result;
    }
    deadline =
        std::min(deadline, Clock::now() + std::chrono::seconds(interval_s_) + answer_timeout);
    std::optional<std::vector<api::Reading>> latest;
    std::optional<std::string> bad;
    // Wait for one record, then take whatever else is already buffered so the newest wins.
    auto until = deadline;
    for (;;) {
        auto frame = reader_.read_frame(scanner, until);
        if (auto* e = std::get_if<api::DeviceError>(&frame)) {
            if (e->kind == api::ErrorKind::timeout && (latest || bad)) {
                break;
            }
            result.error = *e;
            return result;
        }
        auto packet = parse_packet(std::get<std::vector<std::uint8_t>>(frame));
        if (auto* p = std::get_if<Packet>(&packet)) {
            if (p->command != 'd') {
                continue;  // unsolicited or late answers: not data
            }
            auto r = decode_record(*p);
            if (auto* v = std::get_if<std::vector<api::Reading>>(&r)) {
                latest = std::move(*v);
            } else {
                bad = std::get<std::string>(r);
            }
        } else {
            bad = std::get<std::string>(packet);
        }
        until = Clock::now();  // drain what is buffered, wait no more
    }
    if (!latest) {
        result.error = api::DeviceError{api::ErrorKind::protocol, transport_->name() + ": " + *bad};
        return result;
    }
    auto& p = (*latest)[power];
    if (p.status == api::Status::ok) {
        // Some meters report 0 W for a single record now and then. A zero right after a
        // non-zero record is flagged as an error row, not averaged in; a second zero in a row
        // is believed.
        const bool stray = p.value == 0.0 && last_power_ > 0.0;
        last_power_ = p.value;
        if (stray) {
            p.status = api::Status::error;
            p.text = "stray 0 W record";
        }
    }
    result.readings = std::move(*latest);
    return result;
}

void WattsupDevice::close() {
    if (transport_ && transport_->is_open()) {
        send(stop_request());
        transport_->close();
    }
}

}  // namespace wattbench::drivers::wattsup
