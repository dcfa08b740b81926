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
    sigaddset(&set, SIGUSR1);  // wakes the watcher to end it
    return set;
}
}  // namespace

SignalWatcher::SignalWatcher(std::function<void(int)> on_signal)
    : on_signal_(std::move(on_signal)) {
    sigset_t set = watched();
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    thread_ = std::thread([this] {
        const sigset_t set = watched();
        while (!stop_.load()) {
            const int sig = sigwaitinfo(&set, nullptr);
            if (sig == SIGINT || sig == SIGTERM) {
                last_.store(sig);
                on_signal_(sig);
            }
        }
    });
}

SignalWatcher::~SignalWatcher() {
    stop_.store(true);
    pthread_kill(thread_.native_handle(), SIGUSR1);
    thread_.join();
}

}  // namespace wattbench::cli
