#pragma once

#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "drivers/transport/transport.hpp"

namespace wattbench::drivers::scpi_analyzer {

// Answers each written line through `reply` ("" = no answer); nothing ever blocks.
class ScriptedTransport : public transport::Transport {
public:
    std::function<std::string(const std::string&)> reply;
    std::vector<std::string> written;
    std::string pending;
    bool open_ = false;

    std::optional<api::DeviceError> open() override {
        open_ = true;
        return std::nullopt;
    }
    transport::ReadResult read(std::span<std::uint8_t> buffer, transport::Deadline) override {
        const std::size_t n = std::min(buffer.size(), pending.size());
        std::memcpy(buffer.data(), pending.data(), n);
        pending.erase(0, n);
        return {n, std::nullopt};
    }
    std::optional<api::DeviceError> write(std::span<const std::uint8_t> bytes,
                                          transport::Deadline) override {
        std::string text(bytes.begin(), bytes.end());
        for (auto nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n')) {
            written.push_back(text.substr(0, nl));
            pending += reply(text.substr(0, nl));
            text.erase(0, nl + 1);
        }
        return std::nullopt;
    }
    void discard_input() override {}
    void close() override { open_ = false; }
    bool is_open() const override { return open_; }
    std::string name() const override { return "scripted"; }
};

}  // namespace wattbench::drivers::scpi_analyzer
