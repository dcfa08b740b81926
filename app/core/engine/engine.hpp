#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/core/engine/observer.hpp"
#include "app/core/engine/prompt_broker.hpp"
#include "app/core/engine/run_options.hpp"
#include "app/core/engine/warmup_monitor.hpp"
#include "app/core/engine/warmup_record.hpp"
#include "app/core/host/host_facts.hpp"
#include "app/core/load/achieved_cpu_load.hpp"
#include "app/core/load/load.hpp"
#include "app/core/load/load_environment.hpp"
#include "app/core/phases/phase_host.hpp"
#include "app/core/profile/profile.hpp"
#include "app/core/record/catalog.hpp"
#include "app/core/record/recorder_sink.hpp"
#include "app/core/sampling/clock.hpp"
#include "app/core/sampling/sample_queue.hpp"
#include "app/core/sampling/sampler.hpp"
#include "app/core/sampling/stage_board.hpp"
#include "drivers/api/registry.hpp"

namespace wattbench::core::record {
class EventLog;
class Recorder;
}  // namespace wattbench::core::record

namespace wattbench::core::engine {

struct PrepareError {
    int exit_code = 2;  // 2: profile or device problem found before any load ran
    std::string message;
    std::string device;  // the id of the device that could not be opened; empty otherwise
};

// The acquisition engine: owns the devices, the samplers, the loads and the recorder of one
// run, and coordinates them. The phases' order of stages is the PhaseRunner's
// (app/core/phases), the files are the Recorder's (app/core/record), prompts the PromptBroker's;
// the engine is the host each of them calls back. The CLI and the GUI drive it through the same
// calls and watch it through Observers; the engine itself prints nothing.
//
// Life cycle: prepare() → start() → [skip_warmup(), skip_phase(), abort() from any thread]
// → wait(). One Engine runs one profile once.
//
// Failures are values all the way: a device error is a row status, a file that cannot be
// written (a full disk) stops the run as `failed` with the file and the cause; no exception
// leaves a thread of the run (each body runs through sampling::run_guarded).
class Engine : private sampling::SamplerListener,
               private record::RecorderSink,
               private phases::PhaseHost {
public:
    explicit Engine(const drivers::api::Registry& registry,
                    const sampling::Clock& clock = sampling::steady_clock());
    ~Engine() override;
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    // Observers must be added before start().
    void add_observer(Observer* observer);

    // Checks every phase's load, the output directory and opens the devices; creates the run
    // directory only when all of that succeeded, so a refused run leaves nothing behind.
    std::optional<PrepareError> prepare(profile::Profile profile, RunOptions options);

    void start();
    void skip_warmup();
    void skip_phase();
    // Stops the run: the current phase is marked interrupted, everything gathered is written.
    void abort(int signal = 0);
    // Answers prompt `id` (Observer::on_prompt) from any thread: the number asked for, any
    // value to confirm, nullopt to decline or skip. Ids not waiting for an answer are ignored.
    void answer_prompt(std::uint64_t id, std::optional<double> value);

    // Blocks until the run has ended and every file is written.
    RunFinished wait();

    const profile::Profile& profile() const { return profile_; }
    const record::Catalog& catalog() const { return catalog_; }
    const std::string& out_dir() const { return out_dir_; }
    const host::HostFacts& host() const { return host_; }

private:
    using Wait = phases::WaitResult;

    // SamplerListener (sampler threads)
    void on_device_state(std::uint32_t device, sampling::DeviceState state,
                         const std::string& detail) override;
    void on_device_event(std::uint32_t device, sampling::EventLevel level,
                         const std::string& message) override;
    void on_device_notice(std::uint32_t device, const sampling::StageTag& tag,
                          const drivers::api::Notice& notice) override;

    // RecorderSink (recorder thread)
    void on_recorded(std::span<const record::Sample> samples) override;
    void on_window_closed(std::int32_t phase, std::vector<stats::ChannelSummary>& rows) override;
    void on_window_recorded(std::int32_t phase,
                            const std::vector<stats::ChannelSummary>& rows) override;
    void on_threshold(const record::ThresholdWatcher::Event& event) override;
    void on_catalog_changed(const record::Catalog& catalog) override;
    void on_write_failed(const record::IoError& error) override;

    // PhaseHost (runner thread)
    void log(phases::LogLevel level, const std::string& message) override;
    Wait confirm(std::size_t phase, bool& confirmed) override;
    void warmup_started(std::size_t phase) override;
    Wait warm_up(std::size_t phase, const load::Load& load) override;
    void request_ranging(drivers::api::RangingStep step, std::size_t phase) override;
    void mark_windows(drivers::api::WindowEdge edge, std::size_t phase);
    Wait ask_user_readers(std::size_t phase, const std::function<void()>& first) override;
    void open_window(std::size_t phase) override;
    Wait wait_window(std::size_t phase, const load::Load& load) override;
    void end_stage(std::size_t phase, bool keep) override;
    void load_stopped(std::size_t phase) override;
    void phase_ended(std::size_t phase, PhaseStatus status) override;

    void add_phase_flags(std::size_t phase, std::vector<stats::ChannelSummary>& rows);
    void warn_uncertainty(const std::vector<stats::ChannelSummary>& rows);
    void run_thread();
    // `until`, when given, ends the wait early (Wait::condition) once it holds; it is checked
    // whenever the runner is woken.
    Wait wait_for(std::chrono::nanoseconds d, bool warmup, const load::Load& load,
                  const std::function<bool()>& until = {});
    // Warm-up and idle check (engine_warmup.cpp).
    std::optional<PrepareError> resolve_warmup_channels();
    void check_idle(std::size_t phase, const std::optional<std::string>& proc_stat_at_start);
    std::string describe_warmup(std::size_t phase) const;
    void set_stage(std::int32_t phase, phases::Stage stage, std::chrono::nanoseconds planned);
    void settle(std::uint32_t generation);
    void push_marker(sampling::WindowMarker::Kind kind, std::int32_t phase);
    void log(sampling::EventLevel level, const std::string& message);
    void set_phase_status(std::size_t index, PhaseStatus status);
    // Stops the run as failed for `reason` (a file of the run directory that cannot be
    // written); the first reason wins. From any thread.
    void fail_run(const std::string& reason);
    void write_manifest();
    void add_cpu_util_device();
    void check_achieved_load(std::size_t phase, std::vector<stats::ChannelSummary>& rows);
    void reserve_space();
    void release_reserve();

    const drivers::api::Registry& registry_;
    const sampling::Clock& clock_;
    std::vector<Observer*> observers_;

    profile::Profile profile_;
    RunOptions options_;
    std::string out_dir_;
    host::HostFacts host_;
    record::Catalog catalog_;  // channels of a device grow under state_mutex_ (late discovery)
    std::vector<std::unique_ptr<load::Load>> loads_;
    load::LoadEnvironment load_env_;
    std::vector<std::optional<load::CpuLoadTarget>> cpu_targets_;  // per phase
    std::string cpu_util_device_;  // device id measuring achieved load; empty: none

    struct DeviceSlot {
        std::unique_ptr<drivers::api::Device> device;  // until its sampler takes it
        // The device's capabilities, asked for once; valid after its sampler took the device.
        drivers::api::RangingDevice* ranging = nullptr;             // thread-safe calls only
        drivers::api::UserReadDevice* user_read = nullptr;          // never handed to a sampler
        drivers::api::WindowMarkDevice* window_marks = nullptr;     // thread-safe calls only
        std::map<std::string, drivers::api::OptionValue> settings;  // last reported by a Notice
        bool opened = false;
        sampling::DeviceState state = sampling::DeviceState::connecting;
        std::string error;
        drivers::api::DeviceIdentity identity;
    };
    std::vector<DeviceSlot> slots_;
    std::vector<std::unique_ptr<sampling::Sampler>> samplers_;
    // Devices read by a person (Device::user_read()): no sampler, prompted instead.
    std::vector<std::uint32_t> user_read_slots_;

    sampling::SampleQueue queue_;
    sampling::StageBoard board_;
    sampling::RunAnchor anchor_{};
    sampling::StopSignal control_;
    std::unique_ptr<PromptBroker> prompts_;
    std::atomic<bool> want_skip_warmup_{false};
    std::atomic<bool> want_skip_phase_{false};
    std::atomic<int> abort_signal_{-1};

    std::unique_ptr<record::EventLog> events_;
    std::unique_ptr<record::Recorder> recorder_;
    std::string reserve_path_;  // space kept free so a full disk still gets its final manifest

    mutable std::mutex state_mutex_;  // guards the fields below; never held across I/O
    struct PhaseRecord {
        PhaseStatus status = PhaseStatus::pending;
        std::chrono::system_clock::time_point window_start{};
        std::chrono::system_clock::time_point window_end{};
        std::optional<double> achieved_cpu_util;
        std::optional<double> achieved_total_cpu_util;
        std::vector<std::string> flags;
        std::optional<load::LoadScore> score;
        WarmupRecord warmup;
    };
    std::vector<PhaseRecord> phase_records_;
    RunStatus run_status_ = RunStatus::running;
    std::chrono::system_clock::time_point started_utc_{};
    std::chrono::system_clock::time_point ended_utc_{};
    std::int32_t interrupted_phase_ = -1;
    std::string failure_;
    std::mutex manifest_mutex_;  // one manifest write at a time, each from a fresh snapshot

    std::vector<std::vector<WarmupChannel>> warmup_channels_;  // per phase, from prepare()
    WarmupMonitor warmup_monitor_;
    std::thread idle_scan_;  // lists the busiest processes when an idle phase is not idle
    std::thread runner_;
    std::thread recorder_thread_;
    RunFinished finished_;
    bool prepared_ = false;
    bool started_ = false;
};

}  // namespace wattbench::core::engine
