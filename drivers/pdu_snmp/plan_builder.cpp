#include "drivers/pdu_snmp/poll_plan.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>
#include <tuple>

#include "drivers/pdu_snmp/channel_names.hpp"

namespace wattbench::drivers::pdu_snmp {

namespace {

// (scope, row, field): row is 0 for the device, the phase's ordinal, or the outlet number.
using Key = std::tuple<Scope, int, Field>;

struct Found {
    Source source;
    double value = 0.0;
};

class Planner {
public:
    Planner(const VendorTable& table, const std::vector<Varbind>& walk)
        : table_(table), walk_(walk) {}

    void run() {
        for (const auto& c : table_.columns) {
            add_column(c);
        }
        for (const auto& s : table_.sensor_columns) {
            add_sensor_column(s);
        }
    }

    std::map<Key, Found> found;
    std::map<int, std::string> names;
    std::vector<std::string> notes;

private:
    std::vector<const Varbind*> rows_of(const Oid& column) const {
        std::vector<const Varbind*> rows;
        for (const auto& v : walk_) {
            if (v.oid.size() > column.size() && starts_with(v.oid, column) &&
                v.type != VarType::missing) {
                rows.push_back(&v);
            }
        }
        std::sort(rows.begin(), rows.end(),
                  [](const Varbind* a, const Varbind* b) { return a->oid < b->oid; });
        return rows;
    }

    void put(const Key& key, const Source& s, const Varbind& v) {
        if (found.count(key)) {
            return;
        }
        if (auto value = scaled(s, v)) {
            found.emplace(key, Found{s, *value});
        }
    }

    void add_column(const Column& c) {
        const Oid column = *parse_oid(c.oid);
        const auto rows = rows_of(column);
        if (rows.empty()) {
            return;
        }
        if (c.field == Field::name) {
            for (const auto* r : rows) {
                const int outlet = static_cast<int>(r->oid.back());
                if (r->type == VarType::text && !r->text.empty() && !names.count(outlet)) {
                    names[outlet] = r->text;
                }
            }
            return;
        }
        const Source base{{}, c.scale, c.signed_magnitude};
        auto source_for = [&](const Varbind* r) {
            Source s = base;
            s.oid = r->oid;
            return s;
        };
        switch (c.scope) {
            case Scope::device:
                put({Scope::device, 0, c.field}, source_for(rows.front()), *rows.front());
                break;
            case Scope::phase:
                if (c.device_if_single_row && rows.size() == 1) {
                    put({Scope::device, 0, c.field}, source_for(rows.front()), *rows.front());
                }
                for (std::size_t i = 0; i < rows.size(); ++i) {
                    put({Scope::phase, static_cast<int>(i + 1), c.field}, source_for(rows[i]),
                        *rows[i]);
                }
                break;
            case Scope::outlet:
                for (const auto* r : rows) {
                    put({Scope::outlet, static_cast<int>(r->oid.back()), c.field}, source_for(r),
                        *r);
                }
                break;
        }
    }

    void add_sensor_column(const SensorColumn& s) {
        const Oid value_col = *parse_oid(s.value_oid);
        const Oid digits_col = *parse_oid(s.digits_oid);
        const Oid avail_col = *parse_oid(s.available_oid);
        std::map<Oid, const Varbind*> by_oid;
        for (const auto& v : walk_) {
            by_oid.emplace(v.oid, &v);
        }
        std::set<std::pair<std::uint32_t, std::uint32_t>> units;  // (pdu, inlet) seen
        bool assumed_digits = false;
        for (const auto* r : rows_of(value_col)) {
            const Oid index = suffix(r->oid, value_col);
            if (index.size() != 3) {
                continue;
            }
            const auto type = std::find_if(table_.sensor_types.begin(), table_.sensor_types.end(),
                                           [&](const SensorType& t) { return t.type == index[2]; });
            if (type == table_.sensor_types.end()) {
                continue;
            }
            if (auto a = by_oid.find(join(avail_col, index));
                a != by_oid.end() && raw_number(*a->second) == 2.0) {
                continue;
            }
            double digits = 0.0;
            if (auto d = by_oid.find(join(digits_col, index)); d != by_oid.end()) {
                digits = raw_number(*d->second).value_or(0.0);
            } else {
                assumed_digits = true;
            }
            const Source src{r->oid, std::pow(10.0, -std::clamp(digits, 0.0, 9.0)), false};
            if (s.scope == Scope::device) {
                units.insert({index[0], index[1]});
                if (units.size() == 1) {
                    put({Scope::device, 0, type->field}, src, *r);
                }
            } else {
                put({Scope::outlet, static_cast<int>(index[1]), type->field}, src, *r);
            }
        }
        if (assumed_digits) {
            notes.push_back(std::string("some sensors under ") + s.value_oid +
                            " have no decimal digits entry; 0 digits assumed");
        }
    }

