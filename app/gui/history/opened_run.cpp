#include "app/gui/history/opened_run.hpp"

#include <filesystem>
#include <map>
#include <utility>

#include "app/core/report/run_liveness.hpp"
#include "app/core/rundir/manifest.hpp"
#include "app/gui/history/run_directory.hpp"

namespace wattbench::gui::history {

PhaseState recorded_state(std::optional<core::phases::PhaseStatus> status, bool flagged,
                          core::report::Liveness liveness) {
    using core::phases::PhaseStatus;
    using core::report::Liveness;
    if (!status) {
        return PhaseState::pending;
    }
    const bool in_progress = *status == PhaseStatus::warmup || *status == PhaseStatus::window;
    switch (*status) {
        case PhaseStatus::done:
            return flagged ? PhaseState::flagged : PhaseState::done;
        case PhaseStatus::skipped:
            return PhaseState::skipped;
        case PhaseStatus::interrupted:
            return PhaseState::interrupted;
        case PhaseStatus::failed:
            return PhaseState::failed;
        default:
            break;
    }
    if (in_progress && liveness == Liveness::killed) {
        return PhaseState::interrupted;
    }
    if (in_progress && liveness == Liveness::live) {
        return *status == PhaseStatus::warmup ? PhaseState::warming_up : PhaseState::measuring;
    }
    return PhaseState::pending;
}

std::variant<OpenedRun, std::string> open_run_directory(const std::string& dir,
                                                        RunHistory& history) {
    auto loaded = core::report::load_run(dir);
    if (auto* err = std::get_if<std::string>(&loaded)) {
        return std::move(*err);
    }
    OpenedRun out;
    out.run = std::move(std::get<core::report::RunData>(loaded));
    const core::rundir::Manifest& manifest = out.run.info;
    history.reset(catalog_from_manifest(manifest));

    std::map<std::pair<std::uint32_t, std::uint32_t>, LiveSample> latest;
    const auto samples = (std::filesystem::path(dir) / "samples.csv").string();
    if (std::filesystem::exists(samples)) {
        out.samples_error = read_samples_csv(samples, history, [&](const LiveSample& s) {
            latest[{s.device, s.channel}] = s;
        });
    }
    for (auto& [key, s] : latest) {
        out.latest.push_back(std::move(s));
    }

    for (const auto& d : manifest.devices) {
        OpenedRun::DeviceStatus status;
        // The same names on both sides: the manifest spells the sampler's states.
        for (auto s :
             {core::sampling::DeviceState::connecting, core::sampling::DeviceState::ok,
              core::sampling::DeviceState::reconnecting, core::sampling::DeviceState::failed}) {
            if (d.state && core::sampling::to_string(s) == core::rundir::to_string(*d.state)) {
                status.state = s;
            }
        }
        status.error = d.error.value_or(std::string());
        out.devices.push_back(std::move(status));
    }
    for (const auto& p : manifest.phases) {
        out.plan.push_back({p.name, p.load, p.warmup_s.value_or(0.0), p.window_s.value_or(0.0)});
        const bool flagged = p.flags && !p.flags->empty();
        out.states.push_back(recorded_state(p.status, flagged, out.run.liveness));
    }
    if (out.run.liveness != core::report::Liveness::ended) {
        out.stopped_phase = core::report::stopped_phase(out.run.liveness, out.run.info);
    }
    return out;
}

}  // namespace wattbench::gui::history
