#include "app/core/report/window_states.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "app/core/rundir/samples_reader.hpp"

namespace wattbench::core::report {

void count_window_states(const std::string& samples_csv, std::vector<PhaseRow>& rows) {
    using rundir::SampleColumn;
    using Key = std::tuple<std::string, std::string, std::string>;
    std::map<Key, std::map<std::string, std::uint64_t, std::less<>>> counts;
    for (const auto& r : rows) {
        if (r.unit == "state") {
            counts[{r.phase, r.device, r.channel}];
        }
    }
    if (counts.empty()) {
        return;
    }
    Key key;
    // A read error (a malformed row) is not the report's to refuse here: the states counted
    // before it stand, as those before a cut-off last line do.
    (void)rundir::read_samples(samples_csv, [&](const rundir::SampleRow& r) {
        if (r[SampleColumn::unit] != "state" || r[SampleColumn::stage] != "window" ||
            r[SampleColumn::status] != "ok") {
            return std::optional<rundir::ReadError>{};
        }
        std::get<0>(key).assign(r[SampleColumn::phase]);
        std::get<1>(key).assign(r[SampleColumn::device]);
        std::get<2>(key).assign(r[SampleColumn::channel]);
        const auto it = counts.find(key);
        if (it != counts.end()) {
            const std::string_view state = r[SampleColumn::value];
            const auto s = it->second.find(state);
            if (s != it->second.end()) {
                ++s->second;
            } else {
                it->second.emplace(std::string(state), 1);
            }
        }
        return std::optional<rundir::ReadError>{};
    });
    for (auto& r : rows) {
        const auto it = counts.find(Key{r.phase, r.device, r.channel});
        if (it == counts.end()) {
            continue;
        }
        r.states.assign(it->second.begin(), it->second.end());
        std::stable_sort(r.states.begin(), r.states.end(),
                         [](const auto& a, const auto& b) { return a.second > b.second; });
    }
}

}  // namespace wattbench::core::report
