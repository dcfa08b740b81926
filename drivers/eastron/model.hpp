#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "drivers/api/channel_spec.hpp"

namespace wattbench::drivers::eastron {

// One measured value: its first input register, the channel it fills and a scale (kWh → Wh).
struct Field {
    std::uint16_t reg;
    std::size_t channel;
    double scale = 1.0;
};

// Consecutive registers fetched with one request.
struct Block {
    std::uint16_t first;
    std::uint16_t count;
};

// What a model is read as: channel table, fields and the block reads that cover them. Data,
// not code: a new model is a new table.
struct Model {
    std::string name;
    std::vector<api::ChannelSpec> channels;
    std::vector<Field> fields;
    std::vector<Block> blocks;
    double accuracy = 0.01;  // class 1: ±1 % of reading for active energy/power
};

std::optional<Model> find_model(std::string_view name);

}  // namespace wattbench::drivers::eastron
