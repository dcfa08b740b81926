#include "drivers/ipmi/ipmi_device.hpp"

#include <ipmi_monitoring.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <set>

#include "drivers/ipmi/error_map.hpp"
#include "drivers/ipmi/password.hpp"
#include "drivers/ipmi/sdr_thresholds.hpp"
#include "drivers/ipmi/sensor_kind.hpp"
#include "drivers/ipmi/sensor_name.hpp"

namespace wattbench::drivers::ipmi {

namespace fs = std::filesystem;

namespace {

constexpr unsigned kReadingFlags =
    IPMI_MONITORING_SENSOR_READING_FLAGS_IGNORE_NON_INTERPRETABLE_SENSORS |
    IPMI_MONITORING_SENSOR_READING_FLAGS_DISCRETE_READING;

// %H is the LAN host as given; in-band it would expand to a library constant, so the in-band
// cache gets a fixed name that cache_file() can find.
constexpr const char* kCacheFileFormat = "sdr-cache-%H";
constexpr const char* kInBandCacheFile = "sdr-cache-local";

// The library must be initialised once per process before any thread uses it.
std::optional<api::DeviceError> init_library() {
    static std::once_flag once;
    static int result = 0;
    static int errnum = 0;
    std::call_once(once, [] { result = ipmi_monitoring_init(0, &errnum); });
    if (result < 0) {
        return api::DeviceError{api::ErrorKind::config,
                                std::string("libipmimonitoring failed to initialise: ") +
                                    ipmi_monitoring_ctx_strerror(errnum)};
    }
    return std::nullopt;
}

// In-band needs the kernel's IPMI device; without it FreeIPMI would probe I/O ports (root
// only, and slow on machines without a BMC), so say so at once.
bool local_bmc_present() {
    for (const char* dev : {"/dev/ipmi0", "/dev/ipmi/0", "/dev/ipmidev/0"}) {
        if (::access(dev, F_OK) == 0) {
            return true;
        }
    }
    return false;
}

int privilege_code(Privilege p) {
    switch (p) {
        case Privilege::user:
            return IPMI_MONITORING_PRIVILEGE_LEVEL_USER;
        case Privilege::operator_:
            return IPMI_MONITORING_PRIVILEGE_LEVEL_OPERATOR;
        case Privilege::admin:
            return IPMI_MONITORING_PRIVILEGE_LEVEL_ADMIN;
    }
    return IPMI_MONITORING_PRIVILEGE_LEVEL_USER;
}

bool is_cache_error(int errnum) {
    // A cache written for another BMC (or before the BMC restarted) does not match what
    // the BMC answers; libipmimonitoring then reports an internal or IPMI error.
    return errnum == IPMI_MONITORING_ERR_IPMI_ERROR ||
           errnum == IPMI_MONITORING_ERR_INTERNAL_ERROR ||
           errnum == IPMI_MONITORING_ERR_SENSOR_NOT_FOUND;
}

std::string discrete_text(ipmi_monitoring_ctx_t ctx) {
    char** strings = ipmi_monitoring_sensor_read_sensor_bitmask_strings(ctx);
    std::string text;
    for (int i = 0; strings && strings[i]; ++i) {
        if (!text.empty()) {
            text += ", ";
        }
        text += strings[i];
    }
    // No asserted state bit is the sensor's normal condition, as ipmi-sensors prints it.
    return text.empty() ? "OK" : text;
}

}  // namespace

IpmiDevice::IpmiDevice(Settings settings) : settings_(std::move(settings)) {
    identity_.vendor = "IPMI BMC";
    identity_.model = settings_.target.address();
}

IpmiDevice::~IpmiDevice() {
    close();
    if (own_cache_dir_ && !cache_dir_.empty()) {
        std::error_code ec;
        fs::remove_all(cache_dir_, ec);
    }
}

void IpmiDevice::wipe_password() {
    if (!password_.empty()) {
        ::explicit_bzero(password_.data(), password_.size());
        password_.clear();
    }
}

void IpmiDevice::close() {
    session_.close();
    if (ctx_) {
        ipmi_monitoring_ctx_destroy(ctx_);
        ctx_ = nullptr;
    }
    wipe_password();
}

std::optional<api::DeviceError> IpmiDevice::prepare_cache_dir() {
    if (!cache_dir_.empty()) {
        return std::nullopt;
    }
    if (!settings_.sdr_cache_dir.empty()) {
        std::error_code ec;
        fs::create_directories(settings_.sdr_cache_dir, ec);
        if (ec) {
            return api::DeviceError{
                api::ErrorKind::config,
                "sdr_cache_dir " + settings_.sdr_cache_dir + ": " + ec.message()};
        }
        cache_dir_ = settings_.sdr_cache_dir;
        return std::nullopt;
    }
    // A private directory per run: a cache from an earlier BMC or firmware is never read.
    const char* tmp = std::getenv("TMPDIR");
    std::string templ = std::string(tmp && *tmp ? tmp : "/tmp") + "/wattbench-sdr-XXXXXX";
    if (!::mkdtemp(templ.data())) {
        return api::DeviceError{api::ErrorKind::config, "cannot create an SDR cache directory in " +
                                                            templ + ": " + std::strerror(errno)};
    }
    cache_dir_ = templ;
    own_cache_dir_ = true;
    return std::nullopt;
}

std::optional<api::DeviceError> IpmiDevice::open() {
    const std::string host = settings_.target.address();
    if (auto e = init_library()) {
        return e;
    }
    if (!settings_.target.lan && !local_bmc_present()) {
        return api::DeviceError{api::ErrorKind::unreachable,
                                "no local BMC: /dev/ipmi0 does not exist (load the ipmi_si and "
                                "ipmi_devintf kernel modules, or use ipmi+lan://USER@HOST)"};
    }
    if (settings_.target.lan) {
        auto pw = load_password(settings_.password_file);
        if (auto* e = std::get_if<api::DeviceError>(&pw)) {
            e->message = host + ": " + e->message;
            return *e;
        }
        password_ = std::get<std::string>(std::move(pw));
    }
    if (auto e = prepare_cache_dir()) {
        return e;
    }
    if (ctx_) {
        ipmi_monitoring_ctx_destroy(ctx_);
    }
    ctx_ = ipmi_monitoring_ctx_create();
    if (!ctx_) {
        wipe_password();
        return api::DeviceError{api::ErrorKind::config, "libipmimonitoring: out of memory"};
    }
    if (ipmi_monitoring_ctx_sdr_cache_directory(ctx_, cache_dir_.c_str()) < 0 ||
        ipmi_monitoring_ctx_sdr_cache_filenames(
            ctx_, settings_.target.lan ? kCacheFileFormat : kInBandCacheFile) < 0) {
        auto e =
            map_error(ipmi_monitoring_ctx_errnum(ctx_), host, ipmi_monitoring_ctx_errormsg(ctx_));
        close();
        return e;
    }
    // A rebuilt cache may number the sensors differently: map them to the channels again.
    const bool discover = drop_stale_cache() || !discovered_;
    const bool first = !discovered_;
    auto e = read_all(discover, nullptr);
    if (e) {
        close();
        return e;
    }
    if (first) {
        discover_dcmi();
    }
    return std::nullopt;
}

std::string IpmiDevice::cache_file() const {
    return cache_dir_ + "/" +
           (settings_.target.lan ? "sdr-cache-" + settings_.target.address() : kInBandCacheFile);
}

// libipmimonitoring would quietly reread an outdated cache, or read sensors by the record ids
// of an old one; a shared sdr_cache_dir must say when it was rebuilt, and why.
bool IpmiDevice::drop_stale_cache() {
    const std::string file = cache_file();
    std::error_code ec;
    if (!fs::exists(file, ec)) {
        return false;
    }
    auto info = session_.sdr_repository_info(settings_, password_);
    if (!dcmi_channel_) {
        // Nothing polls over the session: give the BMC its session slot back.
        session_.close();
    }
    if (!std::holds_alternative<SdrRepositoryInfo>(info)) {
        // An unreachable BMC: the sensor read that follows names the cause.
        return false;
    }
    auto why = sdr_cache_staleness(file, std::get<SdrRepositoryInfo>(info));
    if (!why) {
        return false;
    }
    fs::remove(file, ec);
    notices_.push_back("SDR cache " + file + " is stale (" + *why + "); rebuilt from the BMC" +
                       (ec ? " (removing it failed: " + ec.message() + ")" : ""));
    return true;
}

void IpmiDevice::discover_dcmi() {
    if (!settings_.dcmi) {
        return;
    }
    // Kept as its own channel: BMC power lags and over-reports against a wall meter, so it
    // never stands in for one. A BMC without DCMI simply has no such channel.
    auto p = session_.dcmi_power(settings_, password_);
    if (!std::holds_alternative<DcmiPower>(p)) {
        session_.close();
        return;
    }
    api::ChannelSpec c;
    c.name = "dcmi_power";
    c.quantity = api::Quantity::power;
    c.unit = "W";
    c.display_min = 0.0;
    dcmi_channel_ = channels_.size();
    channels_.push_back(std::move(c));
}

void IpmiDevice::poll_dcmi(api::PollResult& out) {
    if (!dcmi_channel_) {
        return;
    }
    api::Reading r;
    r.channel = *dcmi_channel_;
    r.status = api::Status::unavailable;
    auto p = session_.dcmi_power(settings_, password_);
    if (const auto* power = std::get_if<DcmiPower>(&p); power && power->active) {
        r.value = power->current_w;
        r.status = api::Status::ok;
    }
    out.readings.push_back(std::move(r));
}

std::optional<api::DeviceError> IpmiDevice::read_all(bool discover, api::PollResult* out) {
    const std::string host = settings_.target.address();
    ipmi_monitoring_ipmi_config config{};
    config.driver_type = -1;
    config.protocol_version = IPMI_MONITORING_PROTOCOL_VERSION_2_0;
    config.privilege_level = privilege_code(settings_.privilege);
    config.authentication_type = -1;
    config.cipher_suite_id = settings_.cipher_suite;
    config.session_timeout_len = settings_.session_timeout_ms;
    config.retransmission_timeout_len = settings_.retransmission_timeout_ms;
    config.workaround_flags = settings_.workaround_flags;
    // The library takes non-const pointers but only reads them.
    std::string user = settings_.target.user;
    if (settings_.target.lan) {
        config.username = user.data();
        config.password = password_.data();
    }
    std::string hostname = host;
    const char* hostname_arg = settings_.target.lan ? hostname.c_str() : nullptr;

    unsigned* ids = discover || record_ids_.empty() ? nullptr : record_ids_.data();
    const unsigned ids_len = ids ? static_cast<unsigned>(record_ids_.size()) : 0;
    int n = ipmi_monitoring_sensor_readings_by_record_id(ctx_, hostname_arg, &config, kReadingFlags,
                                                         ids, ids_len, nullptr, nullptr);
    if (n < 0 && is_cache_error(ipmi_monitoring_ctx_errnum(ctx_))) {
        n = ipmi_monitoring_sensor_readings_by_record_id(
            ctx_, hostname_arg, &config,
            kReadingFlags | IPMI_MONITORING_SENSOR_READING_FLAGS_REREAD_SDR_CACHE, ids, ids_len,
            nullptr, nullptr);
    }
    if (n < 0) {
        return map_error(ipmi_monitoring_ctx_errnum(ctx_), host,
                         ipmi_monitoring_ctx_errormsg(ctx_));
    }
    // After the first discovery the channel table is fixed (the run's recorders know it), so
    // a rediscovery only finds each channel's sensor again by name.
    const bool remap = discover && discovered_;
    if (discover) {
        if (!remap) {
            channels_.clear();
        }
        record_ids_.clear();
        channel_of_record_.clear();
    }
    std::set<std::string> used;
    for (int i = 0; i < n; ++i, ipmi_monitoring_sensor_iterator_next(ctx_)) {
        const int record = ipmi_monitoring_sensor_read_record_id(ctx_);
        if (record < 0) {
            continue;
        }
        const char* raw_name = ipmi_monitoring_sensor_read_sensor_name(ctx_);
        const std::string sensor = raw_name ? raw_name : "";
        const int reading_type = ipmi_monitoring_sensor_read_sensor_reading_type(ctx_);
        const int event_code = ipmi_monitoring_sensor_read_event_reading_type_code(ctx_);
        // Event/reading type 0x01 is a threshold sensor; every other code is discrete.
        const bool discrete =
            event_code != 0x01 || reading_type == IPMI_MONITORING_SENSOR_READING_TYPE_UNKNOWN;
        if (discover) {
            const SensorKind kind =
                sensor_kind(ipmi_monitoring_sensor_read_sensor_units(ctx_), discrete);
            std::string name = sensor_channel_name(sensor);
            const auto& wanted = settings_.sensors;
            if (!wanted.empty() &&
                std::find(wanted.begin(), wanted.end(), sensor) == wanted.end() &&
                std::find(wanted.begin(), wanted.end(), name) == wanted.end()) {
                continue;
            }
            const auto& types = settings_.types;
            if (!types.empty() && std::none_of(types.begin(), types.end(), [&](const auto& t) {
                    return matches_type(t, kind);
                })) {
                continue;
            }
            // Two sensors with one ID string (per-entity duplicates) stay apart.
            std::string unique = name;
            for (int k = 2; used.count(unique); ++k) {
                unique = name + "_" + std::to_string(k);
            }
            used.insert(unique);
            if (remap) {
                auto same = std::find_if(channels_.begin(), channels_.end(), [&](const auto& c) {
                    return c.name == unique && c.unit == kind.unit;
                });
                if (same != channels_.end()) {
                    channel_of_record_[static_cast<unsigned>(record)] =
                        static_cast<std::size_t>(same - channels_.begin());
                    record_ids_.push_back(static_cast<unsigned>(record));
                }
                continue;
            }
            api::ChannelSpec c;
            c.name = unique;
            c.quantity = kind.quantity;
            c.unit = kind.unit;
            channel_of_record_[static_cast<unsigned>(record)] = channels_.size();
            record_ids_.push_back(static_cast<unsigned>(record));
            channels_.push_back(std::move(c));
        }
        if (!out) {
            continue;
        }
        auto it = channel_of_record_.find(static_cast<unsigned>(record));
        if (it == channel_of_record_.end()) {
            continue;
        }
        api::Reading r;
        r.channel = it->second;
        r.status = api::Status::unavailable;
        const void* value = ipmi_monitoring_sensor_read_sensor_reading(ctx_);
        if (channels_[it->second].discrete()) {
            // A discrete sensor has a state even when the reading field is absent.
            if (ipmi_monitoring_sensor_read_sensor_state(ctx_) != IPMI_MONITORING_STATE_UNKNOWN ||
                ipmi_monitoring_sensor_read_sensor_bitmask(ctx_) >= 0) {
                r.text = discrete_text(ctx_);
                r.status = api::Status::ok;
            }
        } else if (value) {
            // N/A (scanning disabled, reading unavailable) has no value: never recorded as 0.
            switch (reading_type) {
                case IPMI_MONITORING_SENSOR_READING_TYPE_DOUBLE:
                    r.value = *static_cast<const double*>(value);
                    r.status = api::Status::ok;
                    break;
                case IPMI_MONITORING_SENSOR_READING_TYPE_UNSIGNED_INTEGER32:
                    r.value = *static_cast<const std::uint32_t*>(value);
                    r.status = api::Status::ok;
                    break;
                case IPMI_MONITORING_SENSOR_READING_TYPE_UNSIGNED_INTEGER8_BOOL:
                    r.value = *static_cast<const std::uint8_t*>(value);
                    r.status = api::Status::ok;
                    break;
                default:
                    break;
            }
        }
        out->readings.push_back(std::move(r));
    }
    if (remap) {
        return std::nullopt;
    }
    if (discover) {
        discovered_ = true;
        if (channels_.empty()) {
            return api::DeviceError{api::ErrorKind::config,
                                    host + ": no sensor matches the sensors/types filter"};
        }
        const auto thresholds = read_sdr_thresholds(cache_file());
        for (const auto& [record, channel] : channel_of_record_) {
            auto t = thresholds.find(static_cast<std::uint16_t>(record));
            if (t != thresholds.end() && !channels_[channel].discrete()) {
                channels_[channel].thresholds = t->second;
            }
        }
    }
    return std::nullopt;
}

api::PollResult IpmiDevice::poll(std::chrono::steady_clock::time_point /*deadline*/) {
    api::PollResult out;
    if (!ctx_) {
        out.error = api::DeviceError{api::ErrorKind::link_lost, "poll on a closed device"};
        return out;
    }
    for (auto& n : notices_) {
        api::Notice notice;
        notice.message = std::move(n);
        out.notices.push_back(std::move(notice));
    }
    notices_.clear();
    auto e = read_all(false, &out);
    if (!e) {
        poll_dcmi(out);
        return out;
    }
    out.readings.clear();
    // A BMC that stops answering mid-run is a lost link: the sampler reopens it with backoff
    // and records the gap.
    if (e->kind == api::ErrorKind::unreachable) {
        e->kind = api::ErrorKind::link_lost;
    }
    out.error = std::move(e);
    return out;
}

}  // namespace wattbench::drivers::ipmi
