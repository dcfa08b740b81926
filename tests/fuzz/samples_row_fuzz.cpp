// samples.csv rows as `wattbench import`/`annotate` read them back: any bytes must give a row
// or an error, never a crash; a parsed row maps onto the catalog or is rejected.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "app/core/postrun/run_info.hpp"
#include "app/core/postrun/samples_file.hpp"

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
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    wattbench::core::postrun::SampleFields f;
    if (!wattbench::core::postrun::parse_sample_line(text, f)) {
        (void)wattbench::core::postrun::to_sample(f, run());
    }
    return 0;
}
