#include "app/metrics/exposition.hpp"

#include <cmath>
#include <initializer_list>

#include <fmt/format.h>

#include "app/metrics/label_value.hpp"

namespace wattbench::metrics {

namespace {

using drivers::api::Status;

constexpr std::string_view kStatuses[] = {"ok", "overrange", "unavailable", "error"};
static_assert(static_cast<int>(Status::error) == 3);

std::string sample_name(const Family& f) {
    switch (f.type) {
        case FamilyType::counter:
            return f.name + "_total";
        case FamilyType::info:
            return f.name + "_info";
        case FamilyType::gauge:
        case FamilyType::stateset:
            break;
    }
    return f.name;
}

std::string_view type_text(FamilyType t, Format format) {
    switch (t) {
        case FamilyType::counter:
            return "counter";
        case FamilyType::stateset:
            return format == Format::openmetrics ? "stateset" : "gauge";
        case FamilyType::info:
            return format == Format::openmetrics ? "info" : "gauge";
        case FamilyType::gauge:
            break;
    }
    return "gauge";
}

void append_header(std::string& out, const Family& f, Format format) {
    // The text format names a counter's or info's samples; OpenMetrics names the family.
    const std::string name = format == Format::openmetrics ? f.name : sample_name(f);
    out +=
        fmt::format("# HELP {} {}\n# TYPE {} {}\n", name, f.help, name, type_text(f.type, format));
    if (format == Format::openmetrics && !f.unit.empty()) {
        out += fmt::format("# UNIT {} {}\n", name, f.unit);
    }
}

void append_value(std::string& out, double v) {
    if (std::isnan(v)) {
        out += "NaN";
    } else if (std::isinf(v)) {
        out += v > 0 ? "+Inf" : "-Inf";
    } else {
        fmt::format_to(std::back_inserter(out), "{}", v);
    }
}

// One sample line; `values` pair up with the family's label names, so what was checked at
// registration is what is written.
void append_sample(std::string& out, const Family& f,
                   std::initializer_list<std::string_view> values, double value) {
    out += sample_name(f);
    out += '{';
    std::size_t i = 0;
    for (const auto v : values) {
        if (i > 0) {
            out += ',';
        }
        out += f.labels.at(i);
        out += "=\"";
        append_label_value(out, v);
        out += '"';
        ++i;
    }
    out += "} ";
    append_value(out, value);
    out += '\n';
}

class Renderer {
public:
    Renderer(const Snapshot& s, const FamilyRegistry& r)
        : snap_(s), reg_(r), bodies_(r.families().size()) {}

    std::string run(Format format) {
        if (snap_.catalog) {
            channels();
            devices();
            phase();
            window_means();
        }
        std::string out;
        for (std::size_t i = 0; i < bodies_.size(); ++i) {
            if (bodies_[i].empty()) {
                continue;
            }
            append_header(out, reg_.family(i), format);
            out += bodies_[i];
        }
        if (format == Format::openmetrics) {
            out += "# EOF\n";
        }
        return out;
    }

private:
    std::string_view phase_name(std::int32_t p) const {
        const auto& names = snap_.catalog->phase_names;
        return p >= 0 && static_cast<std::size_t>(p) < names.size()
                   ? std::string_view(names[static_cast<std::size_t>(p)])
                   : std::string_view();
    }

    std::string_view stage_name(core::phases::Stage stage) const {
        return snap_.phased ? core::phases::to_string(stage) : std::string_view("none");
    }

