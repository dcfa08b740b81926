#include "app/cli/console_view.hpp"

#include <cmath>

#include <fmt/format.h>

#include "app/core/record/utc_time.hpp"

namespace wattbench::cli {

namespace {

std::string format_left(std::chrono::nanoseconds d) {
    auto s = std::chrono::duration_cast<std::chrono::seconds>(d + std::chrono::milliseconds(999))
                 .count();
    if (s >= 3600) {
        return fmt::format("{}h{:02}m", s / 3600, (s % 3600) / 60);
    }
    if (s >= 60) {
        return fmt::format("{}m{:02}s", s / 60, s % 60);
    }
    return fmt::format("{}s", s);
}

std::string bar(double fraction, int width) {
    const int full = static_cast<int>(std::lround(fraction * width));
    std::string b;
    for (int i = 0; i < width; ++i) {
        b += i < full ? "█" : "░";
    }
    return b;
}

std::string now_stamp() {
    const std::string t = core::record::format_utc_ms(std::chrono::system_clock::now());
    return t.substr(11, 8);
}

}  // namespace

ConsoleView::ConsoleView(const core::profile::Profile& profile, std::FILE* out, bool interactive)
    : model_(profile), out_(out), interactive_(interactive) {}

ConsoleView::~ConsoleView() {
    stop_.store(true);
    if (redraw_.joinable()) {
        redraw_.join();
    }
}

void ConsoleView::on_started(const core::record::Catalog& catalog) {
    catalog_ = &catalog;
    model_.set_catalog(catalog);
    if (interactive_) {
        redraw_ = std::thread([this] {
            while (!stop_.load()) {
                {
                    std::lock_guard lock(out_mutex_);
                    redraw_locked();
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(250));
            }
        });
    }
}

void ConsoleView::on_readings(std::span<const core::record::Sample> samples) {
    model_.on_readings(samples);
}

void ConsoleView::on_stage(const core::engine::StageChange& change) {
    model_.on_stage(change);
    if (change.phase < 0) {
        return;
    }
    if (change.stage == core::phases::Stage::warmup) {
        print_line(change.planned_max.count() > 0
                       ? fmt::format("phase {} warming up until stable (min {}, max {})",
                                     change.phase_name, format_left(change.planned),
                                     format_left(change.planned_max))
                       : fmt::format("phase {} warm-up ({})", change.phase_name,
                                     format_left(change.planned)));
    } else if (change.stage == core::phases::Stage::window) {
        print_line(
            fmt::format("phase {} window ({})", change.phase_name, format_left(change.planned)));
    }
}

void ConsoleView::on_device_state(const core::engine::DeviceStateChange& change) {
    if (change.state == core::sampling::DeviceState::ok) {
        return;
    }
    print_line(fmt::format("device {}: {}{}{}", change.device_id,
                           core::sampling::to_string(change.state),
                           change.detail.empty() ? "" : ": ", change.detail));
}

void ConsoleView::on_phase_finished(const core::engine::PhaseFinished& result) {
    if (result.status != core::engine::PhaseStatus::done) {
        print_line(fmt::format("phase {} {}", result.name, core::engine::to_string(result.status)));
        return;
    }
    std::string values;
    for (const auto& s : result.summaries) {
        if (!catalog_) {
            break;
        }
        if (s.samples == 0 || std::isnan(s.mean)) {
            continue;
        }
        // Power-like channels are the headline of a phase result.
        if (s.unit == "W" || s.unit == "VA") {
            values += fmt::format("  {}/{} {:.1f} {}", s.device, s.channel, s.mean, s.unit);
        }
    }
    print_line(fmt::format("phase {} done:{}", result.name, values));
}

void ConsoleView::on_event(const core::engine::EngineEvent& event) {
    if (event.level == core::sampling::EventLevel::info) {
        return;
    }
    print_line(fmt::format("{}: {}",
                           event.level == core::sampling::EventLevel::warn ? "warning" : "error",
                           event.message));
}

void ConsoleView::on_finished(const core::engine::RunFinished& result) {
    stop_.store(true);
    if (redraw_.joinable() && std::this_thread::get_id() != redraw_.get_id()) {
        redraw_.join();
    }
    std::lock_guard lock(out_mutex_);
    clear_status_locked();
    std::fflush(out_);
    (void)result;
}

void ConsoleView::print_line(const std::string& line) {
    std::lock_guard lock(out_mutex_);
    clear_status_locked();
    if (!prompt_.empty()) {
        fmt::print(out_, "\n");
    }
    fmt::print(out_, "{} {}\n", now_stamp(), line);
    if (!prompt_.empty()) {
        fmt::print(out_, "{} ? {}", now_stamp(), prompt_);
    } else if (interactive_) {
        redraw_locked();
    }
    std::fflush(out_);
}

void ConsoleView::show_prompt(const std::string& question) {
    std::lock_guard lock(out_mutex_);
    clear_status_locked();
    prompt_ = question;
    fmt::print(out_, "{} ? {}", now_stamp(), question);
    std::fflush(out_);
}

void ConsoleView::prompt_note(const std::string& line, bool after_answer_break) {
    std::lock_guard lock(out_mutex_);
    if (!prompt_.empty() && after_answer_break) {
        fmt::print(out_, "\n");
    }
    prompt_.clear();
    fmt::print(out_, "{} {}\n", now_stamp(), line);
    std::fflush(out_);
}

void ConsoleView::clear_status_locked() {
    if (!interactive_ || status_lines_ == 0) {
        return;
    }
    fmt::print(out_, "\r\x1b[2K");
    for (int i = 1; i < status_lines_; ++i) {
        fmt::print(out_, "\x1b[1A\x1b[2K");
    }
    status_lines_ = 0;
}

void ConsoleView::redraw_locked() {
    if (!interactive_ || stop_.load() || !prompt_.empty()) {
        return;
    }
    const auto v = model_.view(std::chrono::steady_clock::now());
    clear_status_locked();
    std::string values;
    for (const auto& s : v.values) {
        values += (values.empty() ? "" : " · ") + s;
    }
    fmt::print(out_, "[{}/{}] {:<10} {:<7} {} {:>6} left · run {} left\n  {}", v.phase_number,
               v.phase_count, v.phase, v.stage, bar(v.stage_fraction, 24),
               (v.until_stable ? "≤" : "") + format_left(v.stage_left), format_left(v.run_left),
               values);
    status_lines_ = 2;
    std::fflush(out_);
}

}  // namespace wattbench::cli
