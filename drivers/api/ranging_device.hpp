#pragma once

namespace wattbench::drivers::api {

// Steps of a ranging pre-pass (MLPerf: auto-range while the load runs, then fix the ranges
// from what was seen). Core asks for `observe` when a phase's warm-up starts and `fix` just
// before its averaging window opens.
enum class RangingStep { observe, fix };

// A device that ranges from observation; offered through Device::ranging(). Unlike every other
// call on a device, these two come from core's runner thread while the sampler polls: an
// implementation only records the request (atomically), carries it out at the start of its
// next poll() and reports the ranges it set as a Notice.
class RangingDevice {
public:
    virtual ~RangingDevice() = default;
    virtual void request_ranging(RangingStep step) = 0;
    virtual bool ranging_pending() const = 0;
};

}  // namespace wattbench::drivers::api
