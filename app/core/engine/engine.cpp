#include "app/core/engine/engine.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <future>
#include <map>

#include <fmt/format.h>

#include "app/core/engine/manifest.hpp"
#include "app/core/load/cpu_util_device.hpp"
#include "app/core/load/load_factory.hpp"
#include "app/core/load/remote_util_device.hpp"
#include "app/core/phases/phase_runner.hpp"
#include "app/core/record/event_log.hpp"
#include "app/core/record/json_file.hpp"
#include "app/core/record/phases_csv_writer.hpp"
#include "app/core/record/recorder.hpp"
#include "app/core/record/samples_csv_writer.hpp"
#include "app/core/record/threshold_watcher.hpp"
#include "app/core/record/utc_time.hpp"
#include "app/core/sampling/guarded.hpp"
#include "drivers/api/user_reading.hpp"

namespace wattbench::core::engine {

namespace fs = std::filesystem;
using phases::Stage;
using sampling::EventLevel;

namespace {

std::string default_out_dir(const std::string& name) {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
    std::string safe;
    for (char c : name) {
        safe += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_') ? c : '_';
    }
    return "runs/" + (safe.empty() ? std::string("run") : safe) + "-" + stamp;
}

bool directory_has_entries(const std::string& dir) {
    std::error_code ec;
    return fs::exists(dir, ec) && fs::is_directory(dir, ec) && !fs::is_empty(dir, ec);
}

record::EventLog::Level to_record_level(EventLevel l) {
    switch (l) {
        case EventLevel::info:
            return record::EventLog::Level::info;
        case EventLevel::warn:
            return record::EventLog::Level::warn;
        case EventLevel::error:
            return record::EventLog::Level::error;
    }
    return record::EventLog::Level::info;
}

EventLevel to_event_level(phases::LogLevel l) {
    switch (l) {
        case phases::LogLevel::info:
            return EventLevel::info;
        case phases::LogLevel::warn:
            return EventLevel::warn;
        case phases::LogLevel::error:
            return EventLevel::error;
    }
    return EventLevel::info;
}

// Space the run keeps for its last words: when the disk fills, this file is deleted so that the
// final manifest (status failed, the reason) and the events log's last lines still fit.
constexpr off_t reserve_bytes = 256 * 1024;

EventLevel threshold_event_level(record::ThresholdWatcher::Severity s) {
    switch (s) {
        case record::ThresholdWatcher::Severity::normal:
            return EventLevel::info;
        case record::ThresholdWatcher::Severity::warning:
            return EventLevel::warn;
        case record::ThresholdWatcher::Severity::critical:
            return EventLevel::error;
    }
    return EventLevel::info;
}

}  // namespace

Engine::Engine(const drivers::api::Registry& registry, const sampling::Clock& clock)
    : registry_(registry), clock_(clock) {
    PromptBroker::Hooks hooks;
    hooks.log = [this](EventLevel level, const std::string& m) { log(level, m); };
    hooks.asked = [this](const PromptRequest& r) {
        for (auto* o : observers_) {
            o->on_prompt(r);
        }
    };
    hooks.withdrawn = [this](std::uint64_t id) {
        for (auto* o : observers_) {
            o->on_prompt_withdrawn(id);
        }
    };
    hooks.aborted = [this] { return abort_signal_.load() >= 0; };
    hooks.take_skip = [this] { return want_skip_phase_.exchange(false); };
    prompts_ = std::make_unique<PromptBroker>(control_, std::move(hooks));
}

Engine::~Engine() {
    if (started_) {
        abort();
        wait();
    }
    for (auto& slot : slots_) {
        if (slot.device && slot.opened) {
            slot.device->close();
        }
    }
}

void Engine::add_observer(Observer* observer) {
    observers_.push_back(observer);
}

std::optional<PrepareError> Engine::prepare(profile::Profile profile, RunOptions options) {
    profile_ = std::move(profile);
    options_ = std::move(options);
    host_ = host::read_host_facts();
    load_env_ = load::LoadEnvironment::local();
    out_dir_ = options_.out_dir.empty() ? default_out_dir(profile_.run.name) : options_.out_dir;
    load_env_.run_dir = out_dir_;
    if (profile_.target) {
        // Reached and checked before anything else, so a wrong host, key or missing wattbench
        // there is a usage error (exit 2), and loads are placed on the target's own topology.
        auto remote = std::make_shared<load::RemoteTarget>(*profile_.target);
        if (auto err = remote->probe()) {
            return PrepareError{2, *err};
        }
        load_env_.topology = remote->info().topology;
        load_env_.allowed_cpus = remote->info().allowed_cpus;
        load_env_.remote = std::move(remote);
    }

    for (const auto& phase : profile_.phases) {
        auto made = load::make_load(phase, load_env_);
        if (auto* err = std::get_if<std::string>(&made)) {
            return PrepareError{2, *err};
        }
        auto& made_load = std::get<std::unique_ptr<load::Load>>(made);
        cpu_targets_.push_back(
            phase.load == profile::LoadKind::cpu
                ? std::optional(load::cpu_load_target(made_load->cpus(), phase.intensity))
                : std::nullopt);
        loads_.push_back(std::move(made_load));
    }

    if (directory_has_entries(out_dir_) && !options_.force) {
        return PrepareError{2, fmt::format("output directory '{}' is not empty (use --force to "
                                           "write into it anyway)",
                                           out_dir_)};
    }

    for (const auto& d : profile_.devices) {
        drivers::api::DeviceConfig cfg{d.id, d.driver, d.connection, d.options};
        auto made = registry_.create(std::move(cfg));
        if (auto* err = std::get_if<drivers::api::DeviceError>(&made)) {
            return PrepareError{2, fmt::format("{}:{}: device '{}': {}", d.location.file,
                                               d.location.line, d.id, err->message)};
        }
        DeviceSlot slot;
        slot.device = std::move(std::get<std::unique_ptr<drivers::api::Device>>(made));
        slot.raw = slot.device.get();
        record::DeviceChannels dc;
        dc.device_id = d.id;
        dc.driver = d.driver;
        dc.interval = d.interval;
        dc.channels = slot.device->channels();
        if (dynamic_cast<drivers::api::UserReadDevice*>(slot.device.get())) {
            // Read by a person at window edges: no grid, and a coverage that needs none.
            dc.interval = std::chrono::nanoseconds{0};
            user_read_slots_.push_back(static_cast<std::uint32_t>(slots_.size()));
        }
        catalog_.devices.push_back(std::move(dc));
        slots_.push_back(std::move(slot));
    }
    for (const auto i : user_read_slots_) {
        profile_.devices[i].interval = std::chrono::nanoseconds{0};
    }
    add_cpu_util_device();
    for (const auto& p : profile_.phases) {
        catalog_.phase_names.push_back(p.name);
        catalog_.phase_loads.emplace_back(profile::to_string(p.load));
    }

    // Devices open in parallel: a BMC that takes its full timeout to refuse must not add its
    // delay to every other instrument's.
    std::vector<std::future<std::optional<drivers::api::DeviceError>>> opening;
    for (auto& slot : slots_) {
        opening.push_back(std::async(std::launch::async, [&slot] { return slot.device->open(); }));
    }
    std::vector<std::string> open_warnings;
    std::optional<PrepareError> failure;
    for (std::size_t i = 0; i < slots_.size(); ++i) {
        auto err = opening[i].get();
        const auto& d = profile_.devices[i];
        if (!err) {
            slots_[i].opened = true;
            slots_[i].state = sampling::DeviceState::ok;
            slots_[i].identity = slots_[i].device->identity();
            // Drivers that discover channels on open (IPMI) report the full table now.
            catalog_.devices[i].channels = slots_[i].device->channels();
            continue;
        }
        slots_[i].error = err->message;
        if (d.optional) {
            slots_[i].state = sampling::DeviceState::reconnecting;
            open_warnings.push_back(fmt::format(
                "optional device '{}' ({}) could not be opened: {}; the run goes on and keeps "
                "trying to connect",
                d.id, d.connection, err->message));
        } else if (!failure) {
            failure = PrepareError{
                2,
                fmt::format("device '{}' ({} at '{}') could not be opened: {} ({})", d.id, d.driver,
                            d.connection, err->message, drivers::api::to_string(err->kind)),
                d.id};
        }
    }
    if (failure) {
        return failure;
    }
    if (auto err = resolve_warmup_channels()) {
        return err;
    }

    std::error_code ec;
    fs::create_directories(out_dir_, ec);
    if (ec) {
        return PrepareError{
            2, fmt::format("cannot create output directory '{}': {}", out_dir_, ec.message())};
    }
    // The writers' constructors are the one place they throw: here, on the caller's thread,
    // before anything runs.
    try {
        auto samples =
            std::make_unique<record::SamplesCsvWriter>(out_dir_ + "/samples.csv", catalog_);
        auto phases = std::make_unique<record::PhasesCsvWriter>(out_dir_ + "/phases.csv");
        events_ = std::make_unique<record::EventLog>(out_dir_ + "/events.log");
        recorder_ = std::make_unique<record::Recorder>(
            catalog_, std::move(samples), std::move(phases), profile_.run.uncertainty_limit, queue_,
            static_cast<record::RecorderSink&>(*this));
    } catch (const std::exception& e) {
        return PrepareError{2, fmt::format("cannot write into '{}': {}", out_dir_, e.what())};
    }
    phase_records_.resize(profile_.phases.size());
    started_utc_ = std::chrono::system_clock::now();
    for (const auto& w : profile_.warnings) {
        log(EventLevel::warn, w);
    }
    for (const auto& w : open_warnings) {
        log(EventLevel::warn, w);
    }
    write_manifest();
    {
        std::lock_guard lock(state_mutex_);
        if (!failure_.empty()) {
            return PrepareError{2, fmt::format("cannot write into '{}': {}", out_dir_, failure_)};
        }
    }
    reserve_space();
    prepared_ = true;
    return std::nullopt;
}

void Engine::reserve_space() {
    const std::string path = out_dir_ + "/.wattbench-reserve";
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) {
        return;
    }
    // Best effort: a disk already too full for it records all the same, only without the
    // guarantee that a failure is written down.
    const bool kept = ::posix_fallocate(fd, 0, reserve_bytes) == 0;
    ::close(fd);
    if (kept) {
        reserve_path_ = path;
    } else {
        ::unlink(path.c_str());
    }
}

