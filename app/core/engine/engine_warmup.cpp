// The engine's warm-up: a fixed wait or a wait until steady, and the quiet-machine check before
// an idle phase's window. Kept apart from engine.cpp so that the phase runner there only calls
// warm_up() and the rest of the run logic stays readable.

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <variant>

#include <fmt/format.h>

#include "app/core/engine/engine.hpp"
#include "app/core/host/process_times.hpp"
#include "app/core/profile/duration.hpp"
#include "app/core/profile/profile_error.hpp"
#include "app/core/sampling/guarded.hpp"
#include "drivers/cpu/proc_stat.hpp"
#include "drivers/transport/sysfs_file.hpp"

namespace wattbench::core::engine {

using sampling::EventLevel;

namespace {

// The idle check looks at the last seconds of the warm-up: long enough to average over a few
// readings at any sensible interval, short enough that the machine's state at the window's start
// is what counts.
constexpr double idle_check_span_s = 10.0;
// How long the busiest processes are watched when an idle phase is not idle.
constexpr auto busiest_scan = std::chrono::seconds(1);
constexpr std::size_t busiest_listed = 5;
constexpr std::size_t channels_listed = 12;

// "power, voltage, … (30 in all)": what an error about a missing channel offers instead.
std::string channel_names(const std::vector<drivers::api::ChannelSpec>& channels) {
    std::string names;
    for (std::size_t k = 0; k < channels.size() && k < channels_listed; ++k) {
        names += (k ? ", " : "") + channels[k].name;
    }
    if (channels.size() > channels_listed) {
        names += fmt::format(", … ({} in all)", channels.size());
    }
    return names;
}

double seconds(std::chrono::nanoseconds d) {
    return std::chrono::duration<double>(d).count();
}

// "7m12s" for what a person reads; whole seconds once a warm-up is that long.
std::string human(std::chrono::nanoseconds d) {
    if (d >= std::chrono::seconds(10)) {
        d = std::chrono::round<std::chrono::seconds>(d);
    } else {
        d = std::chrono::round<std::chrono::milliseconds>(d);
    }
    return profile::format_duration(d);
}

std::string tolerance_text(const profile::StableChannel& c) {
    return c.relative ? fmt::format("{:g} %", c.tolerance * 100.0)
                      : fmt::format("{:g}", c.tolerance);
}

std::string trend_text(const WarmupChannelState& s, std::chrono::nanoseconds span) {
    if (!s.status.full) {
        return fmt::format("{}: not enough readings yet ({} in the last {})", s.name,
                           s.status.count, human(span));
    }
    return fmt::format("{}: trend {:+.3g} {} per {} (limit {:.3g} {})", s.name, s.status.change,
                       s.unit, human(span), s.status.limit, s.unit);
}

std::string location_prefix(const profile::StableChannel& c) {
    return profile::ProfileError{c.location, c.key, ""}.to_string();
}

}  // namespace

std::string Engine::describe_warmup(std::size_t i) const {
    const auto& phase = profile_.phases[i];
    if (!phase.warmup_until_stable) {
        return fmt::format("{} s", seconds(phase.warmup));
    }
    const auto& w = *phase.warmup_until_stable;
    std::string channels;
    for (const auto& c : w.channels) {
        channels +=
            fmt::format("{}{} ±{}", channels.empty() ? "" : ", ", c.name(), tolerance_text(c));
    }
    return fmt::format("until stable (min {}, max {}, trend over {}: {})", human(phase.warmup),
                       human(w.max), human(w.stable_for), channels);
}

// The channels a warm-up waits on must exist once the devices are open (IPMI names its sensors
// only then) and must carry numbers; an optional device that did not open is left out with a
// warning rather than making every warm-up run to its max.
std::optional<PrepareError> Engine::resolve_warmup_channels() {
    warmup_channels_.assign(profile_.phases.size(), {});
    std::vector<std::string> skipped;
    for (std::size_t i = 0; i < profile_.phases.size(); ++i) {
        const auto& w = profile_.phases[i].warmup_until_stable;
        if (!w) {
            continue;
        }
        for (const auto& c : w->channels) {
            const auto dev = std::find_if(catalog_.devices.begin(), catalog_.devices.end(),
                                          [&](const auto& d) { return d.device_id == c.device; });
            if (dev == catalog_.devices.end()) {
                return PrepareError{2, fmt::format("{}'{}': no device '{}' in this run",
                                                   location_prefix(c), c.name(), c.device)};
            }
            const auto d = static_cast<std::uint32_t>(dev - catalog_.devices.begin());
            const auto& channels = dev->channels;
            const auto ch = std::find_if(channels.begin(), channels.end(),
                                         [&](const auto& spec) { return spec.name == c.channel; });
            const bool absent_optional =
                d < profile_.devices.size() && profile_.devices[d].optional && !slots_[d].opened;
            if (ch == channels.end() && absent_optional) {
                if (std::find(skipped.begin(), skipped.end(), c.name()) == skipped.end()) {
                    skipped.push_back(c.name());
                }
                continue;
            }
            if (ch == channels.end()) {
                const std::string names = channel_names(channels);
                return PrepareError{
                    2, fmt::format("{}'{}': device '{}' has no channel '{}' (it has: {})",
                                   location_prefix(c), c.name(), c.device, c.channel,
                                   names.empty() ? "none" : names)};
            }
            if (ch->discrete()) {
                return PrepareError{2, fmt::format("{}'{}' reports states, not numbers; a steady "
                                                   "state needs a numeric channel",
                                                   location_prefix(c), c.name())};
            }
            if (dev->interval.count() == 0) {
                return PrepareError{2, fmt::format("{}'{}' is read by a person at the window's "
                                                   "edges and has no readings in a warm-up",
                                                   location_prefix(c), c.name())};
            }
            WarmupChannel wc;
            wc.device = d;
            wc.channel = static_cast<std::uint32_t>(ch - channels.begin());
            wc.name = c.name();
            wc.unit = ch->unit;
            wc.rule = {seconds(w->stable_for), c.tolerance, c.relative};
            warmup_channels_[i].push_back(std::move(wc));
        }
    }
    for (const auto& name : skipped) {
        profile_.warnings.push_back(fmt::format(
            "warm-up channel '{}' belongs to an optional device that is not connected; warm-ups "
            "do not wait for it",
            name));
    }
    // [validity] ambient names a channel the report judges; a driver that learns its channels
    // on open (IPMI) could not be checked when the profile was read.
    if (const auto& ambient = profile_.validity.ambient; !ambient.empty()) {
        const auto slash = ambient.find('/');
        const auto device = ambient.substr(0, slash);
        const auto channel = ambient.substr(slash + 1);
        const auto dev = std::find_if(catalog_.devices.begin(), catalog_.devices.end(),
                                      [&](const auto& d) { return d.device_id == device; });
        if (dev != catalog_.devices.end()) {
            const auto d = static_cast<std::size_t>(dev - catalog_.devices.begin());
            const bool absent_optional =
                d < profile_.devices.size() && profile_.devices[d].optional && !slots_[d].opened;
            const auto& channels = dev->channels;
            const bool known = std::any_of(channels.begin(), channels.end(),
                                           [&](const auto& spec) { return spec.name == channel; });
            if (!known && !absent_optional) {
                const std::string names = channel_names(channels);
                return PrepareError{
                    2, profile::ProfileError{profile_.validity.ambient_location, "validity.ambient",
                                             fmt::format("'{}': device '{}' has no channel '{}' "
                                                         "(it has: {})",
                                                         ambient, device, channel,
                                                         names.empty() ? "none" : names)}
                           .to_string()};
            }
        }
    }
    return std::nullopt;
}

Engine::Wait Engine::warm_up(std::size_t i, const load::Load& load) {
    const auto& phase = profile_.phases[i];
    const auto started = clock_.now();

    std::optional<WarmupMonitor::CpuChannel> cpu;
    double cpu_from_s = 0.0;
    std::optional<std::string> proc_stat_at_start;
    if (phase.load == profile::LoadKind::idle) {
        for (std::uint32_t d = 0; d < catalog_.devices.size() && !cpu; ++d) {
            if (catalog_.devices[d].device_id != cpu_util_device_) {
                continue;
            }
            const auto& chs = catalog_.devices[d].channels;
            for (std::uint32_t c = 0; c < chs.size(); ++c) {
                if (chs[c].name == "cpu_util") {
                    cpu = WarmupMonitor::CpuChannel{d, c};
                    cpu_from_s = anchor_.elapsed_s(started) + seconds(catalog_.devices[d].interval);
                }
            }
        }
        // Without readings of the whole machine's CPU use, the check falls back on /proc/stat
        // across the whole warm-up.
        if (auto text = drivers::transport::read_file("/proc/stat");
            std::holds_alternative<std::string>(text)) {
            proc_stat_at_start = std::get<std::string>(std::move(text));
        }
    }
    warmup_monitor_.arm(static_cast<std::int32_t>(i), warmup_channels_[i], cpu, idle_check_span_s,
                        cpu_from_s);

    Wait w = wait_for(phase.warmup, true, load);
    std::string end = w == Wait::skip_warmup ? "skipped" : "elapsed";
    if (w == Wait::elapsed && phase.warmup_until_stable) {
        const auto& spec = *phase.warmup_until_stable;
        w = wait_for(spec.max - phase.warmup, true, load,
                     [this] { return warmup_monitor_.stable(); });
        const auto took = clock_.now() - started;
        const auto states = warmup_monitor_.states();
        std::string trends;
        for (const auto& s : states) {
            trends += (trends.empty() ? "" : "; ") + trend_text(s, spec.stable_for);
        }
        if (trends.empty()) {
            trends = "no channel to watch";
        }
        if (w == Wait::condition) {
            w = Wait::elapsed;
            end = "stable";
            log(EventLevel::info, fmt::format("phase '{}': warm-up stable after {} ({})",
                                              phase.name, human(took), trends));
        } else if (w == Wait::elapsed) {
            end = "max";
            {
                std::lock_guard lock(state_mutex_);
                phase_records_[i].flags.emplace_back("warmup_max");
            }
            log(EventLevel::warn,
                fmt::format("phase '{}': warm-up reached its max of {} before every channel was "
                            "stable ({}); the window opens anyway and its figures are flagged "
                            "warmup_max",
                            phase.name, human(spec.max), trends));
        } else if (w == Wait::skip_warmup) {
            end = "skipped";
        }
    }
    if (w == Wait::elapsed || w == Wait::skip_warmup) {
        {
            std::lock_guard lock(state_mutex_);
            phase_records_[i].warmup.seconds = seconds(clock_.now() - started);
            phase_records_[i].warmup.end = end;
        }
        if (phase.load == profile::LoadKind::idle) {
            check_idle(i, proc_stat_at_start);
        }
    }
    warmup_monitor_.disarm();
    return w;
}

// An idle phase measures the machine doing nothing; a backup job or a forgotten benchmark
// would quietly raise its figure. The utilisation comes from the run's own host/cpu_util
// readings (the same figure the report shows), the busiest processes from /proc over one second
// on a short-lived thread, so that the window is not held up by the listing.
void Engine::check_idle(std::size_t i, const std::optional<std::string>& proc_stat_at_start) {
    const auto& phase = profile_.phases[i];
    const double limit = profile_.run.idle_max_cpu;
    std::optional<double> util = warmup_monitor_.cpu_mean();
    std::string over =
        fmt::format("{} over the warm-up's last {:g} s", "host/cpu_util", idle_check_span_s);
    if (!util && proc_stat_at_start) {
        const auto before = drivers::cpu::parse_proc_stat(*proc_stat_at_start);
        const auto text = drivers::transport::read_file("/proc/stat");
        if (const auto* now = std::get_if<std::string>(&text); before && now) {
            if (const auto after = drivers::cpu::parse_proc_stat(*now)) {
                util = drivers::cpu::busy_percent(before->total, after->total);
                over = "/proc/stat over the warm-up";
            }
        }
    }
    {
        std::lock_guard lock(state_mutex_);
        phase_records_[i].warmup.idle_check = IdleCheckRecord{util, limit, {}};
    }
    if (!util) {
        log(EventLevel::warn, fmt::format("phase '{}': cannot tell whether the machine is idle: "
                                          "no CPU utilisation to go by",
                                          phase.name));
        return;
    }
    if (*util <= limit) {
        log(EventLevel::info, fmt::format("phase '{}': the machine is idle: CPU {:.1f} % ({}; "
                                          "limit {:g} %)",
                                          phase.name, *util, over, limit));
        return;
    }
    {
        std::lock_guard lock(state_mutex_);
        phase_records_[i].flags.emplace_back("not_idle");
    }
    if (load_env_.remote) {
        // The utilisation is the target's; this machine's processes would answer the wrong
        // question.
        log(EventLevel::warn,
            fmt::format("phase '{}': the target is not idle: CPU {:.1f} % ({}), above "
                        "idle_max_cpu = {:g} %; its figures are flagged not_idle",
                        phase.name, *util, over, limit));
        return;
    }
    if (idle_scan_.joinable()) {
        idle_scan_.join();
    }
    idle_scan_ = std::thread([this, i, util = *util, over, limit] {
        sampling::run_guarded(
            [&] {
                const auto before = host::read_process_times();
                const auto t0 = std::chrono::steady_clock::now();
                std::this_thread::sleep_for(busiest_scan);
                const auto after = host::read_process_times();
                const double took =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                const auto busiest = host::busiest_processes(
                    before, after, took, static_cast<double>(::sysconf(_SC_CLK_TCK)),
                    busiest_listed);
                std::string list;
                for (const auto& p : busiest) {
                    list += fmt::format("{}{} (pid {}) {:.0f} %", list.empty() ? "" : ", ", p.name,
                                        p.pid, p.cpu_percent);
                }
                {
                    std::lock_guard lock(state_mutex_);
                    phase_records_[i].warmup.idle_check->busiest = busiest;
                }
                log(EventLevel::warn,
                    fmt::format(
                        "phase '{}': the machine is not idle: CPU {:.1f} % ({}), above "
                        "idle_max_cpu = {:g} %; busiest processes over {:g} s: {}; its figures are "
                        "flagged not_idle",
                        profile_.phases[i].name, util, over, limit, seconds(busiest_scan),
                        list.empty() ? "none found" : list));
                write_manifest();
            },
            [this](const std::string& what) {
                log(EventLevel::warn, "idle check: cannot list the busiest processes: " + what);
            });
    });
}

}  // namespace wattbench::core::engine
