// Any bytes as samples.csv and as events.log: rows and events or an error, never a crash. Both
// readers are fed the input whole and, for samples.csv, in two pieces split at its first byte,
// and the two reads must pass on the same rows.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/rundir/events_reader.hpp"
#include "app/core/rundir/samples_reader.hpp"

namespace rundir = wattbench::core::rundir;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> whole;
    const auto r = rundir::read_samples_text(text, "fuzz.csv", [&](const rundir::SampleRow& row) {
        (void)row.time_ms();
        (void)row.number(rundir::SampleColumn::value);
        whole.emplace_back(row.text());
        return std::optional<rundir::ReadError>{};
    });
    if (r && size > 1) {
        const std::size_t cut = data[0] % size;
        rundir::SamplesReader reader("fuzz.csv");
        std::vector<std::string> pieces;
        const rundir::SampleRowFn fn = [&](const rundir::SampleRow& row) {
            pieces.emplace_back(row.text());
            return std::optional<rundir::ReadError>{};
        };
        std::size_t consumed = 0;
        std::string buffer(text.substr(0, cut));
        if (!reader.feed(buffer, false, consumed, fn)) {
            buffer = buffer.substr(consumed) + std::string(text.substr(cut));
            if (!reader.feed(buffer, true, consumed, fn) && pieces != whole) {
                std::abort();
            }
        }
    }
    (void)rundir::read_events_text(text, "fuzz.log", [](const rundir::Event& e) {
        if (e.message.size() > 1u << 30) {
            std::abort();
        }
    });
    return 0;
}
