#include "drivers/pdu_snmp/reading_map.hpp"

#include <algorithm>

namespace wattbench::drivers::pdu_snmp {

std::vector<std::optional<double>> source_values(const PollPlan& plan,
                                                 const std::vector<Varbind>& answer) {
    std::vector<std::optional<double>> out(plan.sources.size());
    for (std::size_t i = 0; i < plan.sources.size(); ++i) {
        const Source& s = plan.sources[i];
        const Varbind* v = nullptr;
        if (i < answer.size() && answer[i].oid == s.oid) {
            v = &answer[i];
        } else {
            const auto it = std::find_if(answer.begin(), answer.end(),
                                         [&](const Varbind& a) { return a.oid == s.oid; });
            v = it == answer.end() ? nullptr : &*it;
        }
        if (v) {
            out[i] = scaled(s, *v);
        }
    }
    return out;
}

std::vector<api::Reading> map_readings(const PollPlan& plan,
                                       const std::vector<std::optional<double>>& values) {
    std::vector<api::Reading> out;
    out.reserve(plan.planned.size());
    for (std::size_t c = 0; c < plan.planned.size(); ++c) {
        api::Reading r;
        r.channel = c;
        double sum = 0.0;
        bool ok = !plan.planned[c].sources.empty();
        for (const std::size_t s : plan.planned[c].sources) {
            if (s >= values.size() || !values[s]) {
                ok = false;
                break;
            }
            sum += *values[s];
        }
        r.status = ok ? api::Status::ok : api::Status::unavailable;
        r.value = ok ? sum : 0.0;
        out.push_back(r);
    }
    return out;
}

}  // namespace wattbench::drivers::pdu_snmp
