#include "bench/soak_scan.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <string_view>

#include "app/core/rundir/csv_reader.hpp"
#include "app/core/rundir/utc_time.hpp"

namespace wattbench::bench {
namespace {

// samples.csv columns: time,elapsed_s,phase,stage,device,channel,value,unit,status.
constexpr std::size_t kFields = 9;

// Splits on commas without allocating; lines with a quote (a discrete state holding a comma)
// go through the RFC 4180 reader instead.
bool split(std::string_view line, std::vector<std::string>& owned,
           std::vector<std::string_view>& fields) {
    fields.clear();
    if (line.find('"') != std::string_view::npos) {
        auto parsed = core::rundir::split_csv_line(line);
        if (!parsed) {
            return false;
        }
        owned = std::move(*parsed);
        for (const auto& f : owned) {
            fields.emplace_back(f);
        }
        return fields.size() == kFields;
    }
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = line.find(',', start);
        if (comma == std::string_view::npos) {
            fields.push_back(line.substr(start));
            break;
        }
        fields.push_back(line.substr(start, comma - start));
        start = comma + 1;
    }
    return fields.size() == kFields;
}

}  // namespace

SamplesScan scan_samples(const std::string& path,
                         const std::map<std::string, std::string>& key_channels) {
    SamplesScan scan;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        scan.error = "cannot open " + path;
        return scan;
    }
    std::string line;
    std::vector<std::string> owned;
    std::vector<std::string_view> f;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        scan.ends_with_newline = !in.eof();
        ++scan.lines;
        if (!split(line, owned, f)) {
            ++scan.bad_lines;
            continue;
        }
        double t = 0.0;
        const auto elapsed = f[1];
        if (std::from_chars(elapsed.data(), elapsed.data() + elapsed.size(), t).ec != std::errc{}) {
            ++scan.bad_lines;
            continue;
        }
        if (scan.lines == 1) {
            if (const auto utc = core::rundir::parse_utc_time(f[0])) {
                scan.utc_origin = *utc - std::chrono::duration_cast<std::chrono::milliseconds>(
                                             std::chrono::duration<double>(t));
            }
        }
        const std::string phase(f[2]);
        const bool window = f[3] == "window";
        if (window) {
            auto [it, fresh] = scan.window_spans.try_emplace(phase, t, t);
            if (!fresh) {
                it->second.first = std::min(it->second.first, t);
                it->second.second = std::max(it->second.second, t);
            }
        }
        const auto key = key_channels.find(std::string(f[4]));
        if (key == key_channels.end() || f[5] != key->second) {
            continue;
        }
        auto& s = scan.devices[key->first];
        ++s.rows;
        if (t < s.last_s) {
            ++s.out_of_order;
            s.max_backwards_s = std::max(s.max_backwards_s, s.last_s - t);
        }
        s.last_s = t;
        const bool ok = f[8] == "ok";
        if (window) {
            auto& w = s.windows[phase];
            ++(ok ? w.ok : w.invalid);
        }
        if (ok) {
            ++s.ok;
            if (s.in_gap) {
                s.gaps.back().to_s = t;
                s.in_gap = false;
            }
        } else {
            if (!s.in_gap) {
                s.gaps.push_back({t, t, 0});
                s.in_gap = true;
            }
            ++s.gaps.back().rows;
            s.gaps.back().to_s = t;
        }
    }
    return scan;
}

std::uint64_t count_lines_with(const std::string& path, const std::string& needle) {
    std::ifstream in(path);
    std::string line;
    std::uint64_t n = 0;
    while (std::getline(in, line)) {
        n += line.find(needle) != std::string::npos;
    }
    return n;
}

}  // namespace wattbench::bench