void Engine::release_reserve() {
    std::string path;
    {
        std::lock_guard lock(state_mutex_);
        path = std::exchange(reserve_path_, std::string());
    }
    if (!path.empty()) {
        ::unlink(path.c_str());
    }
}

// The achieved load is part of every run's record, so the engine measures it itself as the
// built-in `host` device rather than relying on the profile to list a CPU driver.
void Engine::add_cpu_util_device() {
    const std::string id = load::CpuUtilDevice::device_id;
    const bool taken = std::any_of(profile_.devices.begin(), profile_.devices.end(),
                                   [&](const auto& d) { return d.id == id; });
    if (taken) {
        // A profile's own `cpu` driver device under this id has the same channel names, so the
        // achieved load is checked against it; a device without them leaves phases unchecked.
        cpu_util_device_ = id;
        return;
    }
    std::vector<int> used;
    for (const auto& l : loads_) {
        for (int c : l->cpus()) {
            if (std::find(used.begin(), used.end(), c) == used.end()) {
                used.push_back(c);
            }
        }
    }
    std::sort(used.begin(), used.end());
    profile::DeviceSettings d;
    d.id = id;
    d.driver =
        load_env_.remote ? load::RemoteUtilDevice::driver_name : load::CpuUtilDevice::driver_name;
    d.connection =
        load_env_.remote ? "ssh://" + load_env_.remote->ssh().destination() : "file:///proc/stat";
    d.optional = true;
    d.interval = profile_.run.interval;
    d.location.file = profile_.path;
    DeviceSlot slot;
    const bool disk = std::any_of(profile_.phases.begin(), profile_.phases.end(),
                                  [](const auto& p) { return p.load == profile::LoadKind::disk; });
    if (load_env_.remote) {
        slot.device = std::make_unique<load::RemoteUtilDevice>(
            load_env_.remote, used, load::RemoteUtilDevice::report_interval_for(d.interval),
            disk ? load_env_.disk_bytes : nullptr);
    } else {
        slot.device = std::make_unique<load::CpuUtilDevice>(used, "/proc/stat",
                                                            disk ? load_env_.disk_bytes : nullptr);
    }
    record::DeviceChannels dc;
    dc.device_id = d.id;
    dc.driver = d.driver;
    dc.interval = d.interval;
    dc.channels = slot.device->channels();
    catalog_.devices.push_back(std::move(dc));
    slots_.push_back(std::move(slot));
    profile_.devices.push_back(std::move(d));
    cpu_util_device_ = id;
}

