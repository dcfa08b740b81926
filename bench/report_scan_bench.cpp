// The samples.csv pass of `wattbench report` on its own: one scan_samples() over RUN_DIR,
// printing rows, wall and CPU time, rows per second and the process's peak RSS.
//
// usage: report_scan_bench RUN_DIR [MAX_BUCKETS=1200]
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <variant>

#include "app/core/report/samples_scan.hpp"

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s RUN_DIR [MAX_BUCKETS=1200]\n", argv[0]);
        return 2;
    }
    wattbench::core::report::ScanOptions options;
    if (argc > 2) {
        options.max_buckets = std::stoul(argv[2]);
    }
    const auto t0 = std::chrono::steady_clock::now();
    const auto result = wattbench::core::report::scan_samples(argv[1], options);
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (const auto* error = std::get_if<std::string>(&result)) {
        std::fprintf(stderr, "%s\n", error->c_str());
        return 1;
    }
    const auto& scan = std::get<wattbench::core::report::SamplesScan>(result);
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const double cpu = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                       static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    std::size_t buckets = 0;
    for (const auto& s : scan.series) {
        buckets += s.buckets.size();
    }
    std::printf(
        "%llu rows, %zu series (%zu buckets), %zu windows%s: wall %.2f s, cpu %.2f s, "
        "%.2f M rows/s (wall), peak RSS %.1f MB\n",
        static_cast<unsigned long long>(scan.rows), scan.series.size(), buckets,
        scan.windows.size(), scan.truncated ? ", truncated" : "", wall, cpu,
        static_cast<double>(scan.rows) / wall / 1e6, static_cast<double>(usage.ru_maxrss) / 1024);
    return 0;
}
