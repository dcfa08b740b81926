#pragma once

#include "app/core/load/load.hpp"

namespace wattbench::core::load {

class IdleLoad final : public Load {
public:
    std::optional<std::string> start() override { return std::nullopt; }
    void stop() override {}
    std::string describe() const override { return "idle"; }
};

}  // namespace wattbench::core::load