void Engine::check_achieved_load(std::size_t i, std::vector<stats::ChannelSummary>& rows) {
    if (!cpu_targets_[i] || cpu_util_device_.empty()) {
        return;
    }
    const auto& target = *cpu_targets_[i];
    const auto a = load::achieved_cpu_load(rows, cpu_util_device_, target);
    {
        std::lock_guard lock(state_mutex_);
        phase_records_[i].achieved_cpu_util = a.used_cpus;
        phase_records_[i].achieved_total_cpu_util = a.total;
        if (a.short_of_target) {
            phase_records_[i].flags.emplace_back("load_short");
        }
    }
    if (!a.short_of_target) {
        return;
    }
    for (auto& r : rows) {
        r.flags = r.flags.empty() ? "load_short" : r.flags + ";load_short";
    }
    log(EventLevel::warn,
        fmt::format("phase '{}': achieved CPU load {:.1f} % on the used CPUs is more than {} "
                    "points below the target {:.1f} %; its figures are flagged load_short",
                    profile_.phases[i].name, *a.used_cpus, load::shortfall_points, target.percent));
}

void Engine::start() {
    if (!prepared_ || started_) {
        return;
    }
    started_ = true;
    anchor_.mono = clock_.now();
    anchor_.utc = std::chrono::system_clock::now();
    {
        std::lock_guard lock(state_mutex_);
        started_utc_ = anchor_.utc;
    }
    for (auto* o : observers_) {
        o->on_started(catalog_);
    }
    for (std::uint32_t i = 0; i < slots_.size(); ++i) {
        sampling::SamplerConfig cfg;
        cfg.device_index = i;
        cfg.device_id = catalog_.devices[i].device_id;
        cfg.interval = catalog_.devices[i].interval;
        cfg.anchor = anchor_;
        cfg.opened = slots_[i].opened;
        if (std::find(user_read_slots_.begin(), user_read_slots_.end(), i) !=
            user_read_slots_.end()) {
            on_device_state(i, slots_[i].state, slots_[i].error);
            continue;
        }
        samplers_.push_back(std::make_unique<sampling::Sampler>(
            cfg, std::move(slots_[i].device), clock_, queue_, board_,
            static_cast<sampling::SamplerListener&>(*this)));
        on_device_state(i, slots_[i].state, slots_[i].error);
    }
    log(EventLevel::info,
        fmt::format("run '{}' started: {} device(s), {} phase(s), output in {}", profile_.run.name,
                    slots_.size(), profile_.phases.size(), out_dir_));
    recorder_thread_ = std::thread([this] {
        sampling::run_guarded([this] { recorder_->run(); },
                              [this](const std::string& what) {
                                  fail_run("the recorder stopped: " + what);
                                  // Nobody drains the queue any more: let the samplers go.
                                  queue_.close();
                              });
    });
    for (auto& s : samplers_) {
        s->start();
    }
    runner_ = std::thread([this] { run_thread(); });
}

