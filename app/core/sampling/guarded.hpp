#pragma once

#include <exception>
#include <string>
#include <utility>

namespace wattbench::core::sampling {

// Every thread body of a run goes through this: an exception that escapes it would reach
// std::terminate and take the run, its loads and its files down with it. What escapes is handed
// to `on_escape` as text instead (a sampler logs it as a device error, the runner and the
// recorder fail the run), and the thread ends normally. `on_escape` must not throw.
template <typename Body, typename OnEscape>
void run_guarded(Body&& body, OnEscape&& on_escape) noexcept {
    try {
        std::forward<Body>(body)();
    } catch (const std::exception& e) {
        on_escape(std::string(e.what()));
    } catch (...) {
        on_escape(std::string("unknown exception"));
    }
}

}  // namespace wattbench::core::sampling
