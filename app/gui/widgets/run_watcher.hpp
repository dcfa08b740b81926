#pragma once

#include <functional>
#include <string>

#include "app/core/engine/observer.hpp"

namespace wattbench::gui::widgets {

// One more observer of every run the window starts (--metrics-listen's exporter), as `run` adds
// it to its engine. The GUI runs one profile after another, so the watcher hears each run's name
// before that run's engine is prepared.
struct RunWatcher {
    core::engine::Observer* observer = nullptr;
    std::function<void(const std::string& run_name)> on_run;
};

}  // namespace wattbench::gui::widgets