void Engine::skip_warmup() {
    want_skip_warmup_.store(true);
    control_.poke();
}

void Engine::skip_phase() {
    want_skip_phase_.store(true);
    control_.poke();
}

void Engine::abort(int signal) {
    int expected = -1;
    abort_signal_.compare_exchange_strong(expected, signal);
    control_.request();
}

void Engine::answer_prompt(std::uint64_t id, std::optional<double> value) {
    prompts_->answer(id, value);
}

Engine::Wait Engine::confirm(std::size_t i, bool& confirmed) {
    PromptRequest r;
    r.phase = static_cast<std::int32_t>(i);
    r.phase_name = profile_.phases[i].name;
    r.question = profile_.phases[i].prompt;
    std::optional<double> answer;
    const Wait w = prompts_->ask(r, answer);
    confirmed = answer.has_value();
    return w;
}

// One number from each device read by a person; `before_first_reading` runs once, after the
// first answer and before it is recorded (the window opens there).
Engine::Wait Engine::ask_user_readers(std::size_t i,
                                      const std::function<void()>& before_first_reading) {
    bool first = true;
    for (const auto slot : user_read_slots_) {
        const auto* reader = dynamic_cast<drivers::api::UserReadDevice*>(slots_[slot].device.get());
        const auto q = reader->question();
        PromptRequest r;
        r.phase = static_cast<std::int32_t>(i);
        r.phase_name = profile_.phases[i].name;
        r.device_id = catalog_.devices[slot].device_id;
        r.kind = PromptRequest::Kind::number;
        r.unit = q.unit;
        r.question =
            fmt::format("{} {} of phase '{}'", q.text,
                        board_.current().stage == Stage::window ? "at the end of the window"
                                                                : "at the start of the window",
                        r.phase_name);
        std::optional<double> answer;
        if (const Wait w = prompts_->ask(r, answer); w != Wait::elapsed) {
            return w;
        }
        if (first && before_first_reading) {
            before_first_reading();
        }
        first = false;
        if (!answer) {
            continue;
        }
        // On samples.csv's millisecond grid, so that ΔE/Δt recomputed from the file (annotate,
        // import) equals the live figure; a person's reading is not that precise anyway.
        record::Sample s;
        s.mono = anchor_.mono +
                 std::chrono::round<std::chrono::milliseconds>(clock_.now() - anchor_.mono);
        s.utc = anchor_.utc_at(s.mono);
        s.elapsed_s = anchor_.elapsed_s(s.mono);
        s.device = slot;
        s.channel = static_cast<std::uint32_t>(q.channel);
        const auto tag = board_.current();
        s.phase = tag.phase;
        s.stage = tag.stage;
        s.value = *answer;
        queue_.push(std::move(s));
    }
    if (first && before_first_reading) {
        before_first_reading();
    }
    return Wait::elapsed;
}

