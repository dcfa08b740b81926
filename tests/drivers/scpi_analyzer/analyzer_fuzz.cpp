// libFuzzer target for the shared analyzer codec: any bytes as an answer line, an identity,
// a range read-back and a field, through every dialect registered here and the defaults.
// Nothing may crash, hang or read out of bounds; every parse returns a value or an error.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "drivers/chroma/models.hpp"
#include "drivers/gwinstek/models.hpp"
#include "drivers/hioki/models.hpp"
#include "drivers/rohde_schwarz/models.hpp"
#include "drivers/scpi_analyzer/codec.hpp"
#include "drivers/tektronix/models.hpp"

namespace {

using namespace wattbench::drivers;

const std::vector<const scpi_analyzer::Model*>& all_models() {
    static const std::vector<const scpi_analyzer::Model*> all = [] {
        std::vector<const scpi_analyzer::Model*> v;
        for (auto table : {hioki::models(), gwinstek::models(), rohde_schwarz::models(),
                           tektronix::models(), chroma::models()}) {
            for (const auto& m : table) {
                v.push_back(&m);
            }
        }
        return v;
    }();
    return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto& models = all_models();
    if (models.empty()) {
        return 0;
    }
    // The first byte picks a model, so the corpus can aim at one dialect.
    const auto& m = *models[size ? data[0] % models.size() : 0];
    const std::string_view line = size ? text.substr(1) : text;
    const auto plan = scpi_analyzer::make_plan(m, {});
    auto answer = scpi_analyzer::parse_answer(*m.dialect, plan, line);
    if (auto* r = std::get_if<std::vector<api::Reading>>(&answer)) {
        if (r->size() != plan.channels.size()) {
            __builtin_trap();
        }
    }
    if (auto id = scpi_analyzer::parse_identity(*m.dialect, line)) {
        scpi_analyzer::model_matches(m, *id);
    }
    scpi_analyzer::parse_range_answer(m, true, line);
    scpi_analyzer::parse_range_answer(m, false, line);
    scpi_analyzer::default_parse_value(line);
    scpi_analyzer::confirmation_code(line);
    scpi_analyzer::scan_reply_line(std::span(data, size));
    if (m.dialect->integrator_running) {
        m.dialect->integrator_running(line);
    }
    return 0;
}
