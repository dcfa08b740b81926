// The engine's manifest.json writer: a snapshot of the run's state, written atomically at every
// change of a phase's status and at the end.

#include <algorithm>

#include "app/core/engine/engine.hpp"
#include "app/core/engine/manifest.hpp"
#include "app/core/record/json_file.hpp"

namespace wattbench::core::engine {

void Engine::write_manifest() {
    std::lock_guard writing(manifest_mutex_);
    nlohmann::json manifest;
    {
        std::lock_guard lock(state_mutex_);
        ManifestState st;
        st.profile = &profile_;
        st.options = &options_;
        st.host = &host_;
        st.catalog = &catalog_;
        st.topology = &load_env_.topology;
        st.target = load_env_.remote.get();
        st.status = run_status_;
        st.started = started_utc_;
        st.ended = ended_utc_;
        st.interrupted_phase = interrupted_phase_;
        st.signal = std::max(0, abort_signal_.load());
        st.failure = failure_;
        for (std::size_t i = 0; i < slots_.size(); ++i) {
            ManifestDevice d;
            d.state = slots_[i].state;
            d.error = slots_[i].error;
            d.identity = slots_[i].identity;
            d.settings = slots_[i].settings;
            st.devices.push_back(std::move(d));
        }
        for (std::size_t i = 0; i < phase_records_.size(); ++i) {
            const auto& r = phase_records_[i];
            ManifestPhase mp{r.status, r.window_start, r.window_end};
            if (i < loads_.size()) {
                mp.cpus = loads_[i]->cpus();
            }
            if (i < cpu_targets_.size() && cpu_targets_[i]) {
                mp.target_cpu_util = cpu_targets_[i]->percent;
            }
            mp.achieved_cpu_util = r.achieved_cpu_util;
            mp.achieved_total_cpu_util = r.achieved_total_cpu_util;
            mp.flags = r.flags;
            mp.score = r.score;
            mp.warmup = r.warmup;
            st.phases.push_back(std::move(mp));
        }
        manifest = build_manifest(st);
    }
    // The snapshot is taken; the samplers' state updates need not wait for the disk.
    if (auto e = record::try_write_json_atomically(out_dir_ + "/manifest.json", manifest)) {
        fail_run(e->message());
    }
}

}  // namespace wattbench::core::engine
