#pragma once

#include <atomic>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <utility>

#include "drivers/api/device.hpp"
#include "drivers/ptdaemon/codec.hpp"
#include "drivers/ptdaemon/sample_ticks.hpp"
#include "drivers/ptdaemon/settings.hpp"
#include "drivers/transport/line_reader.hpp"
#include "drivers/transport/transport.hpp"

namespace wattbench::drivers::ptdaemon {

// Any analyzer through SPEC's PTDaemon: greets and identifies it on open, sets and reads back
// its ranges, starts an untimed measurement (`Go`), and each poll reads the samples PTD took
// since the previous one (`RL`). Window edges become `Mark`s and, at a window's end, PTD's own
// `Watts` and `Uncertainty`, recorded in the manifest beside wattbench's statistics.
class PtdDevice : public api::Device, public api::WindowMarkDevice {
public:
    explicit PtdDevice(Settings settings);
    ~PtdDevice() override { close(); }

    const std::vector<api::ChannelSpec>& channels() const override { return channels_; }
    std::optional<api::DeviceError> open() override;
    api::PollResult poll(std::chrono::steady_clock::time_point deadline) override;
    void close() override;
    api::DeviceIdentity identity() const override { return identity_; }

    api::WindowMarkDevice* window_marks() override { return this; }
    void mark_window(api::WindowEdge edge, const std::string& phase) override;
    bool window_mark_pending() const override { return marks_pending_.load(); }

private:
    using Answer = std::variant<Reply, api::DeviceError>;
    // Sends `command` and reads lines until one of the kind `want` says; an error line ends
    // the wait too. Lines of neither kind are noise and skipped until the deadline.
    template <class... Want>
    Answer ask(const std::string& command, transport::Deadline deadline);
    std::optional<api::DeviceError> send(const std::string& command, transport::Deadline deadline);
    transport::Deadline answer_deadline() const;
    std::optional<api::DeviceError> start_measuring(transport::Deadline deadline);
    void set_ranges(transport::Deadline deadline);
    std::optional<api::DeviceError> read_ranges(transport::Deadline deadline, bool in_poll,
                                                api::PollResult* result);
    std::optional<api::DeviceError> carry_out_marks(api::PollResult& result,
                                                    transport::Deadline deadline);
    std::optional<api::DeviceError> summarise_window(const std::string& phase,
                                                     api::PollResult& result,
                                                     transport::Deadline deadline);
    std::optional<api::DeviceError> read_samples(api::PollResult& result,
                                                 transport::Deadline deadline);
    void add_channel_specs(int analyzer_channels);
    // An error line from PTD: logged once until a poll succeeds again.
    void note_error(api::PollResult& result, const std::string& what, const ErrorReply& e);
    api::Notice settings_notice() const;

    Settings settings_;
    std::unique_ptr<transport::Transport> transport_;
    transport::LineReader reader_;
    api::DeviceIdentity identity_;
    std::vector<api::ChannelSpec> channels_;
    int analyzer_channels_ = 1;
    SampleTicks ticks_;
    std::map<std::string, api::OptionValue> settings_map_;  // every Notice carries all of it
    std::vector<api::Notice> notices_;                      // for the next poll's result
    std::set<std::string> logged_errors_;
    bool auto_ranging_ = false;
    std::pair<std::optional<double>, std::optional<double>> ranges_in_use_;  // V, A
    std::string mark_ = "wattbench";  // PTD's mark for the samples now taken
    std::string window_phase_;        // the open window's phase; empty: none
    bool restarted_in_window_ = false;

    mutable std::mutex marks_mutex_;
    std::deque<std::pair<api::WindowEdge, std::string>> marks_;
    std::atomic<bool> marks_pending_{false};
};

}  // namespace wattbench::drivers::ptdaemon
