#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "drivers/rohde_schwarz/codec.hpp"

// Takes the input as every line the HMC8015 answers: CHAN1:MEAS:DATA? values (one field, and
// the eight a poll reads), the function list read back, *IDN? and SYST:ERR?. ok values must be
// finite and below the sentinels, and nothing may throw.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers::rohde_schwarz;
    using wattbench::drivers::api::Status;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (std::size_t n : {std::size_t{1}, function_count}) {
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
    functions_match(text, poll_functions());
    parse_identity(text);
    parse_error(text);
    return 0;
}
