// samples.csv content for `wattbench report`'s scan: any bytes give a scan or an error, never a
// crash, and a scan keeps every series within max_buckets whatever the times say.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <variant>

#include "app/core/report/samples_scan.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    wattbench::core::report::ScanOptions options;
    // Few buckets, so that widening and merging run on small inputs too.
    options.max_buckets = 4;
    const auto result = wattbench::core::report::scan_samples_text(text, "fuzz.csv", options);
    if (const auto* scan = std::get_if<wattbench::core::report::SamplesScan>(&result)) {
        for (const auto& series : scan->series) {
            if (series.buckets.size() > options.max_buckets) {
                std::abort();
            }
            for (const auto& b : series.buckets) {
                if (b.count == 0 || !(b.min <= b.max) || !(b.t0 < b.t1)) {
                    std::abort();
                }
            }
        }
    }
    return 0;
}