    const VendorTable& table_;
    const std::vector<Varbind>& walk_;
};

bool summable(Field f) {
    return f == Field::power || f == Field::apparent_power || f == Field::current ||
           f == Field::energy;
}

constexpr Field kFields[] = {Field::power,   Field::apparent_power, Field::power_factor,
                             Field::voltage, Field::current,        Field::frequency,
                             Field::energy};

}  // namespace

std::optional<double> raw_number(const Varbind& v) {
    switch (v.type) {
        case VarType::integer:
        case VarType::unsigned_:
            return static_cast<double>(v.number);
        case VarType::text: {
            // Some firmware sends numbers as strings (older Geist); tolerate them.
            double d = 0.0;
            const auto* b = v.text.data();
            const auto [end, ec] = std::from_chars(b, b + v.text.size(), d);
            if (ec == std::errc() && end == b + v.text.size() && !v.text.empty() &&
                std::isfinite(d)) {
                return d;
            }
            return std::nullopt;
        }
        default:
            return std::nullopt;
    }
}

std::optional<double> scaled(const Source& s, const Varbind& v) {
    auto raw = raw_number(v);
    if (!raw) {
        return std::nullopt;
    }
    if (s.signed_magnitude) {
        if (*raw == -1.0) {
            return std::nullopt;
        }
        *raw = std::fabs(*raw);
    } else if (*raw < 0.0) {
        return std::nullopt;
    }
    return *raw * s.scale;
}

std::variant<PollPlan, api::DeviceError> build_plan(const VendorTable& table,
                                                    const std::vector<Varbind>& walk,
                                                    const std::vector<int>& outlets) {
    Planner p(table, walk);
    p.run();
    PollPlan plan;
    plan.outlet_names = p.names;
    plan.notes = p.notes;
    std::map<Oid, std::size_t> source_index;
    auto source_of = [&](const Source& s) {
        auto [it, added] = source_index.emplace(s.oid, plan.sources.size());
        if (added) {
            plan.sources.push_back(s);
        }
        return it->second;
    };
    auto add = [&](const std::string& name, Field f, std::vector<std::size_t> sources) {
        plan.channels.push_back(channel_spec(name, f));
        plan.planned.push_back(PlannedChannel{std::move(sources), f == Field::energy});
    };
    std::set<int> outlet_numbers;
    for (const auto& [key, found] : p.found) {
        if (std::get<0>(key) == Scope::outlet) {
            outlet_numbers.insert(std::get<1>(key));
        }
    }
    for (int o : outlets) {
        if (!p.found.count({Scope::outlet, o, Field::power})) {
            std::string have;
            for (int n : outlet_numbers) {
                have += (have.empty() ? "" : ", ") + std::to_string(n);
            }
            return api::DeviceError{
                api::ErrorKind::config,
                "key 'outlets': outlet " + std::to_string(o) + " reports no power on this PDU (" +
                    table.name + ", " + table.mib +
                    "); outlets with readings: " + (have.empty() ? "none" : have)};
        }
    }
    for (Field f : kFields) {
        const auto device = p.found.find({Scope::device, 0, f});
        if (!outlets.empty() && summable(f)) {
            std::vector<std::size_t> sum;
            for (int o : outlets) {
                auto it = p.found.find({Scope::outlet, o, f});
                if (it == p.found.end()) {
                    sum.clear();
                    break;
                }
                sum.push_back(source_of(it->second.source));
            }
            if (!sum.empty()) {
                add(field_name(f), f, std::move(sum));
            }
            if (device != p.found.end()) {
                add("pdu_" + field_name(f), f, {source_of(device->second.source)});
            }
        } else if (device != p.found.end()) {
            add(field_name(f), f, {source_of(device->second.source)});
        }
    }
    for (const auto& [key, found] : p.found) {
        const auto [scope, row, f] = key;
        if (scope == Scope::phase) {
            add(field_name(f) + "_l" + std::to_string(row), f, {source_of(found.source)});
        }
    }
    for (const auto& [key, found] : p.found) {
        const auto [scope, row, f] = key;
        if (scope == Scope::outlet) {
            add("outlet_" + std::to_string(row) + "_" + field_name(f), f,
                {source_of(found.source)});
        }
    }
    if (plan.channels.empty()) {
        return api::DeviceError{api::ErrorKind::protocol,
                                std::string("the PDU answers but reports no power readings in ") +
                                    table.mib + " (vendor \"" + table.name + "\")"};
    }
    return plan;
}

}  // namespace wattbench::drivers::pdu_snmp
