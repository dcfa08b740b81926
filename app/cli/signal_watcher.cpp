#include "app/cli/signal_watcher.hpp"

#include <csignal>
#include <ctime>

namespace wattbench::cli {

namespace {
sigset_t watched() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    return set;
}
}  // namespace

SignalWatcher::SignalWatcher(std::function<void(int)> on_signal)
    : on_signal_(std::move(on_signal)) {
    sigset_t set = watched();
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    thread_ = std::thread([this] {
        const sigset_t set = watched();
        const timespec tick{0, 200'000'000};
        while (!stop_.load()) {
            const int sig = sigtimedwait(&set, nullptr, &tick);
            if (sig > 0) {
                last_.store(sig);
                on_signal_(sig);
            }
        }
    });
}

SignalWatcher::~SignalWatcher() {
    stop_.store(true);
    thread_.join();
}

}  // namespace wattbench::cli
