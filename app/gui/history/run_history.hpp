#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "app/chart_style/phase_span.hpp"
#include "app/core/phases/stage.hpp"
#include "app/core/record/catalog.hpp"
#include "app/gui/history/channel_history.hpp"
#include "app/gui/history/live_sample.hpp"

namespace wattbench::gui::history {

// Everything the charts draw of one run: a ChannelHistory per catalog channel and the phase
// bands, fed alike from a live engine or from a run directory's samples.csv.
class RunHistory {
public:
    explicit RunHistory(double recent_span_s = 900.0, std::size_t overview_buckets = 1024);

    void reset(const core::record::Catalog& catalog);
    // Adds a channel that the catalog did not know (a samples.csv without its manifest).
    std::uint32_t add_channel(std::uint32_t device, const drivers::api::ChannelSpec& spec);

    void add(const LiveSample& s);
    // A stage began at UTC second `t`: opens, extends or closes the phase bands.
    void on_stage(std::int32_t phase, const std::string& name, core::phases::Stage stage, double t);

    const core::record::Catalog& catalog() const { return catalog_; }
    const ChannelHistory* channel(std::uint32_t device, std::uint32_t channel) const;
    const std::vector<chart_style::PhaseSpan>& bands() const { return bands_; }
    bool empty() const { return first_t_ > last_t_; }
    double first_t() const { return first_t_; }
    double last_t() const { return last_t_; }
    std::size_t stored_points() const;

private:
    void close_open_band(double t);

    double span_;
    std::size_t overview_buckets_;
    core::record::Catalog catalog_;
    std::vector<std::vector<ChannelHistory>> channels_;
    std::vector<chart_style::PhaseSpan> bands_;
    double first_t_ = 1.0;
    double last_t_ = 0.0;
};

}  // namespace wattbench::gui::history
