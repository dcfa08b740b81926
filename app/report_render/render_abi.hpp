#pragma once

#include <cstddef>

// The one entry point of libwattbench-render.so, the Qt renderer that `wattbench` opens with
// dlopen only for html, pdf and --charts, so that the CLI itself links no Qt. C linkage keeps the
// symbol's name plain for dlsym. The subject crosses as a pointer to the C++ content, which is
// only sound between a CLI and a module of the same build: the version and the subject's size
// are checked before it is touched.
extern "C" {

enum wattbench_render_subject { WATTBENCH_RENDER_REPORT = 0, WATTBENCH_RENDER_COMPARISON = 1 };

struct wattbench_render_request {
    unsigned abi;              // kWattbenchRenderAbi of the caller
    const char* version;       // core::kVersion of the caller
    int subject_kind;          // wattbench_render_subject
    const void* subject;       // const ReportContent* or const Comparison*
    std::size_t subject_size;  // sizeof(*subject) as the caller built it
    int format;                // core::report::ReportFormat
    const char* output;        // "" writes to stdout
    const char* charts_dir;    // "" writes no charts
};

// Null when everything was written; otherwise why not, valid until the thread's next call, with
// *usage set to 1 when the request cannot be met (pdf to stdout, a mismatched module) and 0 when
// a file could not be written.
typedef const char* (*wattbench_render_fn)(const wattbench_render_request* request, int* usage);
}

inline constexpr unsigned kWattbenchRenderAbi = 1;
inline constexpr const char* kWattbenchRenderSymbol = "wattbench_render";
