#include <algorithm>
#include <set>

#include "drivers/redfish/channel_name.hpp"
#include "drivers/redfish/poll_plan.hpp"

namespace wattbench::drivers::redfish {

namespace {

// The service's percent error of the reading is the whole declared accuracy: BMCs state no
// range term. Power channels only, as the wattmeter drivers do: the report judges every
// channel with an accuracy against the power uncertainty limit, and a thermometer's 2 % would
// fail a phase whose power is well known.
std::optional<api::Accuracy> accuracy_of(const SensorValue& v, api::Quantity quantity) {
    if (!v.accuracy || quantity != api::Quantity::power) {
        return std::nullopt;
    }
    return api::Accuracy{*v.accuracy, 0.0, 0.0};
}

class Builder {
public:
    explicit Builder(const std::vector<std::string>& filter) : filter_(filter) {}

    void add_chassis(const DiscoveredChassis& c, bool first);
    PollPlan take() { return std::move(plan_); }

private:
    std::size_t add_channel(api::ChannelSpec spec);
    std::size_t resource_index(const DiscoveredResource& r);
    void add_target(const DiscoveredResource& r, const std::string& key, Target t) {
        plan_.resources[resource_index(r)].targets[key].push_back(t);
    }
    bool wanted(const SensorValue& v, const std::string& prefix) const;
    void add_value(const DiscoveredResource& r, const SensorValue& v, const std::string& prefix);
    void add_health(const DiscoveredResource& r, const std::string& key, const std::string& name);
    bool add_power(const DiscoveredChassis& c, const std::string& prefix);

    const std::vector<std::string>& filter_;
    PollPlan plan_;
    std::set<std::string> used_;
    std::map<std::string, std::size_t> resource_of_path_;
};

std::size_t Builder::add_channel(api::ChannelSpec spec) {
    // Two sensors whose names fold to one channel name stay apart.
    std::string unique = spec.name;
    for (int k = 2; used_.count(unique); ++k) {
        unique = spec.name + "_" + std::to_string(k);
    }
    used_.insert(unique);
    spec.name = unique;
    plan_.channels.push_back(std::move(spec));
    return plan_.channels.size() - 1;
}

std::size_t Builder::resource_index(const DiscoveredResource& r) {
    auto [it, added] = resource_of_path_.try_emplace(r.path, plan_.resources.size());
    if (added) {
        PolledResource p;
        p.kind = r.kind;
        p.path = r.path;
        plan_.resources.push_back(std::move(p));
    }
    return it->second;
}

bool Builder::wanted(const SensorValue& v, const std::string& prefix) const {
    if (filter_.empty()) {
        return true;
    }
    return std::any_of(filter_.begin(), filter_.end(), [&](const std::string& f) {
        return f == v.id || f == v.name || f == v.channel_base || f == prefix + v.channel_base;
    });
}

void Builder::add_health(const DiscoveredResource& r, const std::string& key,
                         const std::string& name) {
    api::ChannelSpec h;
    h.name = name;
    h.quantity = api::Quantity::state;
    h.unit = "state";
    h.states = health_states();
    add_target(r, key, Target{add_channel(std::move(h)), true});
}

void Builder::add_value(const DiscoveredResource& r, const SensorValue& v,
                        const std::string& prefix) {
    api::ChannelSpec c;
    c.name = prefix + v.channel_base;
    c.quantity = v.units.quantity;
    c.unit = v.units.unit;
    c.display_min = v.range_min;
    c.display_max = v.range_max;
    c.thresholds = v.thresholds;
    c.accuracy = accuracy_of(v, c.quantity);
    add_target(r, v.key, Target{add_channel(std::move(c)), false});
    if (v.has_status) {
        add_health(r, v.key, prefix + v.channel_base + "_health");
    }
}

bool Builder::add_power(const DiscoveredChassis& c, const std::string& prefix) {
    const DiscoveredResource* source = nullptr;
    const SensorValue* value = nullptr;
    std::string key = "power";
    for (const auto& r : c.resources) {
        if (r.kind != ResourceKind::environment || r.values.empty() ||
            r.values.front().reading_state == ReadingState::missing) {
            continue;
        }
        source = &r;
        value = &r.values.front();
        // The sensor PowerWatts is copied from, when it is in a resource polled anyway,
        // saves a request per poll.
        const std::string& uri = r.values.front().data_source;
        for (const auto& s : c.resources) {
            if (s.kind != ResourceKind::sensor_collection && s.kind != ResourceKind::sensor) {
                continue;
            }
            for (const auto& v : s.values) {
                if (!uri.empty() && v.key == uri && !v.left_out()) {
                    source = &s;
                    value = &v;
                    key = uri;
                }
            }
        }
    }
    if (!source) {
        for (const auto& r : c.resources) {
            const auto has = std::find_if(r.values.begin(), r.values.end(), [](const auto& v) {
                return v.key == "power" && v.reading_state != ReadingState::missing;
            });
            if (r.kind == ResourceKind::power && has != r.values.end()) {
                source = &r;
                value = &*has;
            }
        }
    }
    if (!source) {
        return false;
    }
    api::ChannelSpec p;
    p.name = prefix + "power";
    p.quantity = api::Quantity::power;
    p.unit = "W";
    p.display_min = 0.0;
    p.key = prefix.empty();
    p.accuracy = accuracy_of(*value, p.quantity);
    add_target(*source, key, Target{add_channel(std::move(p)), false});
    return true;
}

void Builder::add_chassis(const DiscoveredChassis& c, bool first) {
    const std::string prefix = first ? "" : name_from_id(c.info.id) + "_";
    add_power(c, prefix);
    const bool has_sensors = std::any_of(c.resources.begin(), c.resources.end(), [](const auto& r) {
        return r.kind == ResourceKind::sensor_collection || r.kind == ResourceKind::sensor;
    });
    std::vector<std::string> left_out;
    for (const auto& r : c.resources) {
        if (r.kind == ResourceKind::chassis) {
            if (c.info.has_health) {
                add_health(r, "health", prefix + "health");
            }
            continue;
        }
        const bool legacy = r.kind == ResourceKind::power || r.kind == ResourceKind::thermal;
        if (r.kind == ResourceKind::environment || (legacy && has_sensors)) {
            continue;
        }
        for (const auto& v : r.values) {
            if (v.key == "power" && r.kind == ResourceKind::power) {
                continue;
            }
            if (v.left_out()) {
                left_out.push_back((v.id.empty() ? v.name : v.id) + " (" + v.state + ")");
                continue;
            }
            if (wanted(v, prefix)) {
                add_value(r, v, prefix);
            }
        }
    }
    if (!left_out.empty()) {
        std::string line = "chassis " + c.info.id + ": " + std::to_string(left_out.size()) +
                           " sensor(s) left out as absent or disabled: ";
        for (std::size_t i = 0; i < left_out.size(); ++i) {
            line += (i ? ", " : "") + left_out[i];
        }
        plan_.notices.push_back(std::move(line));
    }
}

}  // namespace

PollPlan build_plan(const std::vector<DiscoveredChassis>& chassis,
                    const std::vector<std::string>& filter) {
    Builder b(filter);
    for (std::size_t i = 0; i < chassis.size(); ++i) {
        b.add_chassis(chassis[i], i == 0);
    }
    return b.take();
}

}  // namespace wattbench::drivers::redfish
