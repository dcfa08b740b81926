// samples.csv rows as `wattbench import`/`annotate` read them back: any bytes must give a row
// or an error, never a crash; a parsed row maps onto the catalog or is rejected.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "app/core/postrun/run_info.hpp"
#include "app/core/postrun/samples_file.hpp"
#include "app/core/record/samples_csv_writer.hpp"
#include "app/core/rundir/samples_reader.hpp"

namespace {

const wattbench::core::postrun::RunInfo& run() {
    static const auto r = [] {
        wattbench::core::postrun::RunInfo info;
        wattbench::core::record::DeviceChannels d;
        d.device_id = "wattmeter";
        wattbench::drivers::api::ChannelSpec power;
        power.name = "power";
        power.quantity = wattbench::drivers::api::Quantity::power;
        wattbench::drivers::api::ChannelSpec state;
        state.name = "cpu_temp";
        state.quantity = wattbench::drivers::api::Quantity::state;
        state.states = {"Low", "High"};
        d.channels = {power, state};
        info.catalog.devices.push_back(d);
        info.catalog.phase_names = {"idle"};
        info.phases.push_back({"idle", "idle", "done", 1.0, std::nullopt, std::nullopt, {}});
        return info;
    }();
    return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string text(wattbench::core::record::SamplesCsvWriter::kHeader);
    text.append(reinterpret_cast<const char*>(data), size);
    (void)wattbench::core::rundir::read_samples_text(
        text, "samples.csv", [](const wattbench::core::rundir::SampleRow& row) {
            wattbench::core::postrun::SampleFields f;
            if (!wattbench::core::postrun::sample_fields(row, f)) {
                (void)wattbench::core::postrun::to_sample(f, run());
            }
            return std::optional<wattbench::core::rundir::ReadError>{};
        });
    return 0;
}
