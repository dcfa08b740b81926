#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "drivers/api/device.hpp"
#include "drivers/sound/level_range.hpp"
#include "drivers/sound/settings.hpp"

namespace wattbench::drivers::sound {

// What every sound level meter driver does around its own protocol, over a serial/tcp or a
// USB transport: one spl channel in the profile's weighting; an open() that fails once the
// transport is open closes it again and is unreachable unless the configuration is at fault;
// a level measured with another weighting than the profile's is an error reading, not a
// number in the wrong unit; the first level after open() carries the settings notice.
template <class Transport>
class SoundMeterDevice : public api::Device {
public:
    ~SoundMeterDevice() override { close(); }

    const std::vector<api::ChannelSpec>& channels() const final { return channels_; }
    void close() final {
        if (transport_) {
            transport_->close();
        }
    }

protected:
    SoundMeterDevice(Settings settings, std::unique_ptr<Transport> transport)
        : settings_(settings),
          transport_(std::move(transport)),
          channels_{spl_channel(settings.weighting)} {}

    // open() failed after the transport opened.
    api::DeviceError fail_open(api::DeviceError e) {
        transport_->close();
        if (e.kind != api::ErrorKind::config) {
            e.kind = api::ErrorKind::unreachable;
        }
        return e;
    }

    // The start of every poll: `link_lost` when the transport is not open.
    api::PollResult start_poll() const {
        api::PollResult result;
        if (!transport_->is_open()) {
            result.error =
                api::DeviceError{api::ErrorKind::link_lost, transport_->name() + ": not open"};
        }
        return result;
    }

    // The end of a successful open(): the next level goes out with the settings notice.
    void announce_settings() { announce_ = true; }
    bool announcing() const { return announce_; }

    // The error reading when the meter's own weighting or time weighting (as it reports them)
    // is not the profile's; true when it added one.
    bool add_mismatch(api::PollResult& result, double db, Weighting weighting,
                      std::optional<TimeWeighting> time) const {
        auto mismatch = weighting_mismatch(settings_, weighting, time);
        if (mismatch) {
            result.readings.push_back(api::Reading{0, db, api::Status::error, *mismatch});
        }
        return mismatch.has_value();
    }

    // The level's reading, and the settings notice with the first one since open().
    void add_level(api::PollResult& result, double db, Weighting weighting,
                   std::optional<TimeWeighting> time, std::optional<LevelRange> range) {
        result.readings.push_back(level_reading(0, db, range));
        if (announce_) {
            announce_ = false;
            result.notices.push_back(
                settings_notice(settings_, weighting, time, range ? range->setting() : ""));
        }
    }

    // A level as the meter reported it: add_mismatch, else add_level.
    void add_measurement(api::PollResult& result, double db, Weighting weighting,
                         std::optional<TimeWeighting> time, std::optional<LevelRange> range) {
        if (!add_mismatch(result, db, weighting, time)) {
            add_level(result, db, weighting, time, range);
        }
    }

    const Settings settings_;
    const std::unique_ptr<Transport> transport_;

private:
    std::vector<api::ChannelSpec> channels_;
    bool announce_ = false;
};

}  // namespace wattbench::drivers::sound
