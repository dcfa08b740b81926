#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <QObject>
#include <QTimer>

#include "app/core/engine/run_options.hpp"
#include "app/core/profile/profile.hpp"
#include "app/gui/history/live_buffer.hpp"
#include "app/gui/widgets/run_watcher.hpp"

namespace wattbench::core::engine {
class Engine;
}

namespace wattbench::gui::widgets {

// Owns the engine of one run and the hand-over of its callbacks to the GUI thread. prepare()
// opens the devices on a worker thread (a device that takes its time to fail must not freeze
// the window); the engine's own threads then sample and record, and a coalescing single-shot
// timer drains the LiveBuffer at most every `kRefreshMs` into `on_batch`.
class RunController final : public QObject {
    Q_OBJECT
public:
    static constexpr int kRefreshMs = 40;  // 25 Hz at most; at 1 Hz sampling about 1 wake-up/s

    explicit RunController(QObject* parent = nullptr);
    ~RunController() override;

    // Added to every later run's engine; the watcher's observer must outlive the controller.
    void add_watcher(RunWatcher watcher) { watchers_.push_back(std::move(watcher)); }
    void prepare(core::profile::Profile profile, core::engine::RunOptions options);
    void start();
    void skip_warmup();
    void skip_phase();
    void abort();
    void answer_prompt(std::uint64_t id, std::optional<double> value);

    bool busy() const { return preparing_ || running_; }
    bool preparing() const { return preparing_; }
    bool running() const { return running_; }
    QString out_dir() const { return out_dir_; }

    // Called on the GUI thread with everything that arrived since the last drain.
    std::function<void(history::Batch&)> on_batch;

signals:
    // `device`: the id of the device that could not be opened, when that stopped the run.
    void prepared(bool ok, const QString& message, const QString& device);
    void ended();

private:
    void drain();

    history::LiveBuffer buffer_;
    std::vector<RunWatcher> watchers_;
    std::unique_ptr<core::engine::Engine> engine_;
    QTimer coalesce_;
    std::thread worker_;
    std::thread waiter_;
    bool preparing_ = false;
    bool running_ = false;
    QString out_dir_;
};

}  // namespace wattbench::gui::widgets
