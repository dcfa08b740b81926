#include "app/gui/widgets/run_controller.hpp"

#include "app/core/engine/engine.hpp"
#include "drivers/builtin_registry.hpp"

namespace wattbench::gui::widgets {

RunController::RunController(QObject* parent) : QObject(parent) {
    coalesce_.setSingleShot(true);
    coalesce_.setInterval(kRefreshMs);
    connect(&coalesce_, &QTimer::timeout, this, &RunController::drain);
    buffer_.set_wake([this] {
        QMetaObject::invokeMethod(
            this,
            [this] {
                if (!coalesce_.isActive()) {
                    coalesce_.start();
                }
            },
            Qt::QueuedConnection);
    });
}

RunController::~RunController() {
    if (worker_.joinable()) {
        worker_.join();
    }
    if (engine_ && running_) {
        engine_->abort();
    }
    if (waiter_.joinable()) {
        waiter_.join();
    }
    engine_.reset();
}

void RunController::prepare(core::profile::Profile profile, core::engine::RunOptions options) {
    if (busy()) {
        return;
    }
    if (worker_.joinable()) {
        worker_.join();
    }
    if (waiter_.joinable()) {
        waiter_.join();
    }
    engine_ = std::make_unique<core::engine::Engine>(drivers::builtin_registry());
    engine_->add_observer(&buffer_);
    for (const auto& watcher : watchers_) {
        if (watcher.on_run) {
            watcher.on_run(profile.run.name);
        }
        engine_->add_observer(watcher.observer);
    }
    buffer_.drain();
    preparing_ = true;
    worker_ =
        std::thread([this, profile = std::move(profile), options = std::move(options)]() mutable {
            auto err = engine_->prepare(std::move(profile), std::move(options));
            const bool ok = !err;
            const QString message = err ? QString::fromStdString(err->message) : QString();
            const QString device = err ? QString::fromStdString(err->device) : QString();
            const QString dir = QString::fromStdString(engine_->out_dir());
            QMetaObject::invokeMethod(
                this,
                [this, ok, message, device, dir] {
                    preparing_ = false;
                    out_dir_ = ok ? dir : QString();
                    emit prepared(ok, message, device);
                },
                Qt::QueuedConnection);
        });
}

void RunController::start() {
    if (!engine_ || preparing_ || running_ || out_dir_.isEmpty()) {
        return;
    }
    if (worker_.joinable()) {
        worker_.join();
    }
    running_ = true;
    engine_->start();
    waiter_ = std::thread([this] {
        engine_->wait();
        QMetaObject::invokeMethod(
            this,
            [this] {
                drain();
                running_ = false;
                emit ended();
            },
            Qt::QueuedConnection);
    });
}

void RunController::skip_warmup() {
    if (running_) {
        engine_->skip_warmup();
    }
}

void RunController::skip_phase() {
    if (running_) {
        engine_->skip_phase();
    }
}

void RunController::abort() {
    if (running_) {
        engine_->abort();
    }
}

void RunController::answer_prompt(std::uint64_t id, std::optional<double> value) {
    if (running_) {
        engine_->answer_prompt(id, value);
    }
}

void RunController::drain() {
    auto batch = buffer_.drain();
    if (!batch.empty() && on_batch) {
        on_batch(batch);
    }
}

}  // namespace wattbench::gui::widgets
