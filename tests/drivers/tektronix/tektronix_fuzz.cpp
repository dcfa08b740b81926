#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "drivers/scpi_analyzer/codec.hpp"
#include "drivers/tektronix/codec.hpp"
#include "drivers/tektronix/dialect.hpp"

// Takes the input as every line the PA1000/PA3000 answers: :FRD? values through the dialect
// (for a full and a partial selection, in display order), :FRF? labels, *IDN?, :DSR?, a range
// read-back and a set reply. ok values must be finite and below the over-range marker, a
// label order must map every field once, and nothing may throw.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace wattbench::drivers;
    using api::Status;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    static const scpi_analyzer::Model model = [] {
        scpi_analyzer::Model m;
        m.driver = "tektronix-pa1000";
        m.dialect = &tektronix::pa_dialect();
        m.identity_models = {"PA1000"};
        m.voltage_ranges = {15, 30, 60, 150, 300, 600};
        m.current_ranges = {0.1, 0.2, 0.5, 1, 2, 5, 10, 20};
        return m;
    }();
    static const scpi_analyzer::Plan full = scpi_analyzer::make_plan(model, {});
    static const scpi_analyzer::Plan partial = [] {
        auto p = full;
        p.channels.resize(7);
        p.slots.resize(7);
        p.spellings.resize(7);
        return p;
    }();
    const auto& d = tektronix::pa_dialect();
    for (const auto* plan : {&full, &partial}) {
        const auto order = d.answer_order(plan->spellings);
        auto a = scpi_analyzer::parse_answer(d, *plan, text, order);
        if (auto* answer = std::get_if<scpi_analyzer::Answer>(&a)) {
            if (answer->readings.size() != plan->slots.size()) {
                std::abort();
            }
            for (const auto& x : answer->readings) {
                if (x.status == Status::ok &&
                    (!std::isfinite(x.value) || std::abs(x.value) >= 9.9e37)) {
                    std::abort();
                }
            }
        }
        if (auto o = d.parse_order(text, plan->spellings);
            o && o->size() == plan->slots.size() &&
            !scpi_analyzer::valid_order(*o, plan->slots.size())) {
            std::abort();
        }
    }
    if (auto labels = tektronix::parse_labels(text);
        labels && labels->size() > scpi_analyzer::item_count) {
        std::abort();
    }
    tektronix::parse_identity(text);
    tektronix::parse_new_data(text);
    tektronix::is_refusal(text);
    const std::vector<double> table = {15, 30, 60, 150, 300, 600};
    if (auto r = tektronix::parse_range(text, table)) {
        bool found = false;
        for (double t : table) {
            found = found || t == *r;
        }
        if (!found) {
            std::abort();
        }
    }
    return 0;
}
