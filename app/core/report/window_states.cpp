#include "app/core/report/window_states.hpp"

#include <algorithm>
#include <array>
#include <fstream>
#include <map>
#include <tuple>

#include "app/core/rundir/csv_reader.hpp"

namespace wattbench::core::report {

namespace {

constexpr std::array<std::string_view, 6> kNeeded{"phase",   "stage", "device",
                                                  "channel", "value", "status"};

}  // namespace

void count_window_states(const std::string& samples_csv, std::vector<PhaseRow>& rows) {
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
    std::ifstream in(samples_csv, std::ios::binary);
    std::string line;
    if (!in || !std::getline(in, line)) {
        return;
    }
    const auto header = rundir::split_csv_line(line);
    if (!header) {
        return;
    }
    std::array<std::size_t, kNeeded.size()> at{};
    for (std::size_t i = 0; i < kNeeded.size(); ++i) {
        const auto it = std::find(header->begin(), header->end(), kNeeded[i]);
        if (it == header->end()) {
            return;
        }
        at[i] = static_cast<std::size_t>(it - header->begin());
    }
    const std::size_t width = header->size();
    std::string record;
    while (std::getline(in, line)) {
        // Cheap test first: most rows are numeric channels of no interest here.
        if (record.empty() && line.find(",state,ok") == std::string::npos) {
            continue;
        }
        record += line;
        std::string error;
        auto fields = rundir::split_csv_line(record, &error);
        if (!fields && error == "unterminated quoted field") {
            record += '\n';  // a quoted field with a line break inside goes on
            continue;
        }
        record.clear();
        if (!fields || fields->size() != width || (*fields)[at[1]] != "window" ||
            (*fields)[at[5]] != "ok") {
            continue;
        }
        const auto it = counts.find(Key{(*fields)[at[0]], (*fields)[at[2]], (*fields)[at[3]]});
        if (it == counts.end()) {
            continue;
        }
        ++it->second[(*fields)[at[4]]];
    }
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