RunFinished Engine::wait() {
    if (!started_) {
        return finished_;
    }
    if (runner_.joinable()) {
        runner_.join();
    }
    return finished_;
}

void Engine::log(EventLevel level, const std::string& message) {
    const auto now = std::chrono::system_clock::now();
    std::optional<record::IoError> lost;
    if (events_) {
        events_->write(now, to_record_level(level), message);
        lost = events_->failure();
    }
    EngineEvent e{now, level, message};
    for (auto* o : observers_) {
        o->on_event(e);
    }
    if (lost) {
        fail_run(lost->message());
    }
}

void Engine::log(phases::LogLevel level, const std::string& message) {
    log(to_event_level(level), message);
}

void Engine::on_device_state(std::uint32_t device, sampling::DeviceState state,
                             const std::string& detail) {
    {
        std::lock_guard lock(state_mutex_);
        slots_[device].state = state;
        if (!detail.empty()) {
            slots_[device].error = detail;
        }
    }
    DeviceStateChange c{device, catalog_.devices[device].device_id, state, detail};
    for (auto* o : observers_) {
        o->on_device_state(c);
    }
}

void Engine::on_device_event(std::uint32_t /*device*/, EventLevel level,
                             const std::string& message) {
    log(level, message);
}

void Engine::on_device_notice(std::uint32_t device, const sampling::StageTag& tag,
                              const drivers::api::Notice& notice) {
    const bool in_window = tag.stage == Stage::window && tag.phase >= 0 &&
                           static_cast<std::size_t>(tag.phase) < phase_records_.size();
    const bool flags_phase = in_window && !notice.phase_flag.empty();
    if (!notice.message.empty()) {
        const auto& id = catalog_.devices[device].device_id;
        log(notice.warning || flags_phase ? EventLevel::warn : EventLevel::info,
            flags_phase ? fmt::format("device '{}': {} inside the window of phase '{}', flagged {}",
                                      id, notice.message,
                                      profile_.phases[static_cast<std::size_t>(tag.phase)].name,
                                      notice.phase_flag)
                        : fmt::format("device '{}': {}", id, notice.message));
    }
    std::lock_guard lock(state_mutex_);
    if (flags_phase) {
        auto& flags = phase_records_[static_cast<std::size_t>(tag.phase)].flags;
        if (std::find(flags.begin(), flags.end(), notice.phase_flag) == flags.end()) {
            flags.push_back(notice.phase_flag);
        }
    }
    if (!notice.settings.empty()) {
        slots_[device].settings = notice.settings;
    }
}

