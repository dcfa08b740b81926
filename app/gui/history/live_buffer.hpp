#pragma once

#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <vector>

#include "app/core/engine/observer.hpp"
#include "app/gui/history/live_sample.hpp"

namespace wattbench::gui::history {

// A stage change with its start on the UTC axis the charts use.
struct StageEvent {
    core::engine::StageChange change;
    double t = 0.0;
};

// What arrived from the engine since the last drain, in arrival order per kind.
struct Batch {
    std::optional<core::record::Catalog> started;
    // The latest catalog after a device named channels it could not name at the start; its
    // devices and channels extend `started`'s, in the same order.
    std::optional<core::record::Catalog> catalog;
    std::vector<LiveSample> samples;
    std::vector<StageEvent> stages;
    std::vector<core::engine::DeviceStateChange> devices;
    std::vector<core::engine::PhaseFinished> phases;
    std::vector<core::engine::EngineEvent> events;
    std::vector<core::engine::PromptRequest> prompts;
    std::vector<std::uint64_t> withdrawn_prompts;  // answered elsewhere, skipped or aborted
    std::optional<core::engine::RunFinished> finished;
    std::size_t dropped_samples = 0;  // readings lost because the GUI did not drain in time

    bool empty() const;
};

// The hand-over between engine threads and the GUI thread. Callbacks copy under one short
// lock and return; the GUI drains everything at once on its own timer. `wake` is called (on
// the engine thread, outside the lock) only when the buffer turns from empty to non-empty, so a
// burst of callbacks costs the GUI one wake-up. Pending readings are capped: if the GUI stalls,
// the oldest are dropped and counted rather than growing memory without limit.
class LiveBuffer final : public core::engine::Observer {
public:
    explicit LiveBuffer(std::size_t max_pending_samples = 500'000);

    void set_wake(std::function<void()> wake);
    Batch drain();

    void on_started(const core::record::Catalog& catalog) override;
    void on_catalog_changed(const core::record::Catalog& catalog) override;
    void on_readings(std::span<const core::record::Sample> samples) override;
    void on_stage(const core::engine::StageChange& change) override;
    void on_device_state(const core::engine::DeviceStateChange& change) override;
    void on_phase_finished(const core::engine::PhaseFinished& result) override;
    void on_event(const core::engine::EngineEvent& event) override;
    void on_finished(const core::engine::RunFinished& result) override;
    void on_prompt(const core::engine::PromptRequest& request) override;
    void on_prompt_withdrawn(std::uint64_t id) override;

private:
    template <typename F>
    void update(F&& f);

    std::size_t max_pending_;
    std::mutex mutex_;
    Batch pending_;
    bool woken_ = false;
    std::function<void()> wake_;
};

// UTC seconds of a time point, the charts' x axis.
double utc_seconds(std::chrono::system_clock::time_point tp);

}  // namespace wattbench::gui::history
