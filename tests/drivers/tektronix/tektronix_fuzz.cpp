#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "drivers/tektronix/codec.hpp"

// Takes the input as every line the PA1000/PA3000 answers: :FRD? values (for each field count
// the first bytes suggest), :FRF? labels, *IDN?, :DSR?, a range read-back and a set reply.
// ok values must be finite and below the over-range marker, a label mapping must be unique,
// and nothing may throw.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers::tektronix;
    using wattbench::drivers::api::Status;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (std::size_t n : {std::size_t{1}, std::size_t{7}, item_count}) {
        auto v = parse_values(text, n);
        if (auto* values = std::get_if<std::vector<Value>>(&v)) {
            if (values->size() != n) {
                std::abort();
            }
            for (const auto& x : *values) {
                if (x.status == Status::ok &&
                    (!std::isfinite(x.value) || std::abs(x.value) >= 9.9e37)) {
                    std::abort();
                }
            }
        }
    }
    if (auto labels = parse_labels(text); labels && labels->size() > item_count) {
        std::abort();
    }
    parse_identity(text);
    parse_new_data(text);
    classify_reply(text);
    const std::vector<double> table = {15, 30, 60, 150, 300, 600};
    if (auto r = parse_range(text, table)) {
        bool found = false;
        for (double t : table) {
            found = found || t == *r;
        }
        if (!found) {
            std::abort();
        }
    }
    return 0;
}