// Devices that range from observation (MLPerf's ranging run) auto-range through each warm-up
// and fix their ranges before the window opens; the window waits (bounded) until they have.
void Engine::request_ranging(drivers::api::RangingStep step, std::size_t phase) {
    std::chrono::nanoseconds longest{0};
    bool any = false;
    for (std::size_t i = 0; i < slots_.size(); ++i) {
        if (slots_[i].raw && slots_[i].raw->wants_ranging()) {
            slots_[i].raw->request_ranging(step);
            longest = std::max(longest, catalog_.devices[i].interval);
            any = true;
        }
    }
    if (!any || step != drivers::api::RangingStep::fix) {
        return;
    }
    const auto limit = clock_.now() + 2 * longest + std::chrono::seconds(5);
    for (std::size_t i = 0; i < slots_.size(); ++i) {
        while (slots_[i].raw && slots_[i].raw->ranging_pending() && clock_.now() < limit &&
               abort_signal_.load() < 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        if (slots_[i].raw && slots_[i].raw->ranging_pending()) {
            log(EventLevel::warn,
                fmt::format("phase '{}': device '{}' did not fix its ranges before the window "
                            "opened; it will when it answers again",
                            profile_.phases[phase].name, catalog_.devices[i].device_id));
        }
    }
}

// Flags devices raised during the window (range_change) join the phase's rows.
void Engine::add_phase_flags(std::size_t phase, std::vector<stats::ChannelSummary>& rows) {
    std::vector<std::string> flags;
    {
        std::lock_guard lock(state_mutex_);
        flags = phase_records_[phase].flags;
    }
    for (auto& r : rows) {
        for (const auto& f : flags) {
            if ((";" + r.flags + ";").find(";" + f + ";") == std::string::npos) {
                r.flags = r.flags.empty() ? f : r.flags + ";" + f;
            }
        }
    }
}

void Engine::warn_uncertainty(const std::vector<stats::ChannelSummary>& rows) {
    for (const auto& r : rows) {
        if ((";" + r.flags + ";").find(";uncertainty_high;") == std::string::npos) {
            continue;
        }
        log(EventLevel::warn,
            std::isfinite(r.uncertainty)
                ? fmt::format("phase '{}': {}/{} mean {:.4g} {} has an uncertainty of {:.2f} %, "
                              "above the limit of {:g} %; flagged uncertainty_high",
                              r.phase, r.device, r.channel, r.mean, r.unit, r.uncertainty * 100,
                              profile_.run.uncertainty_limit * 100)
                : fmt::format("phase '{}': {}/{} has no relative uncertainty (mean {:.4g} {}); "
                              "flagged uncertainty_high",
                              r.phase, r.device, r.channel, r.mean, r.unit));
    }
}

void Engine::set_stage(std::int32_t phase, Stage stage, std::chrono::nanoseconds planned) {
    board_.set(phase, stage, clock_.now());
    StageChange c;
    c.phase = phase;
    c.phase_name = phase >= 0 ? profile_.phases[static_cast<std::size_t>(phase)].name : "";
    c.stage = stage;
    c.since = clock_.now();
    c.planned = planned;
    if (stage == Stage::warmup && phase >= 0) {
        if (const auto& w = profile_.phases[static_cast<std::size_t>(phase)].warmup_until_stable) {
            c.planned_max = w->max;
        }
    }
    for (auto* o : observers_) {
        o->on_stage(c);
    }
}

// Waits until no sampler still holds a reading tagged before `generation`, so that the close
// marker queued next comes after every reading of the window. Bounded: a device stuck in a
// poll cannot hold the run; its late reading is then excluded and counted.
void Engine::settle(std::uint32_t generation) {
    std::chrono::nanoseconds longest{0};
    for (const auto& d : catalog_.devices) {
        longest = std::max(longest, d.interval);
    }
    const auto limit =
        clock_.now() + std::min<std::chrono::nanoseconds>(longest, std::chrono::seconds(5));
    for (;;) {
        bool all = std::all_of(samplers_.begin(), samplers_.end(),
                               [&](const auto& s) { return s->settled(generation); });
        if (all || clock_.now() >= limit) {
            return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

void Engine::push_marker(sampling::WindowMarker::Kind kind, std::int32_t phase) {
    sampling::WindowMarker m;
    m.kind = kind;
    m.phase = phase;
    m.mono = clock_.now();
    m.utc = anchor_.utc_at(m.mono);
    queue_.push(m);
}

Engine::Wait Engine::wait_for(std::chrono::nanoseconds d, bool warmup, const load::Load& load,
                              const std::function<bool()>& until) {
    const auto end = clock_.now() + d;
    for (;;) {
        if (load.exited()) {
            return Wait::load_ended;
        }
        if (want_skip_phase_.exchange(false)) {
            return Wait::skip_phase;
        }
        if (warmup && want_skip_warmup_.exchange(false)) {
            return Wait::skip_warmup;
        }
        if (abort_signal_.load() >= 0) {
            return Wait::abort;
        }
        if (until && until()) {
            return Wait::condition;
        }
        if (clock_.now() >= end) {
            return Wait::elapsed;
        }
        if (clock_.sleep_until(end, control_)) {
            return Wait::abort;
        }
    }
}

void Engine::set_phase_status(std::size_t index, PhaseStatus status) {
    {
        std::lock_guard lock(state_mutex_);
        phase_records_[index].status = status;
    }
    // Every change of a phase's status is on disk before the run goes on, so a run killed at
    // any instant says how far it got.
    write_manifest();
}

void Engine::warmup_started(std::size_t i) {
    const auto& phase = profile_.phases[i];
    set_stage(static_cast<std::int32_t>(i), Stage::warmup, phase.warmup);
    // The manifest first: a run killed right after the events line still says where it was.
    set_phase_status(i, PhaseStatus::warmup);
    log(EventLevel::info,
        fmt::format("phase '{}' ({}): warm-up {}, window {} s, load: {}", phase.name,
                    profile::to_string(phase.load), describe_warmup(i),
                    std::chrono::duration<double>(phase.window).count(), loads_[i]->describe()));
}

void Engine::open_window(std::size_t i) {
    const auto idx = static_cast<std::int32_t>(i);
    push_marker(sampling::WindowMarker::Kind::open, idx);
    {
        std::lock_guard lock(state_mutex_);
        phase_records_[i].window_start = anchor_.utc_at(clock_.now());
    }
    set_stage(idx, Stage::window, profile_.phases[i].window);
    set_phase_status(i, PhaseStatus::window);
    log(EventLevel::info,
        fmt::format("phase '{}': averaging window opened", profile_.phases[i].name));
}

Engine::Wait Engine::wait_window(std::size_t i, const load::Load& load) {
    return wait_for(profile_.phases[i].window, false, load);
}

void Engine::end_stage(std::size_t i, bool keep) {
    const auto idx = static_cast<std::int32_t>(i);
    const auto gen = board_.set(idx, Stage::between, clock_.now());
    if (keep) {
        std::lock_guard lock(state_mutex_);
        phase_records_[i].window_end = anchor_.utc_at(clock_.now());
    }
    settle(gen);
    push_marker(keep ? sampling::WindowMarker::Kind::close : sampling::WindowMarker::Kind::discard,
                idx);
    set_stage(idx, Stage::between, {});
}

void Engine::load_stopped(std::size_t i) {
    const auto& load = *loads_[i];
    const auto& name = profile_.phases[i].name;
    if (const auto failure = load.failure(); !failure.empty()) {
        log(EventLevel::warn, fmt::format("phase '{}': the load stopped early: {}", name, failure));
    }
    if (auto score = load.score()) {
        log(EventLevel::info,
            fmt::format("phase '{}': score {} {}", name, score->value, score->unit));
        std::lock_guard lock(state_mutex_);
        phase_records_[i].score = std::move(score);
    } else if (!profile_.phases[i].command_settings.score_regex.empty()) {
        log(EventLevel::warn, fmt::format("phase '{}': the score regex matched no number in the "
                                          "command's output",
                                          name));
    }
}

void Engine::phase_ended(std::size_t i, PhaseStatus status) {
    if (status == PhaseStatus::interrupted) {
        std::lock_guard lock(state_mutex_);
        interrupted_phase_ = static_cast<std::int32_t>(i);
    }
    set_phase_status(i, status);
    PhaseFinished f{static_cast<std::int32_t>(i), profile_.phases[i].name, status, {}};
    for (auto* o : observers_) {
        o->on_phase_finished(f);
    }
}

void Engine::run_thread() {
    sampling::run_guarded(
        [this] {
            set_stage(-1, Stage::between, {});
            phases::PhaseRunner runner(static_cast<phases::PhaseHost&>(*this));
            for (std::size_t i = 0; i < profile_.phases.size(); ++i) {
                auto& load = *loads_[i];
                load.set_wake([this] { control_.poke(); });
                want_skip_warmup_.store(false);
                want_skip_phase_.store(false);
                if (!runner.run(i, profile_.phases[i], load)) {
                    break;
                }
            }
            set_stage(-1, Stage::between, {});
        },
        [this](const std::string& what) {
            fail_run("the phase runner stopped: " + what);
            // The phase it was in did not end its load: no load outlives the run.
            for (auto& l : loads_) {
                l->stop();
            }
        });
    if (idle_scan_.joinable()) {
        idle_scan_.join();
    }

    for (auto& s : samplers_) {
        s->request_stop();
    }
    for (auto& s : samplers_) {
        s->join();
    }
    queue_.close();
    if (recorder_thread_.joinable()) {
        recorder_thread_.join();
    }
    samplers_.clear();  // closes the devices

    const int sig = abort_signal_.load();
    RunFinished f;
    f.out_dir = out_dir_;
    f.signal = sig > 0 ? sig : 0;
    {
        std::lock_guard lock(state_mutex_);
        ended_utc_ = std::chrono::system_clock::now();
        const bool any_failed =
            std::any_of(phase_records_.begin(), phase_records_.end(),
                        [](const PhaseRecord& r) { return r.status == PhaseStatus::failed; });
        run_status_ = !failure_.empty() ? RunStatus::failed
                      : sig >= 0        ? RunStatus::interrupted
                                        : (any_failed ? RunStatus::failed : RunStatus::completed);
        f.status = run_status_;
        f.failure = failure_;
    }
    if (const auto late = recorder_->late_readings(); late > 0) {
        log(EventLevel::warn, fmt::format("{} reading(s) arrived after their window closed and "
                                          "were excluded from its statistics",
                                          late));
    }
    f.message = fmt::format("run {}", to_string(f.status));
    if (!f.failure.empty()) {
        f.message += ": " + f.failure;
    }
    log(f.status == RunStatus::completed ? EventLevel::info
        : f.failure.empty()              ? EventLevel::warn
                                         : EventLevel::error,
        f.signal ? fmt::format("{} by signal {}", f.message, f.signal) : f.message);
    // The reserve goes first: on a full disk its space is what the last manifest is written in.
    release_reserve();
    write_manifest();
    {
        std::lock_guard lock(state_mutex_);
        if (f.failure.empty() && !failure_.empty()) {
            // Only the last manifest could not be written: the run's files are complete but
            // manifest.json still shows the previous stage.
            f.status = RunStatus::failed;
            f.failure = failure_;
            f.message = fmt::format("run failed: {}", failure_);
        }
    }
    finished_ = f;
    for (auto* o : observers_) {
        o->on_finished(f);
    }
}

void Engine::fail_run(const std::string& reason) {
    {
        std::lock_guard lock(state_mutex_);
        if (!failure_.empty()) {
            return;
        }
        failure_ = reason;
    }
    release_reserve();
    log(EventLevel::error, fmt::format("run stopped: {}", reason));
    int expected = -1;
    abort_signal_.compare_exchange_strong(expected, 0);
    control_.request();
}

void Engine::on_recorded(std::span<const record::Sample> samples) {
    bool changed = false;
    for (const auto& s : samples) {
        changed = warmup_monitor_.observe(s) || changed;
    }
    if (changed) {
        control_.poke();
    }
    for (auto* o : observers_) {
        o->on_readings(samples);
    }
}

void Engine::on_window_closed(std::int32_t phase, std::vector<stats::ChannelSummary>& rows) {
    const auto i = static_cast<std::size_t>(phase);
    check_achieved_load(i, rows);
    add_phase_flags(i, rows);
    warn_uncertainty(rows);
}

void Engine::on_window_recorded(std::int32_t phase,
                                const std::vector<stats::ChannelSummary>& rows) {
    PhaseFinished f;
    f.phase = phase;
    f.name = profile_.phases[static_cast<std::size_t>(phase)].name;
    f.status = PhaseStatus::done;
    f.summaries = rows;
    set_phase_status(static_cast<std::size_t>(phase), PhaseStatus::done);
    for (auto* o : observers_) {
        o->on_phase_finished(f);
    }
}

void Engine::on_threshold(const record::ThresholdWatcher::Event& event) {
    log(threshold_event_level(event.severity), event.message);
}

void Engine::on_catalog_changed(const record::Catalog& catalog) {
    {
        std::lock_guard lock(state_mutex_);
        for (std::size_t d = 0; d < catalog_.devices.size() && d < catalog.devices.size(); ++d) {
            catalog_.devices[d].channels = catalog.devices[d].channels;
        }
    }
    for (auto* o : observers_) {
        o->on_catalog_changed(catalog);
    }
    write_manifest();
}

void Engine::on_write_failed(const record::IoError& error) {
    fail_run(error.message());
}

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
