// Preparing a run: its loads, its devices (opened in parallel), the built-in host device, the
// run directory and its writers, and the space kept free for the run's last words.

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <future>

#include <fmt/format.h>

#include "app/core/engine/engine.hpp"
#include "app/core/engine/manifest.hpp"
#include "app/core/load/cpu_util_device.hpp"
#include "app/core/load/load_factory.hpp"
#include "app/core/record/event_log.hpp"
#include "app/core/record/phases_csv_writer.hpp"
#include "app/core/record/recorder.hpp"
#include "app/core/record/samples_csv_writer.hpp"
#include "app/core/remote/remote_util_device.hpp"

namespace wattbench::core::engine {

namespace fs = std::filesystem;
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
// Space the run keeps for its last words: when the disk fills, this file is deleted so that the
// final manifest (status failed, the reason) and the events log's last lines still fit.
constexpr off_t reserve_bytes = 256 * 1024;

}  // namespace

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
        auto target = std::make_shared<remote::RemoteTarget>(*profile_.target);
        if (auto err = target->probe()) {
            return PrepareError{2, *err};
        }
        load_env_.topology = target->info().topology;
        load_env_.allowed_cpus = target->info().allowed_cpus;
        load_env_.remote = std::move(target);
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
        slot.ranging = slot.device->ranging();
        slot.user_read = slot.device->user_read();
        slot.window_marks = slot.device->window_marks();
        record::DeviceChannels dc;
        dc.device_id = d.id;
        dc.driver = d.driver;
        dc.interval = d.interval;
        dc.channels = slot.device->channels();
        if (slot.user_read) {
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
                d.id, redact_connection(d.connection), err->message));
        } else if (!failure) {
            failure = PrepareError{
                2,
                fmt::format("device '{}' ({} at '{}') could not be opened: {} ({})", d.id, d.driver,
                            redact_connection(d.connection), err->message,
                            drivers::api::to_string(err->kind)),
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
        load_env_.remote ? remote::RemoteUtilDevice::driver_name : load::CpuUtilDevice::driver_name;
    d.connection =
        load_env_.remote ? "ssh://" + load_env_.remote->ssh().destination() : "file:///proc/stat";
    d.optional = true;
    d.interval = profile_.run.interval;
    d.location.file = profile_.path;
    DeviceSlot slot;
    const bool disk = std::any_of(profile_.phases.begin(), profile_.phases.end(),
                                  [](const auto& p) { return p.load == profile::LoadKind::disk; });
    if (load_env_.remote) {
        slot.device = std::make_unique<remote::RemoteUtilDevice>(
            load_env_.remote, used, remote::RemoteUtilDevice::report_interval_for(d.interval),
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

}  // namespace wattbench::core::engine
