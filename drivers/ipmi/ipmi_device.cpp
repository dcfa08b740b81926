#include "drivers/ipmi/ipmi_device.hpp"

#include <freeipmi/freeipmi.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <set>

#include "drivers/ipmi/error_map.hpp"
#include "drivers/ipmi/password.hpp"
#include "drivers/ipmi/sdr_thresholds.hpp"
#include "drivers/ipmi/sensor_kind.hpp"
#include "drivers/ipmi/sensor_name.hpp"

namespace wattbench::drivers::ipmi {

namespace fs = std::filesystem;

namespace {

constexpr const char* kInBandCacheFile = "sdr-cache-local";

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

// The event strings of a discrete sensor's asserted states, as libipmimonitoring and
// ipmi-sensors print them; none asserted is the sensor's normal condition, "OK".
std::string discrete_text(std::uint8_t event_reading_type_code, std::uint8_t sensor_type,
                          std::uint8_t sensor_number, std::uint16_t bitmask) {
    char** messages = nullptr;
    unsigned count = 0;
    if (ipmi_get_event_messages(event_reading_type_code, sensor_type, sensor_number, bitmask, 0, 0,
                                &messages, &count, "OK",
                                IPMI_GET_EVENT_MESSAGES_FLAGS_SENSOR_READING) < 0) {
        return "OK";
    }
    std::string text;
    for (unsigned i = 0; i < count; ++i) {
        if (!text.empty()) {
            text += ", ";
        }
        text += messages[i];
        std::free(messages[i]);
    }
    std::free(messages);
    return text.empty() ? "OK" : text;
}

// Errors of one request that say the session or the BMC is gone, not that one sensor failed.
bool is_link_failure(int errnum) {
    return errnum == IPMI_ERR_SESSION_TIMEOUT || errnum == IPMI_ERR_CONNECTION_TIMEOUT ||
           errnum == IPMI_ERR_MESSAGE_TIMEOUT || errnum == IPMI_ERR_DRIVER_TIMEOUT ||
           errnum == IPMI_ERR_DEVICE_NOT_OPEN || errnum == IPMI_ERR_SYSTEM_ERROR;
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
    if (reader_) {
        ipmi_sensor_read_ctx_destroy(reader_);
        reader_ = nullptr;
    }
    if (sdr_) {
        ipmi_sdr_ctx_destroy(sdr_);
        sdr_ = nullptr;
    }
    session_.close();
    opened_ = false;
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
    if (!settings_.target.lan && !local_bmc_present()) {
        return api::DeviceError{api::ErrorKind::unreachable,
                                "no local BMC: /dev/ipmi0 does not exist (load the ipmi_si and "
                                "ipmi_devintf kernel modules, or use ipmi+lan://USER@HOST)"};
    }
    close();
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
    sdr_ = ipmi_sdr_ctx_create();
    if (!sdr_) {
        close();
        return api::DeviceError{api::ErrorKind::config, "libfreeipmi: out of memory"};
    }
    if (auto e = open_session()) {
        close();
        return e;
    }
    // A rebuilt cache may number the sensors differently: map them to the channels again.
    const bool discover = drop_stale_cache() || !discovered_;
    const bool first = !discovered_;
    if (auto e = load_sdrs(discover)) {
        close();
        return e;
    }
    if (first) {
        discover_dcmi();
    }
    opened_ = true;
    return std::nullopt;
}

std::optional<api::DeviceError> IpmiDevice::open_session() {
    if (reader_) {
        ipmi_sensor_read_ctx_destroy(reader_);
        reader_ = nullptr;
    }
    if (auto f = session_.ensure_open(settings_, password_)) {
        return map_error(f->errnum, settings_.target.address(), f->text);
    }
    reader_ = ipmi_sensor_read_ctx_create(session_.ctx());
    reader_session_ = session_.ctx();
    if (!reader_) {
        return api::DeviceError{api::ErrorKind::config, "libfreeipmi: out of memory"};
    }
    return std::nullopt;
}

std::optional<api::DeviceError> IpmiDevice::session_error(const std::string& what) const {
    const int errnum = session_.errnum();
    const std::string detail =
        what + (session_.ctx() ? std::string(": ") + ipmi_ctx_errormsg(session_.ctx()) : "");
    return map_error(errnum, settings_.target.address(), detail);
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

std::optional<api::DeviceError> IpmiDevice::load_sdrs(bool discover) {
    const std::string host = settings_.target.address();
    const std::string file = cache_file();
    std::error_code ec;
    if (!fs::exists(file, ec)) {
        if (ipmi_sdr_cache_create(sdr_, session_.ctx(), file.c_str(),
                                  IPMI_SDR_CACHE_CREATE_FLAGS_DEFAULT, nullptr, nullptr) < 0) {
            if (ipmi_sdr_ctx_errnum(sdr_) == IPMI_SDR_ERR_IPMI_ERROR) {
                return session_error("reading the SDR repository");
            }
            return api::DeviceError{api::ErrorKind::config, host + ": SDR cache " + file + ": " +
                                                                ipmi_sdr_ctx_errormsg(sdr_)};
        }
    }
    if (ipmi_sdr_cache_open(sdr_, nullptr, file.c_str()) < 0) {
        return api::DeviceError{api::ErrorKind::config,
                                host + ": SDR cache " + file + ": " + ipmi_sdr_ctx_errormsg(sdr_)};
    }
    // After the first discovery the channel table is fixed (the run's recorders know it), so
    // a rediscovery only finds each channel's sensor again by name.
    const bool remap = discover && discovered_;
    const std::vector<Sensor> previous = discover ? std::vector<Sensor>{} : sensors_;
    if (discover && !remap) {
        channels_.clear();
    }
    std::vector<Sensor> found;
    std::set<std::string> used;
    std::uint16_t count = 0;
    if (ipmi_sdr_cache_record_count(sdr_, &count) == 0 && count > 0 &&
        ipmi_sdr_cache_first(sdr_) == 0) {
        do {
            std::uint8_t buf[IPMI_SDR_MAX_RECORD_LENGTH];
            const int len = ipmi_sdr_cache_record_read(sdr_, buf, sizeof buf);
            std::uint16_t record_id = 0;
            std::uint8_t type = 0;
            if (len <= 0 ||
                ipmi_sdr_parse_record_id_and_type(sdr_, buf, static_cast<unsigned>(len), &record_id,
                                                  &type) < 0 ||
                (type != IPMI_SDR_FORMAT_FULL_SENSOR_RECORD &&
                 type != IPMI_SDR_FORMAT_COMPACT_SENSOR_RECORD)) {
                continue;  // locators, event-only and OEM records have no reading
            }
            const auto n = static_cast<unsigned>(len);
            Sensor base;
            base.record.assign(buf, buf + len);
            std::uint8_t share_count = 1, modifier_type = 0, modifier_offset = 0, entity_share = 0;
            std::uint8_t percentage = 0, modifier = 0, rate = 0, unit = 0, modifier_unit = 0;
            if (ipmi_sdr_parse_sensor_number(sdr_, buf, n, &base.sensor_number) < 0 ||
                ipmi_sdr_parse_event_reading_type_code(sdr_, buf, n,
                                                       &base.event_reading_type_code) < 0 ||
                ipmi_sdr_parse_sensor_type(sdr_, buf, n, &base.sensor_type) < 0 ||
                ipmi_sdr_parse_sensor_units(sdr_, buf, n, &percentage, &modifier, &rate, &unit,
                                            &modifier_unit) < 0) {
                continue;
            }
            if (type == IPMI_SDR_FORMAT_COMPACT_SENSOR_RECORD &&
                ipmi_sdr_parse_sensor_record_sharing(sdr_, buf, n, &share_count, &modifier_type,
                                                     &modifier_offset, &entity_share) < 0) {
                share_count = 1;
            }
            const bool discrete =
                base.event_reading_type_code != IPMI_EVENT_READING_TYPE_CODE_THRESHOLD;
            const SensorKind kind = sensor_kind(
                SdrUnits{percentage != 0, modifier, rate, unit, modifier_unit}, discrete);
            for (std::uint8_t offset = 0; offset < std::max<std::uint8_t>(share_count, 1);
                 ++offset) {
                Sensor s = base;
                s.share_offset = offset;
                char raw_name[IPMI_SDR_MAX_SENSOR_NAME_LENGTH + 1] = {};
                if (ipmi_sdr_parse_sensor_name(
                        sdr_, buf, n, static_cast<std::uint8_t>(base.sensor_number + offset),
                        IPMI_SDR_SENSOR_NAME_FLAGS_DEFAULT, raw_name, sizeof raw_name - 1) < 0) {
                    continue;
                }
                const std::string sensor = raw_name;
                const std::string name = sensor_channel_name(sensor);
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
                if (!discover) {
                    // The channel table and the sensors stay; only the records are fresh.
                    auto same = std::find_if(previous.begin(), previous.end(), [&](const auto& p) {
                        return channels_[p.channel].name == unique;
                    });
                    if (same != previous.end()) {
                        s.channel = same->channel;
                        found.push_back(std::move(s));
                    }
                    continue;
                }
                if (remap) {
                    auto same = std::find_if(
                        channels_.begin(), channels_.end(),
                        [&](const auto& c) { return c.name == unique && c.unit == kind.unit; });
                    if (same != channels_.end()) {
                        s.channel = static_cast<std::size_t>(same - channels_.begin());
                        found.push_back(std::move(s));
                    }
                    continue;
                }
                api::ChannelSpec c;
                c.name = unique;
                c.quantity = kind.quantity;
                c.unit = kind.unit;
                if (!discrete) {
                    c.thresholds = sdr_thresholds(sdr_, buf, n).value_or(api::Thresholds{});
                }
                s.channel = channels_.size();
                channels_.push_back(std::move(c));
                found.push_back(std::move(s));
            }
        } while (ipmi_sdr_cache_next(sdr_) == 1);
    }
    ipmi_sdr_cache_close(sdr_);
    sensors_ = std::move(found);
    if (!discover || remap) {
        return std::nullopt;
    }
    discovered_ = true;
    if (channels_.empty()) {
        return api::DeviceError{api::ErrorKind::config,
                                host + ": no sensor matches the sensors/types filter"};
    }
    return std::nullopt;
}

// One Get Sensor Reading. False when the session, not the sensor, failed.
bool IpmiDevice::read_sensor(const Sensor& sensor, api::Reading& out) {
    out.channel = sensor.channel;
    out.status = api::Status::unavailable;
    std::uint8_t raw = 0;
    double* value = nullptr;
    std::uint16_t bitmask = 0;
    const int rc =
        ipmi_sensor_read(reader_, sensor.record.data(), static_cast<unsigned>(sensor.record.size()),
                         sensor.share_offset, &raw, &value, &bitmask);
    if (rc < 0) {
        const int e = ipmi_sensor_read_ctx_errnum(reader_);
        return !((e == IPMI_SENSOR_READ_ERR_IPMI_ERROR || e == IPMI_SENSOR_READ_ERR_SYSTEM_ERROR) &&
                 is_link_failure(session_.errnum()));
    }
    const int why = rc == 0 ? ipmi_sensor_read_ctx_errnum(reader_) : 0;
    const bool absent = why == IPMI_SENSOR_READ_ERR_SENSOR_READING_UNAVAILABLE ||
                        why == IPMI_SENSOR_READ_ERR_SENSOR_SCANNING_DISABLED ||
                        why == IPMI_SENSOR_READ_ERR_SENSOR_NOT_OWNED_BY_BMC ||
                        why == IPMI_SENSOR_READ_ERR_SENSOR_IS_SYSTEM_SOFTWARE ||
                        why == IPMI_SENSOR_READ_ERR_SENSOR_CANNOT_BE_BRIDGED ||
                        why == IPMI_SENSOR_READ_ERR_SENSOR_READING_CANNOT_BE_OBTAINED;
    if (channels_[sensor.channel].discrete()) {
        // A discrete sensor has a state even without an analog reading.
        if (!absent) {
            out.text = discrete_text(
                sensor.event_reading_type_code, sensor.sensor_type,
                static_cast<std::uint8_t>(sensor.sensor_number + sensor.share_offset), bitmask);
            out.status = api::Status::ok;
        }
    } else if (rc == 1 && value) {
        // N/A (scanning disabled, reading unavailable) has no value: never recorded as 0.
        out.value = *value;
        out.status = api::Status::ok;
    }
    std::free(value);
    return true;
}

api::PollResult IpmiDevice::poll(std::chrono::steady_clock::time_point /*deadline*/) {
    api::PollResult out;
    if (!opened_) {
        out.error = api::DeviceError{api::ErrorKind::link_lost, "poll on a closed device"};
        return out;
    }
    for (auto& n : notices_) {
        api::Notice notice;
        notice.message = std::move(n);
        out.notices.push_back(std::move(notice));
    }
    notices_.clear();
    // A BMC that stops answering mid-run is a lost link: the sampler reopens it with backoff
    // and records the gap.
    const auto lost = [&](api::DeviceError e) {
        if (e.kind == api::ErrorKind::unreachable || e.kind == api::ErrorKind::timeout) {
            e.kind = api::ErrorKind::link_lost;
        }
        out.readings.clear();
        out.error = std::move(e);
        session_.close();
        return out;
    };
    // A failed DCMI or repository request may have closed the session since the last poll.
    bool reopened = reader_session_ != session_.ctx() || !session_.is_open();
    if (reopened) {
        if (auto e = open_session()) {
            return lost(std::move(*e));
        }
    }
    for (const auto& sensor : sensors_) {
        api::Reading r;
        bool ok = read_sensor(sensor, r);
        if (!ok && !reopened) {
            // The BMC may have ended an idle session or restarted: one new session, then this
            // sensor again; a second failure is a lost link.
            reopened = true;
            session_.close();
            if (auto e = open_session()) {
                return lost(std::move(*e));
            }
            ok = read_sensor(sensor, r);
        }
        if (!ok) {
            return lost(*session_error("Get Sensor Reading"));
        }
        out.readings.push_back(std::move(r));
    }
    poll_dcmi(out);
    return out;
}

}  // namespace wattbench::drivers::ipmi