    void channels() {
        const auto& cat = *snap_.catalog;
        const std::size_t state_family = reg_.index("wattbench_state");
        for (std::size_t d = 0; d < cat.devices.size() && d < snap_.latest.size(); ++d) {
            const auto& dev = cat.devices[d];
            for (std::size_t c = 0; c < dev.channels.size() && c < snap_.latest[d].size(); ++c) {
                const auto& spec = dev.channels[c];
                const auto& l = snap_.latest[d][c];
                if (!l.seen || l.status != Status::ok) {
                    continue;
                }
                const auto phase = phase_name(l.phase);
                const auto stage = stage_name(l.stage);
                if (spec.discrete()) {
                    const auto& f = reg_.family(state_family);
                    auto& out = bodies_[state_family];
                    bool listed = false;
                    for (const auto& st : spec.states) {
                        listed = listed || st == l.text;
                        append_sample(out, f, {dev.device_id, spec.name, phase, stage, st},
                                      st == l.text ? 1.0 : 0.0);
                    }
                    if (!listed) {
                        append_sample(out, f, {dev.device_id, spec.name, phase, stage, l.text},
                                      1.0);
                    }
                    continue;
                }
                const auto cf = reg_.for_channel(spec.quantity, spec.unit);
                const auto& f = reg_.family(cf.family);
                const double v = l.value * cf.scale;
                if (f.type == FamilyType::counter && !(v >= 0.0)) {
                    continue;  // a counter is never negative or NaN
                }
                auto& out = bodies_[cf.family];
                if (cf.unit_label) {
                    append_sample(out, f, {dev.device_id, spec.name, phase, stage, spec.unit}, v);
                } else if (!cf.weighting.empty()) {
                    append_sample(out, f, {dev.device_id, spec.name, phase, stage, cf.weighting},
                                  v);
                } else {
                    append_sample(out, f, {dev.device_id, spec.name, phase, stage}, v);
                }
            }
        }
    }

    void devices() {
        const auto& cat = *snap_.catalog;
        const std::size_t up = reg_.index("wattbench_device_up");
        const std::size_t readings = reg_.index("wattbench_readings");
        for (std::size_t d = 0; d < cat.devices.size(); ++d) {
            const DeviceCounters none;
            const auto& counters = d < snap_.devices.size() ? snap_.devices[d] : none;
            const auto& id = cat.devices[d].device_id;
            append_sample(bodies_[up], reg_.family(up), {id}, counters.up ? 1.0 : 0.0);
            for (std::size_t s = 0; s < counters.readings.size(); ++s) {
                append_sample(bodies_[readings], reg_.family(readings), {id, kStatuses[s]},
                              static_cast<double>(counters.readings[s]));
            }
        }
    }

    void phase() {
        const auto& cat = *snap_.catalog;
        const auto name = phase_name(snap_.phase);
        if (!snap_.phased || name.empty()) {
            return;
        }
        const std::size_t info = reg_.index("wattbench_phase");
        const auto p = static_cast<std::size_t>(snap_.phase);
        const std::string_view load = p < cat.phase_loads.size() ? cat.phase_loads[p] : "";
        append_sample(bodies_[info], reg_.family(info), {snap_.run, name, load}, 1.0);
    }

    void window_means() {
        const auto& cat = *snap_.catalog;
        const std::size_t wm = reg_.index("wattbench_window_mean");
        for (const auto& m : snap_.window_means) {
            if (m.device >= cat.devices.size() ||
                m.channel >= cat.devices[m.device].channels.size() || std::isnan(m.mean)) {
                continue;
            }
            const auto& dev = cat.devices[m.device];
            const auto& spec = dev.channels[m.channel];
            if (spec.discrete()) {
                continue;
            }
            const auto cf = reg_.for_channel(spec.quantity, spec.unit);
            const std::string_view quantity =
                std::string_view(reg_.family(cf.family).name).substr(sizeof("wattbench_") - 1);
            append_sample(bodies_[wm], reg_.family(wm),
                          {dev.device_id, spec.name, m.phase, "window", quantity},
                          m.mean * cf.scale);
        }
    }

    const Snapshot& snap_;
    const FamilyRegistry& reg_;
    std::vector<std::string> bodies_;  // one per family, in registry order
};

}  // namespace

std::string render(const Snapshot& snapshot, Format format, const FamilyRegistry& registry) {
    return Renderer(snapshot, registry).run(format);
}

Format negotiate(std::string_view accept) {
    return accept.find("application/openmetrics-text") != std::string_view::npos
               ? Format::openmetrics
               : Format::text;
}

}  // namespace wattbench::metrics
