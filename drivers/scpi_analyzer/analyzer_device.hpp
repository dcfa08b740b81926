#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/common/range_state.hpp"
#include "drivers/scpi_analyzer/codec.hpp"
#include "drivers/scpi_analyzer/model.hpp"
#include "drivers/scpi_analyzer/settings.hpp"
#include "drivers/transport/line_reader.hpp"
#include "drivers/transport/transport.hpp"

namespace wattbench::drivers::scpi_analyzer {

// Any table-driven analyzer over any byte transport: on open the greeting, the identity
// (matched against the model), set-up, item selection, the ranges set and read back, the
// integrator reset, started and read back; then one read query per poll. Ranges are fixed,
// auto, or calibrated from each warm-up (MLPerf rule); while one is on auto it is read back
// every poll and a change inside a window flags `range_change`, as on the WT310.
class AnalyzerDevice : public api::Device, public api::RangingDevice {
public:
    // `transport` is what the link hook made of the endpoint's raw transport.
    AnalyzerDevice(const Model& model, Settings settings,
                   std::unique_ptr<transport::Transport> transport);
    ~AnalyzerDevice() override { close(); }

    const std::vector<api::ChannelSpec>& channels() const override { return plan_.channels; }
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    api::DeviceIdentity identity() const override { return identity_; }

    api::RangingDevice* ranging() override { return settings_.calibrate ? this : nullptr; }
    void request_ranging(api::RangingStep step) override { ranges_.request(step); }
    bool ranging_pending() const override { return ranges_.pending(); }

private:
    using Deadline = transport::Deadline;
    std::optional<api::DeviceError> send(const std::string& command, Deadline deadline);
    // A set command: sent, then its bare answer dropped where the family answers everything;
    // `refused` says whether that answer refused it (Quirks::refused). `sync`: with the
    // dialect's sync_suffix (every command but the greeting).
    std::optional<api::DeviceError> command(const std::string& command, Deadline deadline,
                                            bool sync = true, bool* refused = nullptr);
    // The same; a refusal is a warning and returned as true in `refused`.
    std::optional<api::DeviceError> command_or_warn(const std::string& command, Deadline deadline,
                                                    const std::string& consequence, bool& refused,
                                                    bool sync = true);
    std::optional<api::DeviceError> select(Deadline deadline);
    std::optional<api::DeviceError> set_ranges(Deadline deadline);
    std::optional<api::DeviceError> commands(const std::vector<std::string>& list,
                                             Deadline deadline);
    // The next reply line that is not empty and no confirmation code.
    std::variant<std::string, api::DeviceError> read_line(Deadline deadline);
    std::optional<std::string> query(const std::string& query, Deadline deadline,
                                     std::optional<api::DeviceError>* link_error = nullptr);
    std::optional<api::DeviceError> set_up(Deadline deadline);
    std::optional<api::DeviceError> start_integrator(Deadline deadline);
    void learn_order(Deadline deadline);
    std::optional<api::DeviceError> wait_ready(Deadline deadline);
    std::optional<api::DeviceError> carry_out_ranging(api::PollResult& result, Deadline deadline);
    void read_back_ranges(Deadline deadline, api::PollResult* result);
    void read_back_element_ranges(Deadline deadline, api::PollResult* result);
    // The ranges in use as just reported; a change is flagged in `result` when given.
    void note_ranges(const std::optional<double>& volts, const std::optional<double>& amps,
                     api::PollResult* result);
    // Streaming: whether nothing came for longer than Quirks::stall_after allows.
    bool stalled() const;
    api::PollResult read_values(Deadline deadline, api::PollResult result);
    api::Notice settings_notice() const;
    bool can_set_ranges() const;
    std::chrono::milliseconds command_gap() const;

    const Model& model_;
    const Dialect& dialect_;
    Settings settings_;
    std::unique_ptr<transport::Transport> transport_;
    transport::LineReader reader_;
    Plan plan_;
    // The plan's channels the meter answers (a refused select_item is not), in plan order.
    Plan answered_;
    std::vector<std::size_t> answered_index_;  // answered_ slot → plan slot
    bool energy_refused_ = false;              // an integrator command was refused
    bool ready_refused_ = false;               // a ready_setup command was refused
    std::string read_query_;
    std::vector<std::size_t> order_;  // answer field → plan channel; empty: plan order
    bool stream_ranges_ = false;      // the streamed answers end with the ranges in use
    std::chrono::steady_clock::time_point last_answer_at_{};
    api::DeviceIdentity identity_;

    common::RangeState ranges_;
    // Dialect::element_range_queries: the elements with ranges of their own and, per element,
    // the V and A ranges last reported (element 1's are also ranges_' ranges in use).
    std::vector<int> range_elements_;
    std::vector<std::optional<double>> element_ranges_;
    std::string integrator_state_;      // read back at open
    std::vector<api::Notice> notices_;  // for the next poll's result
};

}  // namespace wattbench::drivers::scpi_analyzer
