#pragma once

#include <string>

namespace wattbench::drivers::api {

// Edges of an averaging window as a device that keeps its own per-window statistics sees
// them (SPEC's PTDaemon: a mark when the window opens, its Watts and Uncertainty when it
// closes). A discarded window is only closed, never summarised.
enum class WindowEdge { open, close, discard };

// A device that marks windows; offered through Device::window_marks(). Like RangingDevice,
// these calls come from core's runner thread while the sampler polls: an implementation
// records the request (under its own lock), carries it out at the start of its next poll()
// and reports what it learnt as a Notice. Core waits, bounded, while one is pending, so that
// the device's window edges stay within one poll of wattbench's own.
class WindowMarkDevice {
public:
    virtual ~WindowMarkDevice() = default;
    virtual void mark_window(WindowEdge edge, const std::string& phase) = 0;
    virtual bool window_mark_pending() const = 0;
};

}  // namespace wattbench::drivers::api
