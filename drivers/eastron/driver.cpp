#include "drivers/eastron/driver.hpp"

#include <algorithm>
#include <cmath>

#include "drivers/eastron/codec.hpp"

namespace wattbench::drivers::eastron {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

// Eastron meters answer within ~100 ms; 2400 baud adds ~0.3 s for a 32-register block.
constexpr auto answer_timeout = 1s;

}  // namespace

SdmDevice::SdmDevice(Model model, std::uint8_t address,
                     std::unique_ptr<transport::Transport> transport)
    : model_(std::move(model)),
      address_(address),
      transport_(std::move(transport)),
      reader_(*transport_) {}

std::optional<api::DeviceError> SdmDevice::open() {
    if (auto e = transport_->open()) {
        return e;
    }
    reader_.reset();
    // No identity query in the protocol: a first block read proves something answers.
    auto first = read_block(model_.blocks.front(), Clock::now() + answer_timeout);
    if (auto* e = std::get_if<api::DeviceError>(&first)) {
        transport_->close();
        api::DeviceError out = *e;
        if (out.kind == api::ErrorKind::timeout || out.kind == api::ErrorKind::link_lost) {
            out.kind = api::ErrorKind::unreachable;
        }
        out.message += " (address " + std::to_string(address_) + ")";
        return out;
    }
    return std::nullopt;
}

std::variant<std::vector<float>, api::DeviceError> SdmDevice::read_block(
    const Block& block, transport::Deadline deadline) {
    reader_.reset();
    const auto request = read_request(address_, block.first, block.count);
    if (auto e = transport_->write(request, deadline)) {
        return *e;
    }
    const std::uint8_t address = address_;
    const std::uint16_t count = block.count;
    auto frame = reader_.read_frame(
        [address, count](std::span<const std::uint8_t> b) {
            return scan_response(b, address, count);
        },
        deadline);
    if (auto* e = std::get_if<api::DeviceError>(&frame)) {
        return *e;
    }
    auto decoded = decode_response(std::get<std::vector<std::uint8_t>>(frame), address, count);
    if (auto* why = std::get_if<std::string>(&decoded)) {
        return api::DeviceError{api::ErrorKind::protocol, transport_->name() + ": registers " +
                                                              std::to_string(block.first) + "+" +
                                                              std::to_string(count) + ": " + *why};
    }
    return std::get<std::vector<float>>(std::move(decoded));
}

api::PollResult SdmDevice::poll(Clock::time_point deadline) {
    api::PollResult result;
    if (!transport_->is_open()) {
        result.error = api::DeviceError{api::ErrorKind::link_lost, "not open"};
        return result;
    }
    deadline = std::min(deadline, Clock::now() + 2 * answer_timeout);
    std::vector<api::Reading> readings(model_.channels.size());
    for (std::size_t i = 0; i < readings.size(); ++i) {
        readings[i].channel = i;
        readings[i].status = api::Status::unavailable;
    }
    for (const auto& block : model_.blocks) {
        auto values = read_block(block, deadline);
        if (auto* e = std::get_if<api::DeviceError>(&values)) {
            // A whole poll fails only when nothing came back; otherwise the channels of the
            // blocks that did answer are kept and the rest stay unavailable.
            if (e->kind == api::ErrorKind::link_lost) {
                result.error = *e;
                return result;
            }
            if (!result.error) {
                result.error = *e;
            }
            continue;
        }
        const auto& v = std::get<std::vector<float>>(values);
        for (const auto& f : model_.fields) {
            if (f.reg < block.first || f.reg + 2 > block.first + block.count) {
                continue;
            }
            const float x = v[(f.reg - block.first) / 2];
            auto& r = readings[f.channel];
            if (std::isfinite(x)) {
                r.value = static_cast<double>(x) * f.scale;
                r.status = api::Status::ok;
            } else {
                r.status = api::Status::overrange;
            }
        }
    }
    const bool any = std::any_of(readings.begin(), readings.end(), [](const auto& r) {
        return r.status != api::Status::unavailable;
    });
    if (any) {
        result.error.reset();
        result.readings = std::move(readings);
    }
    return result;
}

void SdmDevice::close() {
    if (transport_) {
        transport_->close();
    }
}

api::DeviceIdentity SdmDevice::identity() const {
    std::string model = model_.name;
    for (char& c : model) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return api::DeviceIdentity{
        "Eastron", model + " (Modbus address " + std::to_string(address_) + ")", "", ""};
}

}  // namespace wattbench::drivers::eastron
