#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "app/core/stats/channel_summary.hpp"

namespace wattbench::drivers::voltcraft {

struct El4000Import {
    std::string sd_folder;
    std::string run_dir;
    std::string device_id = "el4000";
    // Added to the logger's clock: its error against true time (a logger 30 s behind needs
    // +30s). The logger's local time is read in this computer's time zone (TZ).
    std::chrono::nanoseconds offset{0};
    std::optional<double> accuracy_percent;  // of the power reading; none: no uncertainty
};

struct El4000ImportResult {
    std::vector<std::string> files;    // data files merged
    std::vector<std::string> skipped;  // files entirely outside the run, with why
    std::size_t readings = 0;          // minute records merged (4 samples.csv rows each)
    std::size_t outside = 0;           // records of merged files outside the run, left out
    std::vector<core::stats::ChannelSummary> rows;  // the device's new phases.csv rows
};

// `wattbench import el4000`: decodes the SD card's INFO and data files (drivers/voltcraft),
// merges each minute record into samples.csv by time as device `device_id` (channels power,
// voltage, current, power_factor; stage and phase from the run's windows), adds the device and
// its source files to manifest.json, notes the import in events.log and adds the device's
// window statistics to phases.csv (other rows unchanged). Nothing is written when a file is
// malformed (the error names the file and the byte offset) or no record falls inside the run.
std::variant<El4000ImportResult, std::string> import_el4000(const El4000Import& options);

}  // namespace wattbench::drivers::voltcraft
